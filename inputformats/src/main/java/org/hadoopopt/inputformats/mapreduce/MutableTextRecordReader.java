package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Lines from Hadoop's LineRecordReader, each decoded in place into the same row. A malformed line
 * fails the task naming file, offset and field, or with {@link BadRows#SKIP_BAD} is skipped and
 * counted. With a {@link Pushdown} predicate only the rows passing it are handed on.
 */
final class MutableTextRecordReader<R extends Row> extends RecordReader<LongWritable, R> {
  private final LineRecordReader lines = new LineRecordReader();
  private final MutableTextDecoder decoder;
  private final R row;
  private String file;
  private BadRows bad;
  private PushdownCounts pushdown;
  private final Schema schema;

  @SuppressWarnings("unchecked")
  MutableTextRecordReader(Schema schema) {
    this.schema = schema;
    this.row = (R) schema.newRow();
    this.decoder = new MutableTextDecoder(schema, row);
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext ctx) throws IOException {
    file = ((FileSplit) split).getPath().toString();
    bad = BadRows.of(ctx);
    pushdown = PushdownCounts.of(ctx, schema);
    lines.initialize(split, ctx);
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    while (lines.nextKeyValue()) {
      Text line = lines.getCurrentValue();
      int len = line.getLength();
      byte[] b = line.getBytes();
      if (len > 0 && b[len - 1] == '\r') {
        len--;
      }
      try {
        // Every row passes the grammar check, also one the predicate drops: same errors and skips as without it.
        decoder.decodeLine(b, 0, len, file, lines.getCurrentKey().get());
      } catch (MalformedRecordException e) {
        bad.rows(e, 1); // throws unless skipping
        continue;
      }
      if (pushdown == null || pushdown.test(row)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public LongWritable getCurrentKey() {
    return lines.getCurrentKey();
  }

  @Override
  public R getCurrentValue() {
    return row;
  }

  @Override
  public float getProgress() throws IOException {
    return lines.getProgress();
  }

  @Override
  public void close() throws IOException {
    if (pushdown != null) {
      pushdown.flush();
      pushdown = null;
    }
    lines.close();
  }
}
