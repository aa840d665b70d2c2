package org.hadoopopt.inputformats.mapreduce;

import com.sleepycat.bind.tuple.TupleOutput;
import java.io.IOException;
import org.apache.hadoop.io.DataOutputBuffer;
import org.hadoopopt.inputformats.codec.BinaryCodec;
import org.hadoopopt.inputformats.codec.RecordDecoder;
import org.hadoopopt.inputformats.codec.TupleCodec;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * JE tuples, except that a Rankings row with pageRank {@link #POISON} is written as a record the
 * tuple decoder must reject (a string longer than the page), inside a page whose checksum is valid.
 */
public final class PoisonCodec implements BinaryCodec {
  public static final int POISON = -7;
  private final TupleCodec tuple = new TupleCodec();

  @Override
  public String name() {
    return PoisonCodec.class.getName();
  }

  @Override
  public void encode(Row row, DataOutputBuffer out) throws IOException {
    if (row.getInt(1) != POISON) {
      tuple.encode(row, out);
      return;
    }
    TupleOutput t = new TupleOutput();
    t.writePackedInt(0); // no nulls
    t.writePackedInt(1_000_000); // pageURL's length: far more than is left
    out.write(t.getBufferBytes(), 0, t.getBufferLength());
  }

  @Override
  public RecordDecoder<Row> newMutableDecoder(Schema schema) {
    return tuple.newMutableDecoder(schema);
  }
}
