package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormatCounter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormatCounter;

/**
 * Hadoop's {@code File Input Format} bytes-read or {@code File Output Format} bytes-written
 * counter, kept by our readers of a {@link ScanSplit} and by {@link CountedOutputFormat}'s writer,
 * which MapTask and ReduceTask then do not count. They take the delta of the scheme's statistics
 * summed over every thread around each reader or writer call (a lock and a walk per record, and
 * with several local tasks at once the others' bytes too); this takes the same delta from the
 * calling thread's own statistics, around the same calls, so it equals Hadoop's count for one task
 * at a time and stays right with several.
 */
final class TaskByteCount {
  private final List<FileSystem.Statistics.StatisticsData> mine = new ArrayList<>();
  private final boolean written;
  private final TaskAttemptContext ctx;
  private long total;
  private long before;

  private TaskByteCount(Path path, TaskAttemptContext ctx, boolean written) throws IOException {
    this.ctx = ctx;
    this.written = written;
    if (path == null) {
      return; // no path, no file system: nothing to count
    }
    String scheme = path.getFileSystem(ctx.getConfiguration()).makeQualified(path).toUri().getScheme();
    @SuppressWarnings("deprecation")
    List<FileSystem.Statistics> all = FileSystem.getAllStatistics();
    for (FileSystem.Statistics s : all) {
      if (s.getScheme().equals(scheme)) {
        mine.add(s.getThreadStatistics());
      }
    }
  }

  /** Counts the calling thread's reads on PATH's file system scheme, for the task of CTX. */
  static TaskByteCount reads(Path path, TaskAttemptContext ctx) throws IOException {
    return new TaskByteCount(path, ctx, false);
  }

  /** Counts the calling thread's writes on PATH's file system scheme (none when PATH is null). */
  static TaskByteCount writes(Path path, TaskAttemptContext ctx) throws IOException {
    return new TaskByteCount(path, ctx, true);
  }

  private long now() {
    long n = 0;
    for (int i = 0; i < mine.size(); i++) {
      FileSystem.Statistics.StatisticsData d = mine.get(i);
      n += written ? d.getBytesWritten() : d.getBytesRead();
    }
    return n;
  }

  /** Before a reader or writer call. */
  void begin() {
    before = now();
  }

  /** After it. */
  void end() {
    total += now() - before;
  }

  /** Adds the bytes counted so far to the task's counter. */
  void flush() {
    if (total != 0) {
      ctx.getCounter(written ? FileOutputFormatCounter.BYTES_WRITTEN : FileInputFormatCounter.BYTES_READ).increment(total);
      total = 0;
    }
  }
}
