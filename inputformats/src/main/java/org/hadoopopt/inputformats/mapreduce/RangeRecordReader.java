package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.inputformats.index.KeyRange;
import org.hadoopopt.inputformats.index.RangeIndexLayout;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Reads an {@link IndexedSplit} with the text or KVSF mutable reader and passes on only the rows
 * whose key is in the range: the pages at the range's edges (and whole files scanned without an
 * index) also hold other rows.
 */
final class RangeRecordReader<R extends Row> extends RecordReader<Writable, R> {
  private final Schema schema;
  private RecordReader<? extends Writable, R> rows;
  private KeyRange range;
  private int field;

  RangeRecordReader(Schema schema) {
    this.schema = schema;
  }

  @Override
  public void initialize(InputSplit generic, TaskAttemptContext ctx) throws IOException, InterruptedException {
    IndexedSplit split = (IndexedSplit) generic;
    split.addCountersTo(ctx);
    range = RangeIndexInputFormat.getRange(ctx.getConfiguration(), schema);
    field = RangeIndexInputFormat.fieldOf(schema, range.column());
    rows = open(split, schema, ctx);
  }

  /** The reader of a split's rows, or null if it holds none. */
  static <R extends Row> RecordReader<? extends Writable, R> open(IndexedSplit split, Schema schema, TaskAttemptContext ctx)
      throws IOException, InterruptedException {
    if (split.getLength() == 0) {
      return null;
    }
    RecordReader<? extends Writable, R> r;
    FileSplit inner = split;
    if (split.format() == RangeIndexLayout.FORMAT_KVSF) {
      r = new KvsfRecordReader<R>(schema);
    } else {
      r = new MutableTextRecordReader<R>(schema);
      if (!split.isScan()) {
        // LineRecordReader skips through the first '\n' after a non-zero start and reads every line
        // starting at or before its end: start on the '\n' before the page run, end on its last '\n'.
        long start = split.getStart();
        long lastNewline = start + split.getLength() - 1;
        long lrStart = start == 0 ? 0 : start - 1;
        inner = new FileSplit(split.getPath(), lrStart, lastNewline - lrStart, split.getLocations());
      }
    }
    r.initialize(inner, ctx);
    return r;
  }

  @Override
  public boolean nextKeyValue() throws IOException, InterruptedException {
    if (rows == null) {
      return false;
    }
    while (rows.nextKeyValue()) {
      if (range.contains(rows.getCurrentValue(), field)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public Writable getCurrentKey() throws IOException, InterruptedException {
    return rows.getCurrentKey();
  }

  @Override
  public R getCurrentValue() throws IOException, InterruptedException {
    return rows.getCurrentValue();
  }

  @Override
  public float getProgress() throws IOException, InterruptedException {
    return rows == null ? 1f : rows.getProgress();
  }

  @Override
  public void close() throws IOException {
    if (rows != null) {
      rows.close();
    }
  }
}
