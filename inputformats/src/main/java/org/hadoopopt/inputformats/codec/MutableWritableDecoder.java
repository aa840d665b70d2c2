package org.hadoopopt.inputformats.codec;

import java.io.EOFException;
import java.io.IOException;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.WritableUtils;
import org.hadoopopt.inputformats.record.ColumnGrammar;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Mutable decoding of the Writable encoding ({@link Row#write}): like {@link Row#readFields} but
 * string fields point into the input buffer instead of being copied.
 */
public final class MutableWritableDecoder implements RecordDecoder<Row> {
  private final Schema schema;
  private final Row row;
  private final DataInputBuffer in = new DataInputBuffer();
  private int start;
  private int end;
  private String source;
  private long sourceOffset;

  public MutableWritableDecoder(Schema schema) {
    this.schema = schema;
    this.row = schema.newRow();
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
  public Row next() throws IOException {
    int at = in.getPosition();
    if (at >= end) {
      return null;
    }
    int field = -1;
    try {
      int mask = WritableUtils.readVInt(in);
      row.setNullMask(mask);
      int n = schema.fieldCount();
      for (field = 0; field < n; field++) {
        if ((mask & (1 << field)) != 0) {
          continue;
        }
        switch (schema.type(field)) {
          case STRING:
            int len = WritableUtils.readVInt(in);
            int p = in.getPosition();
            if (len < 0 || len > end - p) {
              throw new EOFException("string of " + len + " bytes, " + (end - p) + " left");
            }
            row.slice(field).setView(in.getData(), p, len);
            in.skip(len);
            break;
          case DECIMAL:
            row.setNumber(field, WritableUtils.readVLong(in));
            break;
          default:
            row.setNumber(field, WritableUtils.readVInt(in));
        }
      }
    } catch (IOException e) {
      throw new MalformedRecordException(source, sourceOffset + (at - start),
          field < 0 ? "null mask" : schema.fieldName(field), "bad Writable record: " + e.getMessage(), e);
    }
    ColumnGrammar.checkDecoded(row, source, sourceOffset + (at - start));
    return row;
  }
}
