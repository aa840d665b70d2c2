package org.hadoopopt.bench.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.io.IOException;

/** The benchmark programs' one JSON writer (Jackson): indented files, NaN and infinities as null. */
public final class Json {
  public static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private Json() {}

  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  /** {@code o.name = v}, or null when v is not a finite number (JSON has no NaN). */
  public static ObjectNode number(ObjectNode o, String name, double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      o.putNull(name);
    } else {
      o.put(name, v);
    }
    return o;
  }

  /** Writes {@code node} to {@code file}, creating its folder. */
  public static void write(File file, JsonNode node) throws IOException {
    File dir = file.getAbsoluteFile().getParentFile();
    if (dir != null && !dir.isDirectory() && !dir.mkdirs()) {
      throw new IOException("cannot create " + dir);
    }
    MAPPER.writeValue(file, node);
  }
}
