package org.hadoopopt.bench.pavlo.jobs;

import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.GrepRecord;

/**
 * Grep's {@code mtp} mapper: the record reader has already kept only the rows whose field holds
 * the pattern (and checked every row by the grammar), so each row it gets is written as is,
 * through two reused {@code Text}s.
 */
public final class PushdownGrepMapper extends Mapper<Object, GrepRecord, Text, Text> {
  private final Text key = new Text();
  private final Text field = new Text();

  @Override
  protected void map(Object offset, GrepRecord r, Context context) throws IOException, InterruptedException {
    ByteSlice k = r.key();
    ByteSlice f = r.field();
    key.set(k.bytes(), k.offset(), k.length());
    field.set(f.bytes(), f.offset(), f.length());
    context.write(key, field);
  }
}
