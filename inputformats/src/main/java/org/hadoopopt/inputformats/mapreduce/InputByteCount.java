package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormatCounter;

/**
 * Hadoop's {@code File Input Format} bytes-read counter for readers of a {@link ScanSplit}, which
 * MapTask does not count. MapTask takes the delta of the scheme's statistics summed over every
 * thread around each reader call (so with several local maps at once it also counts the others'
 * reads); this takes the same delta from the reading thread's own statistics, around the same
 * calls, so it equals MapTask's count for one map at a time and stays right with several.
 */
final class InputByteCount {
  private final List<FileSystem.Statistics.StatisticsData> mine;
  private final TaskAttemptContext ctx;
  private long total;
  private long before;

  /** Counts the reads of the calling thread on PATH's file system scheme, for the task of CTX. */
  InputByteCount(Path path, TaskAttemptContext ctx) throws IOException {
    this.ctx = ctx;
    mine = ThreadFsStatistics.of(path, ctx.getConfiguration());
  }

  private long now() {
    long n = 0;
    for (int i = 0; i < mine.size(); i++) {
      n += mine.get(i).getBytesRead();
    }
    return n;
  }

  /** Before a reader call. */
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
      ctx.getCounter(FileInputFormatCounter.BYTES_READ).increment(total);
      total = 0;
    }
  }
}
