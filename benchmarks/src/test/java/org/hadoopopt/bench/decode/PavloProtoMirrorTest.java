package org.hadoopopt.bench.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import java.util.ArrayList;
import java.util.List;
import org.hadoopopt.bench.pavlo.format.PavloProtos;
import org.hadoopopt.inputformats.codec.ProtobufCodec;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.Schema;
import org.junit.jupiter.api.Test;

/**
 * {@code pavlo.proto} mirrors {@link Schema}, the one definition of the Pavlo columns: message
 * field {@code i + 1} is column {@code i}, with its name and the wire type {@link ProtobufCodec}
 * writes for the column's type. A column changed in one place and not the other fails here.
 */
class PavloProtoMirrorTest {
  private static String wireType(FieldType t) {
    switch (t) {
      case STRING:
        return "STRING";
      case DECIMAL:
        return "SINT64"; // millionths
      default:
        return "INT32"; // INT, and DATE as days since 1970-01-01
    }
  }

  private static List<String> fromSchema(Schema s) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < s.fieldCount(); i++) {
      out.add((i + 1) + " " + s.fieldName(i) + " " + wireType(s.type(i)));
    }
    return out;
  }

  private static List<String> fromProto(Descriptor d) {
    List<String> out = new ArrayList<>();
    for (FieldDescriptor f : d.getFields()) {
      out.add(f.getNumber() + " " + f.getName() + " " + f.getType());
    }
    return out;
  }

  @Test
  void theProtoMessagesHaveTheSchemasColumns() {
    assertEquals(fromSchema(Schema.RANKINGS), fromProto(PavloProtos.Rankings.getDescriptor()));
    assertEquals(fromSchema(Schema.USER_VISITS), fromProto(PavloProtos.UserVisits.getDescriptor()));
  }
}
