package org.hadoopopt.bench.micro;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The summary of a {@code bin/hadoopopt micro} run: reads DIR/micro-status.tsv (part, status, detail:
 * one line per selected part, written by {@link Micro}) and each part's result file, and writes
 * DIR/micro-summary.txt and DIR/micro-summary.json: benchmark, configuration, median, unit and
 * speedup over the part's stock configuration. A result file it cannot read becomes a line saying
 * so; the other parts are still summarized.
 *
 * <p>Usage: {@code MicroSummary DIR}
 */
public final class MicroSummary {
  private static final ObjectMapper MAPPER = org.hadoopopt.bench.tools.Json.MAPPER;
  /** The parts in the order {@code bin/hadoopopt micro} runs them; the summary keeps it. */
  static final List<String> PARTS = MicroPart.all().stream().map(p -> p.name)
      .collect(java.util.stream.Collectors.toList());

  /** One summary line. {@code speedup}: how many times faster than stock (NaN: no stock to compare). */
  static final class Line {
    final String benchmark;
    final String configuration;
    final double median;
    final String unit;
    final double speedup;

    Line(String benchmark, String configuration, double median, String unit, double speedup) {
      this.benchmark = benchmark;
      this.configuration = configuration;
      this.median = median;
      this.unit = unit;
      this.speedup = speedup;
    }
  }

  private MicroSummary() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: MicroSummary DIR");
      System.exit(2);
    }
    File dir = new File(args[0]);
    String text = write(dir);
    System.out.print(text);
  }

  /** Writes both summary files; returns the text. */
  static String write(File dir) throws IOException {
    File status = new File(dir, "micro-status.tsv");
    List<String[]> parts = new ArrayList<>();
    if (status.isFile()) {
      for (String l : Files.readAllLines(status.toPath(), StandardCharsets.UTF_8)) {
        if (!l.trim().isEmpty()) {
          String[] f = l.split("\t", 3);
          parts.add(new String[] {f[0], f.length > 1 ? f[1] : "?", f.length > 2 ? f[2] : ""});
        }
      }
    }
    // parts re-run into the same folder are appended to the status file; show them in run order
    parts.sort(Comparator.comparingInt(p -> PARTS.contains(p[0]) ? PARTS.indexOf(p[0]) : PARTS.size()));
    StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%-10s %-44s %12s %-10s %9s%n",
        "benchmark", "configuration", "median", "unit", "vs stock"));
    ObjectNode root = MAPPER.createObjectNode();
    ArrayNode jparts = root.putArray("parts");
    List<String> notes = new ArrayList<>();
    for (String[] p : parts) {
      ObjectNode jp = jparts.addObject();
      jp.put("part", p[0]);
      jp.put("status", p[1]);
      jp.put("detail", p[2]);
      ArrayNode rows = jp.putArray("rows");
      if (!p[1].equals("ok")) {
        notes.add(p[0] + ": " + p[1] + (p[2].isEmpty() ? "" : " (" + p[2] + ")"));
        continue;
      }
      List<Line> lines;
      try {
        lines = read(dir, p[0]);
      } catch (IOException | RuntimeException e) {
        notes.add(p[0] + ": result unreadable (" + e.getMessage() + ")");
        jp.put("status", "unreadable");
        jp.put("detail", String.valueOf(e.getMessage()));
        continue;
      }
      for (Line l : lines) {
        text.append(String.format(Locale.ROOT, "%-10s %-44s %12s %-10s %9s%n", l.benchmark, l.configuration,
            number(l.median), l.unit, Double.isNaN(l.speedup) ? "-" : String.format(Locale.ROOT, "%.2fx", l.speedup)));
        ObjectNode o = rows.addObject();
        o.put("benchmark", l.benchmark);
        o.put("configuration", l.configuration);
        org.hadoopopt.bench.tools.Json.number(o, "median", l.median);
        o.put("unit", l.unit);
        org.hadoopopt.bench.tools.Json.number(o, "speedup", l.speedup);
      }
    }
    for (String n : notes) {
      text.append(n).append('\n');
    }
    text.append("vs stock: times faster than the part's stock configuration (for GB/s, the ratio of the rates).\n");
    Files.write(new File(dir, "micro-summary.txt").toPath(), text.toString().getBytes(StandardCharsets.UTF_8));
    MAPPER.writeValue(new File(dir, "micro-summary.json"), root);
    return text.toString();
  }

  /** The lines of one part, from the file it writes. */
  static List<Line> read(File dir, String part) throws IOException {
    switch (part) {
      case "decode":
        return decode(tree(new File(dir, "decode-jmh.json")));
      case "sort":
        return sort(tree(new File(dir, "sort-phase.json")));
      case "io":
        return io(tree(new File(dir, "io-modes.json")));
      case "shm":
        return shm(tree(new File(dir, "shmstreaming.json")));
      default:
        return ours(tree(new File(dir, part + ".json")));
    }
  }

  private static JsonNode tree(File f) throws IOException {
    if (!f.isFile()) {
      throw new IOException("no " + f);
    }
    return MAPPER.readTree(f);
  }

  /** JMH's JSON: one entry per (table, decoder); the median sample (ns per record); stock = TEXT_IMMUTABLE. */
  static List<Line> decode(JsonNode jmh) {
    Map<String, Double> ns = new LinkedHashMap<>();
    for (JsonNode b : jmh) {
      JsonNode params = b.path("params");
      JsonNode metric = b.path("primaryMetric");
      JsonNode p50 = metric.path("scorePercentiles").path("50.0");
      double v = p50.isNumber() ? p50.asDouble() : metric.path("score").asDouble(Double.NaN);
      ns.put(params.path("table").asText("?") + "\t" + params.path("decoder").asText("?"), v);
    }
    List<Line> out = new ArrayList<>();
    for (Map.Entry<String, Double> e : ns.entrySet()) {
      String[] k = e.getKey().split("\t");
      Double stock = ns.get(k[0] + "\tTEXT_IMMUTABLE");
      out.add(new Line("decode", k[0] + " " + k[1], e.getValue(), "ns/record",
          stock == null ? Double.NaN : stock / e.getValue()));
    }
    return out;
  }

  /** {@link SortPhaseBenchmark}'s sort-phase.json: key set, variant, median ms; stock = stock-quicksort. */
  static List<Line> sort(JsonNode root) {
    List<Line> out = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> sets = root.path("keySets").fields(); sets.hasNext();) {
      Map.Entry<String, JsonNode> set = sets.next();
      double stock = set.getValue().path("stock-quicksort").path("medianMs").asDouble(Double.NaN);
      for (Iterator<Map.Entry<String, JsonNode>> vs = set.getValue().fields(); vs.hasNext();) {
        Map.Entry<String, JsonNode> v = vs.next();
        double ms = v.getValue().path("medianMs").asDouble(Double.NaN);
        out.add(new Line("sort", set.getKey() + " " + v.getKey(), ms, "ms", stock / ms));
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no keySets in sort-phase.json");
    }
    return out;
  }

  /** {@link IoModeBenchmark}'s io-modes.json: GB/s per mode on the largest file; stock = streaming through the DataNode. */
  static List<Line> io(JsonNode root) {
    Map<String, Double> rate = new LinkedHashMap<>();
    String file = null;
    for (Iterator<Map.Entry<String, JsonNode>> ms = root.path("modes").fields(); ms.hasNext();) {
      Map.Entry<String, JsonNode> m = ms.next();
      String last = null;
      for (Iterator<String> fs = m.getValue().fieldNames(); fs.hasNext();) {
        last = fs.next();
      }
      if (last != null) {
        file = last;
        rate.put(m.getKey(), m.getValue().path(last).asDouble(Double.NaN));
      }
    }
    if (rate.isEmpty()) {
      throw new IllegalArgumentException("no modes in io-modes.json");
    }
    List<Line> out = new ArrayList<>();
    for (Map.Entry<String, Double> e : rate.entrySet()) {
      String mode = e.getKey();
      // job modes ("job: X, wall") compare with the streaming job of the same measure
      String stockMode = mode.startsWith("job: ") && mode.contains(", ")
          ? "job: streaming" + mode.substring(mode.lastIndexOf(", ")) : "streaming";
      Double stock = rate.get(stockMode);
      out.add(new Line("io", mode + " (" + file + ")", e.getValue(), "GB/s",
          stock == null ? Double.NaN : e.getValue() / stock));
    }
    return out;
  }

  /** {@link ShmStreamingBenchmark}'s shmstreaming.json: median seconds per task|mode; stock = the task through pipes. */
  static List<Line> shm(JsonNode root) {
    List<Line> out = new ArrayList<>();
    JsonNode med = root.path("medians_s");
    for (Iterator<Map.Entry<String, JsonNode>> it = med.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      String key = e.getKey();
      String task = key.contains("|") ? key.substring(0, key.indexOf('|')) : key;
      double pipes = med.path(task + "|pipes").asDouble(Double.NaN);
      double s = e.getValue().asDouble(Double.NaN);
      out.add(new Line("shm", key, s, "s", pipes / s));
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no medians_s in shmstreaming.json");
    }
    return out;
  }

  /** A {@link MicroResult} file. */
  static List<Line> ours(JsonNode root) {
    List<Line> out = new ArrayList<>();
    String bench = root.path("benchmark").asText("?");
    String unit = root.path("unit").asText("");
    for (JsonNode r : root.path("rows")) {
      String conf = r.path("configuration").asText("?");
      if (r.has("maps")) {
        conf += " (" + r.path("maps").asLong() + " maps)";
      }
      out.add(new Line(bench, conf, r.path("median").asDouble(Double.NaN), unit,
          r.path("speedup").asDouble(Double.NaN)));
    }
    return out;
  }

  private static String number(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    return String.format(Locale.ROOT, v >= 100 ? "%.1f" : v >= 1 ? "%.2f" : "%.3f", v);
  }
}
