package org.hadoopopt.bench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.hadoopopt.bench.tools.Json;

/**
 * An experiment's result file, OUT/findings/PART.json ({@code {"part": .., "findings": [..]}}):
 * what each experiment program writes (the path comes as {@code --findings FILE}) and the report
 * reads.
 */
public final class Findings {
  private Findings() {}

  public static void write(File file, String part, List<Finding> findings) throws IOException {
    ObjectNode root = Json.object();
    root.put("part", part);
    ArrayNode a = root.putArray("findings");
    for (Finding f : findings) {
      a.add(f.toJson());
    }
    Json.write(file, root);
  }

  public static List<Finding> read(File file) throws IOException {
    JsonNode root = Json.MAPPER.readTree(file);
    List<Finding> out = new ArrayList<>();
    for (JsonNode f : root.path("findings")) {
      out.add(Finding.fromJson(f));
    }
    return out;
  }
}
