package org.hadoopopt.inputformats.mapreduce;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.hadoopopt.inputformats.index.KeyRange;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * The rows of one loaded file inside a task, outside the split mechanism (the other side of a
 * map-side join): with a range, only the index pages that may hold it are read (stale or missing
 * index: the whole file, counted); without, the whole file. Counters go to the task's.
 */
public final class IndexedFileScan implements Closeable {
  private final List<IndexedSplit> splits;
  private final Schema schema;
  private final KeyRange range;
  private final int field;
  private final TaskAttemptContext ctx;
  private int next;
  private RecordReader<? extends Writable, Row> rows;

  /** Opens {@code file} of {@code schema} rows; {@code range} null reads every row. */
  public IndexedFileScan(TaskAttemptContext ctx, Path file, Schema schema, KeyRange range) throws IOException {
    Configuration conf = ctx.getConfiguration();
    FileSystem fs = file.getFileSystem(conf);
    FileStatus st = fs.getFileStatus(file);
    this.ctx = ctx;
    this.schema = schema;
    this.range = range;
    if (range == null) {
      splits = new ArrayList<>();
      splits.add(new IndexedSplit(file, 0, st.getLen(), new String[0], RangeIndexInputFormat.detectFormat(fs, st), true));
      field = -1;
    } else {
      long[] totals = new long[RangeIndexCounter.values().length];
      splits = RangeIndexInputFormat.splitsOf(conf, st, schema, range, Long.MAX_VALUE, totals);
      for (RangeIndexCounter c : RangeIndexCounter.values()) {
        ctx.getCounter(c).increment(totals[c.ordinal()]);
      }
      field = RangeIndexInputFormat.fieldOf(schema, range.column());
    }
  }

  /** The next row (reused), or null after the last. */
  public Row next() throws IOException {
    try {
      while (true) {
        if (rows == null) {
          if (next >= splits.size()) {
            return null;
          }
          rows = RangeRecordReader.open(splits.get(next++), schema, ctx);
          if (rows == null) {
            continue;
          }
        }
        while (rows.nextKeyValue()) {
          Row r = rows.getCurrentValue();
          if (range == null || range.contains(r, field)) {
            return r;
          }
        }
        rows.close();
        rows = null;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    if (rows != null) {
      rows.close();
      rows = null;
    }
  }
}
