package org.hadoopopt.compat;

import java.io.BufferedReader;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Writes the compatibility table (markdown) from surefire's XML reports, surefire's per-class
 * output files (the local job runner's map tasks log there) and {@link ActivityListener}'s
 * records; with {@code --enforce true} exits 1 if any row is "fail", "not exercised" or "not run".
 *
 * <p>Arguments: {@code --lists DIR --reports DIR --activity DIR --expected FILE --out FILE
 * --enforce true|false [--readme FILE]}; with {@code --readme} the table also replaces the part of
 * FILE between {@code <!-- compat-table -->} and {@code <!-- /compat-table -->}. {@code DIR/<suite>.txt} lists the classes of each suite, one
 * {@code org/apache/.../TestX.java} a line (the same files surefire's {@code includesFile} reads).
 */
public final class CompatTable {
  private CompatTable() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> a = new HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      a.put(args[i], args[i + 1]);
    }
    Path lists = Paths.get(required(a, "--lists"));
    File reports = new File(required(a, "--reports"));
    File activity = new File(required(a, "--activity"));
    Verdicts verdicts = new Verdicts(Expectations.read(Paths.get(required(a, "--expected"))));
    boolean enforce = Boolean.parseBoolean(a.getOrDefault("--enforce", "false"));

    Map<Suites, List<Row>> rows = build(lists, reports, activity, verdicts);

    String md = TableWriter.markdown(rows, lists.getFileName().toString());
    Path out = Paths.get(required(a, "--out"));
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.write(out, md.getBytes(StandardCharsets.UTF_8));
    System.out.println(md);
    System.out.println("compat: table written to " + out);
    String readme = a.get("--readme");
    if (readme != null && !readme.isEmpty()) {
      ReadmeTable.replace(Paths.get(readme), md);
      System.out.println("compat: table copied into " + readme);
    }

    List<String> bad = new ArrayList<>();
    rows.values().forEach(l -> l.stream().filter(Verdicts::failsBuild)
        .forEach(r -> bad.add(r.testClass + " [" + r.config + "]: " + r.verdict)));
    if (enforce && !bad.isEmpty()) {
      System.err.println("compat: " + bad.size() + " rows fail the build:");
      bad.forEach(b -> System.err.println("  " + b));
      System.exit(1);
    }
  }

  /** Every row of every suite whose list exists, with its verdict. */
  static Map<Suites, List<Row>> build(Path lists, File reports, File activity, Verdicts verdicts)
      throws Exception {
    Map<Suites, List<Row>> rows = new LinkedHashMap<>();
    for (Suites suite : Suites.values()) {
      List<String> classes = classes(lists.resolve(suite.id + ".txt"));
      List<Row> suiteRows = new ArrayList<>();
      for (String cls : classes) {
        Map<String, Row> byConfig = new LinkedHashMap<>();
        for (String config : suite.configs) {
          File dir = new File(reports, config);
          Row row = new Row(cls, config, ClassResult.read(dir, cls));
          readActivity(row, new File(activity, config));
          countOutput(row, new File(dir, cls + "-output.txt"));
          byConfig.put(config, row);
        }
        for (Row row : byConfig.values()) {
          verdicts.decide(row, byConfig.get(Suites.STOCK));
          suiteRows.add(row);
        }
      }
      rows.put(suite, suiteRows);
    }
    return rows;
  }

  private static String required(Map<String, String> a, String key) {
    String v = a.get(key);
    if (v == null) {
      throw new IllegalArgumentException("missing argument " + key);
    }
    return v;
  }

  /** Class names of a list file; no file means no classes for that suite. */
  static List<String> classes(Path list) throws IOException {
    List<String> out = new ArrayList<>();
    if (!Files.exists(list)) {
      return out;
    }
    for (String line : Files.readAllLines(list)) {
      String t = line.trim();
      if (t.isEmpty() || t.startsWith("#")) {
        continue;
      }
      if (!t.endsWith(".java") || t.contains("*")) {
        throw new IllegalArgumentException(list + ": expected one class as org/.../TestX.java, got " + t);
      }
      out.add(t.substring(0, t.length() - 5).replace('/', '.'));
    }
    return out;
  }

  private static void readActivity(Row row, File dir) throws IOException {
    File f = new File(dir, row.testClass + ".properties");
    if (!f.isFile()) {
      return;
    }
    Properties p = new Properties();
    try (InputStream in = new FileInputStream(f)) {
      p.load(in);
    }
    row.hasActivityRecord = true;
    row.halted = Boolean.parseBoolean(p.getProperty("halted"));
    Map<String, Long> nums = new TreeMap<>();
    for (String k : p.stringPropertyNames()) {
      String key = k.startsWith("yarn.") ? k.substring(5) : k;
      try {
        nums.merge(key, Long.parseLong(p.getProperty(k)), Long::sum);
      } catch (NumberFormatException e) {
        // not a count
      }
    }
    row.activity.putAll(nums);
    row.shmResolver = Boolean.parseBoolean(p.getProperty("shm.resolver.loaded"));
  }

  /**
   * Collector lines the local job runner's map tasks wrote to the test JVM's output: from each
   * test case's captured output in the XML report where surefire put it there, else from the
   * class's output file (split by the listener's method markers).
   */
  private static void countOutput(Row row, File output) throws IOException {
    if (row.result != null && !row.result.collectorByMethod.isEmpty()) {
      row.result.collectorByMethod.forEach((m, counts) -> {
        row.perMethod.put(m, counts);
        counts.forEach((k, v) -> row.activity.merge(k, v, Long::sum));
      });
      return;
    }
    if (!output.isFile()) {
      return;
    }
    Map<String, Long> counts = new HashMap<>();
    try (BufferedReader r = Files.newBufferedReader(output.toPath(), StandardCharsets.ISO_8859_1)) {
      for (String line; (line = r.readLine()) != null; ) {
        int m = line.indexOf(ActivityListener.METHOD_MARKER);
        if (m >= 0) {
          counts = row.perMethod.computeIfAbsent(
              line.substring(m + ActivityListener.METHOD_MARKER.length()).trim(), k -> new HashMap<>());
          continue;
        }
        CollectorLines.count(line, counts);
        CollectorLines.count(line, row.activity);
      }
    }
  }
}
