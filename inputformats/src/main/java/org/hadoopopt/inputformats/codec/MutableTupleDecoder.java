package org.hadoopopt.inputformats.codec;

import com.sleepycat.bind.tuple.TupleInput;
import java.io.IOException;
import org.hadoopopt.inputformats.record.ColumnGrammar;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Mutable decoding of Berkeley DB JE tuples ({@link TupleCodec}): one {@link TupleInput} per
 * buffer, packed ints read into the reused row, strings pointing into the buffer.
 */
public final class MutableTupleDecoder implements RecordDecoder<Row> {
  private final Schema schema;
  private final Row row;
  private TupleInput in;
  private int start;
  private String source;
  private long sourceOffset;

  public MutableTupleDecoder(Schema schema) {
    this.schema = schema;
    this.row = schema.newRow();
  }

  @Override
  public void reset(byte[] buf, int off, int len, String src, long srcOffset) {
    in = new TupleInput(buf, off, len);
    start = off;
    source = src;
    sourceOffset = srcOffset;
  }

  @Override
  public Row next() throws IOException {
    if (in.available() <= 0) {
      return null;
    }
    int at = in.getBufferOffset();
    int field = -1;
    try {
      int mask = in.readPackedInt();
      row.setNullMask(mask);
      int n = schema.fieldCount();
      for (field = 0; field < n; field++) {
        if ((mask & (1 << field)) != 0) {
          continue;
        }
        switch (schema.type(field)) {
          case STRING:
            int len = in.readPackedInt();
            if (len < 0 || len > in.available()) {
              throw new IOException("string of " + len + " bytes, " + in.available() + " left");
            }
            row.slice(field).setView(in.getBufferBytes(), in.getBufferOffset(), len);
            in.skipFast(len);
            break;
          case DECIMAL:
            row.setNumber(field, in.readPackedLong());
            break;
          default:
            row.setNumber(field, in.readPackedInt());
        }
        if (in.available() < 0) {
          throw new IOException("record runs past the end of its buffer");
        }
      }
    } catch (IOException | IndexOutOfBoundsException e) {
      throw new MalformedRecordException(source, sourceOffset + (at - start),
          field < 0 ? "null mask" : schema.fieldName(field), "bad tuple record: " + e.getMessage(), e);
    }
    ColumnGrammar.checkDecoded(row, source, sourceOffset + (at - start));
    return row;
  }
}
