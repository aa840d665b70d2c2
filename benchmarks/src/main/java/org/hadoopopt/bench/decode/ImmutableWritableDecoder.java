package org.hadoopopt.bench.decode;

import java.io.IOException;
import java.time.LocalDate;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableUtils;
import org.hadoopopt.inputformats.codec.RecordDecoder;
import org.hadoopopt.inputformats.record.Decimals;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Schema;

/**
 * The baseline Writable decoder: a Writable whose {@code readFields} builds a new String and box
 * per field ({@link Text#readString}, {@code Integer.valueOf}), as hand-written Writables do.
 */
public final class ImmutableWritableDecoder implements RecordDecoder<ImmutableRow> {
  private final Schema schema;
  private final DataInputBuffer in = new DataInputBuffer();
  private int start;
  private int end;
  private String source;
  private long sourceOffset;

  public ImmutableWritableDecoder(Schema schema) {
    this.schema = schema;
  }

  @Override
  public void reset(byte[] buf, int off, int len, String src, long srcOffset) {
    in.reset(buf, off, len);
    start = off;
    end = off + len;
    source = src;
    sourceOffset = srcOffset;
  }

  @Override
  public ImmutableRow next() throws IOException {
    int at = in.getPosition();
    if (at >= end) {
      return null;
    }
    try {
      int mask = WritableUtils.readVInt(in);
      int n = schema.fieldCount();
      Object[] values = new Object[n];
      for (int i = 0; i < n; i++) {
        if ((mask & (1 << i)) != 0) {
          continue;
        }
        switch (schema.type(i)) {
          case STRING:
            values[i] = Text.readString(in);
            break;
          case INT:
            values[i] = Integer.valueOf(WritableUtils.readVInt(in));
            break;
          case DATE:
            values[i] = LocalDate.ofEpochDay(WritableUtils.readVInt(in));
            break;
          default:
            values[i] = Decimals.toBigDecimal(WritableUtils.readVLong(in));
        }
      }
      return new ImmutableRow(schema, values);
    } catch (IOException e) {
      throw new MalformedRecordException(source, sourceOffset + (at - start), null, "bad Writable record: " + e, e);
    }
  }
}
