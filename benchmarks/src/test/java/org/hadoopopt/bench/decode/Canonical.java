package org.hadoopopt.bench.decode;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.util.ArrayList;
import java.util.List;
import org.hadoopopt.inputformats.codec.RecordDecoder;
import org.hadoopopt.inputformats.record.Dates;
import org.hadoopopt.inputformats.record.Decimals;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/** Canonical text of whatever a decoder returns, so outputs of all seven decoders can be compared. */
final class Canonical {
  private Canonical() {}

  static String of(Schema schema, Object record) {
    if (record instanceof Row) {
      return ((Row) record).toText();
    }
    if (record instanceof ImmutableRow) {
      return ((ImmutableRow) record).toText();
    }
    Message m = (Message) record;
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < schema.fieldCount(); i++) {
      if (i > 0) {
        sb.append('|');
      }
      FieldDescriptor fd = m.getDescriptorForType().findFieldByNumber(i + 1);
      if (!m.hasField(fd)) {
        continue;
      }
      Object v = m.getField(fd);
      switch (schema.type(i)) {
        case DATE:
          Dates.format((Integer) v, sb);
          break;
        case DECIMAL:
          Decimals.format((Long) v, sb);
          break;
        default:
          sb.append(v);
      }
    }
    return sb.toString();
  }

  /** Every record {@code decoder} finds in {@code bytes}, as canonical text. */
  static List<String> decodeAll(Schema schema, RecordDecoder<?> decoder, byte[] bytes) throws Exception {
    decoder.reset(bytes, 0, bytes.length, "test", 0);
    List<String> out = new ArrayList<>();
    Object r;
    while ((r = decoder.next()) != null) {
      out.add(of(schema, r));
    }
    return out;
  }
}
