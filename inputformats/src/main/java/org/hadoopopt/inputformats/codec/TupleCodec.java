package org.hadoopopt.inputformats.codec;

import com.sleepycat.bind.tuple.TupleOutput;
import java.io.IOException;
import org.apache.hadoop.io.DataOutputBuffer;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Berkeley DB JE tuple encoding ({@link TupleOutput}): packed-int null mask, then each non-null
 * field: strings as packed length + bytes, ints and dates as packed ints, decimals as a packed
 * long of millionths.
 */
public final class TupleCodec implements BinaryCodec {
  public static final String NAME = "tuple";
  private final TupleOutput tuple = new TupleOutput();

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void encode(Row row, DataOutputBuffer out) throws IOException {
    Schema schema = row.schema();
    tuple.reset();
    tuple.writePackedInt(row.nullMask());
    for (int i = 0; i < schema.fieldCount(); i++) {
      if (row.isNull(i)) {
        continue;
      }
      FieldType t = schema.type(i);
      if (t == FieldType.STRING) {
        ByteSlice s = row.slice(i);
        tuple.writePackedInt(s.length());
        tuple.writeFast(s.bytes(), s.offset(), s.length());
      } else if (t == FieldType.DECIMAL) {
        tuple.writePackedLong(row.getMicros(i));
      } else {
        tuple.writePackedInt(row.getInt(i));
      }
    }
    out.write(tuple.getBufferBytes(), 0, tuple.getBufferLength());
  }

  @Override
  public RecordDecoder<Row> newMutableDecoder(Schema schema) {
    return new MutableTupleDecoder(schema);
  }
}
