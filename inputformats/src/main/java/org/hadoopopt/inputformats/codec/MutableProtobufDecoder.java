package org.hadoopopt.inputformats.codec;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.ColumnGrammar;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Mutable decoding of length-delimited protobuf messages ({@link ProtobufCodec}'s form): one
 * {@link CodedInputStream} per buffer, fields read straight into the reused row, string fields
 * pointing into the buffer. Unknown fields are skipped, as protobuf requires.
 */
public final class MutableProtobufDecoder implements RecordDecoder<Row> {
  private final Schema schema;
  private final FieldType[] types;
  private final Row row;
  private final int allNumericNull;
  private byte[] buf;
  private int start;
  private CodedInputStream in;
  private String source;
  private long sourceOffset;

  public MutableProtobufDecoder(Schema schema) {
    this.schema = schema;
    this.row = schema.newRow();
    this.types = new FieldType[schema.fieldCount()];
    int mask = 0;
    for (int i = 0; i < types.length; i++) {
      types[i] = schema.type(i);
      if (types[i] != FieldType.STRING) {
        mask |= 1 << i;
      }
    }
    allNumericNull = mask;
  }

  @Override
  public void reset(byte[] b, int off, int len, String src, long srcOffset) {
    buf = b;
    start = off;
    in = CodedInputStream.newInstance(b, off, len);
    source = src;
    sourceOffset = srcOffset;
  }

  @Override
  public Row next() throws IOException {
    int at = in.getTotalBytesRead();
    if (in.isAtEnd()) {
      return null;
    }
    int field = -1;
    try {
      int size = in.readRawVarint32();
      int oldLimit = in.pushLimit(size);
      row.setNullMask(allNumericNull);
      for (int i = 0; i < types.length; i++) {
        if (types[i] == FieldType.STRING) {
          row.slice(i).clear();
        }
      }
      int tag;
      while ((tag = in.readTag()) != 0) {
        field = WireFormat.getTagFieldNumber(tag) - 1;
        int wire = WireFormat.getTagWireType(tag);
        if (field < 0 || field >= types.length) {
          in.skipField(tag);
          continue;
        }
        FieldType t = types[field];
        if (t == FieldType.STRING) {
          if (wire != WireFormat.WIRETYPE_LENGTH_DELIMITED) {
            throw new IOException("wire type " + wire + " for a string field");
          }
          int len = in.readRawVarint32();
          row.slice(field).setView(buf, start + in.getTotalBytesRead(), len);
          in.skipRawBytes(len);
        } else {
          if (wire != WireFormat.WIRETYPE_VARINT) {
            throw new IOException("wire type " + wire + " for a varint field");
          }
          row.setNumber(field, t == FieldType.DECIMAL ? in.readSInt64() : in.readInt32());
        }
      }
      in.popLimit(oldLimit);
    } catch (IOException e) {
      throw new MalformedRecordException(source, sourceOffset + at,
          field < 0 || field >= types.length ? null : schema.fieldName(field), "bad protobuf record: " + e.getMessage(), e);
    }
    ColumnGrammar.checkDecoded(row, source, sourceOffset + at);
    return row;
  }
}
