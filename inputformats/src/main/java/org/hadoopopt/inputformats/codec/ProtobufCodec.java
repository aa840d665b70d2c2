package org.hadoopopt.inputformats.codec;

import com.google.protobuf.CodedOutputStream;
import java.io.IOException;
import org.apache.hadoop.io.DataOutputBuffer;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Length-delimited protobuf messages (the bytes a protoc message's {@code writeDelimitedTo} writes;
 * the benchmark's {@code pavlo.proto} mirrors the Pavlo tables): field {@code i} of the schema is
 * message field {@code i + 1}; strings as
 * length-delimited bytes, ints and dates as int32, decimals as sint64 millionths; null fields absent.
 */
public final class ProtobufCodec implements BinaryCodec {
  public static final String NAME = "protobuf";
  private final byte[] scratch = new byte[16];

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void encode(Row row, DataOutputBuffer out) throws IOException {
    Schema schema = row.schema();
    int size = 0;
    for (int i = 0; i < schema.fieldCount(); i++) {
      if (row.isNull(i)) {
        continue;
      }
      int n = i + 1;
      FieldType t = schema.type(i);
      if (t == FieldType.STRING) {
        int len = row.slice(i).length();
        size += CodedOutputStream.computeTagSize(n) + CodedOutputStream.computeUInt32SizeNoTag(len) + len;
      } else if (t == FieldType.DECIMAL) {
        size += CodedOutputStream.computeSInt64Size(n, row.getMicros(i));
      } else {
        size += CodedOutputStream.computeInt32Size(n, row.getInt(i));
      }
    }
    CodedOutputStream cos = CodedOutputStream.newInstance(out, 4096);
    cos.writeUInt32NoTag(size);
    for (int i = 0; i < schema.fieldCount(); i++) {
      if (row.isNull(i)) {
        continue;
      }
      int n = i + 1;
      FieldType t = schema.type(i);
      if (t == FieldType.STRING) {
        ByteSlice s = row.slice(i);
        cos.writeByteArray(n, s.bytes(), s.offset(), s.length());
      } else if (t == FieldType.DECIMAL) {
        cos.writeSInt64(n, row.getMicros(i));
      } else {
        cos.writeInt32(n, row.getInt(i));
      }
    }
    cos.flush();
  }

  @Override
  public RecordDecoder<Row> newMutableDecoder(Schema schema) {
    return new MutableProtobufDecoder(schema);
  }
}
