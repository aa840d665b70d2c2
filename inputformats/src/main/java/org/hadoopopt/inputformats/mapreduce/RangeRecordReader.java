package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import java.util.Collections;
import java.util.List;
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
 * Reads an {@link IndexedSplit}, or each split of an {@link IndexedSplitGroup} in turn, with the text
 * or KVSF mutable reader and passes on only the rows whose key is in the range: the pages at the
 * range's edges (and whole files scanned without an index) also hold other rows. For a group, which
 * MapTask does not count, the reader counts {@code File Input Format} bytes read itself.
 */
final class RangeRecordReader<R extends Row> extends RecordReader<Writable, R> {
  private final Schema schema;
  private TaskAttemptContext ctx;
  private List<IndexedSplit> parts = Collections.emptyList();
  private int next;
  private TaskByteCount counted;
  private RecordReader<? extends Writable, R> rows;
  private KeyRange range;
  private int field;

  RangeRecordReader(Schema schema) {
    this.schema = schema;
  }

  @Override
  public void initialize(InputSplit generic, TaskAttemptContext ctx) throws IOException, InterruptedException {
    this.ctx = ctx;
    if (generic instanceof IndexedSplitGroup) {
      parts = ((IndexedSplitGroup) generic).parts();
      counted = parts.isEmpty() ? null : TaskByteCount.reads(parts.get(0).getPath(), ctx);
    } else {
      parts = Collections.singletonList((IndexedSplit) generic);
    }
    for (IndexedSplit p : parts) {
      p.addCountersTo(ctx);
    }
    range = RangeIndexInputFormat.getRange(ctx.getConfiguration(), schema);
    field = RangeIndexInputFormat.fieldOf(schema, range.column());
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
    } else if (!split.isScan() && MutableTextRecordReader.splitterTakes(split.getPath(), ctx.getConfiguration())
        && Pushdown.of(ctx, schema) == null) {
      // Whole lines from page boundary to page boundary: decoded in one pass, no line search first.
      r = new TextPageRunReader<R>(schema, TextPageRunReader.BUFFER_BYTES);
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
    if (counted == null) {
      return advance();
    }
    counted.begin();
    try {
      return advance();
    } finally {
      counted.end();
    }
  }

  private boolean advance() throws IOException, InterruptedException {
    while (true) {
      if (rows == null) {
        if (next >= parts.size()) {
          return false;
        }
        rows = open(parts.get(next++), schema, ctx);
        continue;
      }
      while (rows.nextKeyValue()) {
        if (range.contains(rows.getCurrentValue(), field)) {
          return true;
        }
      }
      rows.close();
      rows = null;
    }
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
    if (parts.isEmpty()) {
      return 1f;
    }
    float current = rows == null ? (next > 0 ? 1f : 0f) : rows.getProgress();
    return Math.min(1f, (Math.max(0, next - 1) + current) / parts.size());
  }

  @Override
  public void close() throws IOException {
    if (counted != null) {
      counted.begin();
    }
    try {
      if (rows != null) {
        rows.close();
        rows = null;
      }
    } finally {
      if (counted != null) {
        counted.end();
        counted.flush();
        counted = null;
      }
    }
  }
}
