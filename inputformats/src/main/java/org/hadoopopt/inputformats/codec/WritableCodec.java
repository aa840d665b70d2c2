package org.hadoopopt.inputformats.codec;

import java.io.IOException;
import org.apache.hadoop.io.DataOutputBuffer;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/** Hadoop's Writable encoding of rows ({@link Row#write}). */
public final class WritableCodec implements BinaryCodec {
  public static final String NAME = "writable";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void encode(Row row, DataOutputBuffer out) throws IOException {
    row.write(out);
  }

  @Override
  public RecordDecoder<Row> newMutableDecoder(Schema schema) {
    return new MutableWritableDecoder(schema);
  }
}
