package org.hadoopopt.bench.micro;

import org.hadoopopt.bench.tools.Stats;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The result file of one micro-benchmark part run by this package ({@code sched}, {@code dfsio},
 * {@code wordcount}, {@code terasort}): {@code {"benchmark", "description", "unit", "stock",
 * "rows": [{"configuration", "values": [...], "median", "speedup", ...extras}], "notes": [...]}}.
 * {@code speedup} is the stock row's median over the row's median (the unit is a time), null when
 * there is no stock row. {@link MicroSummary} reads these files back.
 */
public final class MicroResult {
  private static final ObjectMapper MAPPER = org.hadoopopt.bench.tools.Json.MAPPER;

  /** One configuration: its measured values (one per round) and extra numbers to show beside them. */
  public static final class Row {
    final String configuration;
    final List<Double> values = new ArrayList<>();
    final Map<String, Object> extras = new LinkedHashMap<>();

    Row(String configuration) {
      this.configuration = configuration;
    }

    public Row add(double value) {
      values.add(value);
      return this;
    }

    public Row extra(String name, Object value) {
      extras.put(name, value);
      return this;
    }

    public String configuration() {
      return configuration;
    }

    public List<Double> values() {
      return values;
    }

    public Map<String, Object> extras() {
      return extras;
    }

    public double median() {
      return Stats.median(values);
    }
  }

  private final String benchmark;
  private final String description;
  private final String unit;
  private final String stock;
  private final Map<String, Row> rows = new LinkedHashMap<>();
  private final List<String> notes = new ArrayList<>();
  private final java.util.Set<String> unpaired = new java.util.HashSet<>();

  /**
   * @param stock the configuration the others are compared with (speedup = its median / theirs)
   */
  public MicroResult(String benchmark, String description, String unit, String stock) {
    this.benchmark = benchmark;
    this.description = description;
    this.unit = unit;
    this.stock = stock;
  }

  /** The row of that configuration, created (in first-use order) when missing. */
  public Row row(String configuration) {
    return rows.computeIfAbsent(configuration, Row::new);
  }

  public List<Row> rows() {
    return new ArrayList<>(rows.values());
  }

  /** A configuration with no stock counterpart (e.g. TestDFSIO's write): no speedup. */
  public void unpaired(String configuration) {
    unpaired.add(configuration);
  }

  public void note(String note) {
    notes.add(note);
  }

  public List<String> notes() {
    return notes;
  }

  /** Stock's median over this row's, or NaN without a stock row or values. */
  public double speedup(Row r) {
    Row s = rows.get(stock);
    if (s == null || unpaired.contains(r.configuration) || s.values.isEmpty() || r.values.isEmpty()) {
      return Double.NaN;
    }
    return s.median() / r.median();
  }

  public String toJson() throws IOException {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("benchmark", benchmark);
    root.put("description", description);
    root.put("unit", unit);
    root.put("stock", stock);
    ArrayNode arr = root.putArray("rows");
    for (Row r : rows.values()) {
      ObjectNode o = arr.addObject();
      o.put("configuration", r.configuration);
      ArrayNode vs = o.putArray("values");
      r.values.forEach(vs::add);
      org.hadoopopt.bench.tools.Json.number(o, "median", r.values.isEmpty() ? Double.NaN : r.median());
      org.hadoopopt.bench.tools.Json.number(o, "speedup", speedup(r));
      for (Map.Entry<String, Object> e : r.extras.entrySet()) {
        o.putPOJO(e.getKey(), e.getValue());
      }
    }
    ArrayNode ns = root.putArray("notes");
    notes.forEach(ns::add);
    return MAPPER.writeValueAsString(root);
  }

  public void write(File file) throws IOException {
    File dir = file.getAbsoluteFile().getParentFile();
    if (dir != null && !dir.isDirectory() && !dir.mkdirs()) {
      throw new IOException("cannot create " + dir);
    }
    MAPPER.writeValue(file, MAPPER.readTree(toJson()));
  }

  /** A console table: configuration, median, speedup, the values and extras. */
  public String table() {
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%s: %s%n", benchmark, description));
    for (Row r : rows.values()) {
      b.append(String.format(Locale.ROOT, "  %-24s median %9.3f %s  %6.2fx stock  %s %s%n", r.configuration,
          r.values.isEmpty() ? Double.NaN : r.median(), unit, speedup(r), r.values, r.extras));
    }
    for (String n : notes) {
      b.append("  note: ").append(n).append('\n');
    }
    return b.toString();
  }
}
