package org.hadoopopt.bench.reproduce;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.suite.SuiteTool;
import org.hadoopopt.bench.tools.Json;
import org.hadoopopt.inputformats.mapreduce.CompleteOutput;

/**
 * Runs the Pavlo suite ({@link SuiteTool}, local file system and job runner) for the Jiang et al.
 * experiments and reads its results.json. A generated set given as {@code --set} (one made by
 * {@code gen} before the completeness marker existed, e.g. a set copied to build/pavlo-s01) is used through
 * hard links in the suite's work folder with a marker written from its own properties, so the
 * suite reuses it instead of generating it again; the original is not touched.
 */
final class JiangSuite {
  private JiangSuite() {}

  /** The suite's cells of one run: task and variant to the cell. */
  static final class Cells {
    final JsonNode root;

    Cells(JsonNode root) {
      this.root = root;
    }

    JsonNode cell(String task, String variant) {
      for (JsonNode c : root.path("cells")) {
        if (c.path("task").asText().equals(task) && c.path("variant").asText().equals(variant)) {
          return c;
        }
      }
      return null;
    }

    /** The cell's median seconds, NaN when it did not run. */
    double median(String task, String variant) {
      JsonNode c = cell(task, variant);
      return c == null || c.path("median").isNull() ? Double.NaN : c.path("median").asDouble();
    }

    /** The notice that says why a variant was skipped on a task, or "". */
    String notice(String variant) {
      for (JsonNode n : root.path("notices")) {
        if (n.asText().contains(variant)) {
          return n.asText();
        }
      }
      return "";
    }
  }

  /** Runs {@code suite ARGS WORK} with the local runner and returns its results. */
  static Cells run(Configuration base, File work, File out, double scale, Path set, String... args) throws Exception {
    Configuration conf = new Configuration(base);
    conf.set("fs.defaultFS", "file:///");
    conf.set("mapreduce.framework.name", "local");
    if (set != null) {
      link(conf, set, new Path(work.getAbsolutePath(), "data-s" + scale + "-seed42"));
    }
    List<String> a = new ArrayList<>(Arrays.asList("--scale", Double.toString(scale), "--cluster", "local",
        "--out", out.getAbsolutePath(), "--no-ideal"));
    a.addAll(Arrays.asList(args));
    a.add(work.getAbsolutePath());
    int rc = ToolRunner.run(conf, new SuiteTool(System.err), a.toArray(new String[0]));
    if (rc != 0) {
      throw new IllegalStateException("the suite exited with " + rc + " (" + a + ")");
    }
    return new Cells(Json.MAPPER.readTree(new File(out, "results.json")));
  }

  /**
   * Makes DEST the set SRC through hard links, with a marker from SRC's {@code _pavlo-set.properties}
   * (its scale and seed must be the suite's), unless DEST already has a marker.
   */
  static void link(Configuration conf, Path src, Path dest) throws IOException {
    FileSystem fs = FileSystem.getLocal(conf);
    if (CompleteOutput.read(fs, dest) != null) {
      return;
    }
    File from = new File(src.toUri().getPath());
    Properties p = new Properties();
    try (java.io.InputStream in = Files.newInputStream(new File(from, "_pavlo-set.properties").toPath())) {
      p.load(in);
    }
    String scale = dest.getName().replaceFirst("^data-s", "").replaceFirst("-seed42$", "");
    if (!Double.toString(Double.parseDouble(p.getProperty("scale"))).equals(scale) || !"42".equals(p.getProperty("seed"))) {
      throw new IllegalArgumentException(src + " is scale " + p.getProperty("scale") + ", seed " + p.getProperty("seed")
          + ", not scale " + scale + ", seed 42");
    }
    File to = new File(dest.toUri().getPath());
    org.apache.hadoop.fs.FileUtil.fullyDelete(to);
    List<String> tables = new ArrayList<>();
    Map<String, Long> counts = new TreeMap<>();
    for (String t : new String[] {"documents", "grep", "rankings", "uservisits"}) {
      File dir = new File(from, t);
      File[] parts = dir.listFiles((d, n) -> n.startsWith("part-"));
      if (parts == null || parts.length == 0) {
        continue;
      }
      File tdir = new File(to, t);
      Files.createDirectories(tdir.toPath());
      for (File f : parts) {
        Files.createLink(new File(tdir, f.getName()).toPath(), f.toPath());
      }
      tables.add(t);
      counts.put(t + ".rows", Long.parseLong(p.getProperty(t + ".rows")));
    }
    Files.copy(new File(from, "_pavlo-set.properties").toPath(), new File(to, "_pavlo-set.properties").toPath());
    Map<String, String> params = new TreeMap<>();
    params.put("scale", scale);
    params.put("seed", "42");
    params.put("maps", p.getProperty("maps"));
    params.put("tables", String.join(",", tables));
    CompleteOutput.write(fs, dest, "gen", params, counts);
  }
}
