package org.hadoopopt.bench.pavlo.gen;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.bench.tools.ToolArgs;

/**
 * {@code stats SET}: reads a generated set (in one process; meant for checking small sets) and
 * prints each statistic the design notes specify, measured, beside its target for the set's scale.
 */
public final class PavloStats extends Configured implements Tool {
  /** Largest Rankings table whose URLs are loaded to check that every destURL is a pageURL. */
  static final long URL_CHECK_LIMIT = 2_000_000;

  /** Measured statistics by name ("table.what"), each with its target (NaN if it has none). */
  public static final class Report {
    private final Map<String, double[]> values = new LinkedHashMap<>();

    void put(String name, double measured, double target) {
      values.put(name, new double[] {measured, target});
    }

    public double measured(String name) {
      return get(name)[0];
    }

    public double target(String name) {
      return get(name)[1];
    }

    public List<String> names() {
      return new ArrayList<>(values.keySet());
    }

    private double[] get(String name) {
      double[] v = values.get(name);
      if (v == null) {
        throw new IllegalArgumentException("no statistic " + name + "; have " + values.keySet());
      }
      return v;
    }

    public void print(PrintStream out) {
      out.printf(Locale.ROOT, "%-34s %16s %16s%n", "statistic", "measured", "target");
      values.forEach((n, v) -> out.printf(Locale.ROOT, "%-34s %16s %16s%n", n, format(v[0]), format(v[1])));
    }

    private static String format(double d) {
      if (Double.isNaN(d)) {
        return "-";
      }
      return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) d)
          : String.format(Locale.ROOT, "%.6f", d);
    }
  }

  public static Report measure(FileSystem fs, Path root) throws IOException {
    Report r = new Report();
    double scale = Double.NaN;
    Path setFile = new Path(root, PavloGenerator.SET_FILE);
    if (fs.exists(setFile)) {
      Properties p = new Properties();
      try (InputStream in = fs.open(setFile)) {
        p.load(in);
      }
      scale = Double.parseDouble(p.getProperty("scale"));
    }
    long rankingsRows = 0;
    Set<String> pageUrls = null;
    if (fs.exists(new Path(root, PavloSchema.GREP))) {
      long rows = 0;
      long xyz = 0;
      for (String line : lines(fs, new Path(root, PavloSchema.GREP))) {
        rows++;
        xyz += line.substring(PavloSchema.GREP_KEY_LENGTH + 1).contains(GrepTable.PATTERN) ? 1 : 0;
      }
      sizes(r, fs, root, PavloSchema.GREP, rows, PavloTables.rows(GrepTable.ROWS_AT_SCALE_1, scale), 102);
      r.put("grep.XYZ_selectivity", (double) xyz / rows, 1.0 / GrepTable.PATTERN_ONE_IN);
    }
    if (fs.exists(new Path(root, PavloSchema.RANKINGS))) {
      long high = 0;
      for (String line : lines(fs, new Path(root, PavloSchema.RANKINGS))) {
        rankingsRows++;
        high += Integer.parseInt(line.split(PavloSchema.SEPARATOR_REGEX)[PavloSchema.PAGE_RANK]) > 10 ? 1 : 0;
      }
      sizes(r, fs, root, PavloSchema.RANKINGS, rankingsRows, PavloTables.rows(RankingsTable.ROWS_AT_SCALE_1, scale), 60);
      r.put("rankings.pageRank>10_selectivity", (double) high / rankingsRows, RankingsTable.HIGH_RANK_FRACTION);
      if (rankingsRows <= URL_CHECK_LIMIT) {
        pageUrls = new HashSet<>();
        for (String line : lines(fs, new Path(root, PavloSchema.RANKINGS))) {
          pageUrls.add(line.substring(0, line.indexOf(PavloSchema.SEPARATOR)));
        }
        r.put("rankings.distinct_pageURLs", pageUrls.size(), rankingsRows);
      }
    }
    if (fs.exists(new Path(root, PavloSchema.USERVISITS))) {
      userVisits(r, fs, root, scale, pageUrls);
    }
    if (fs.exists(new Path(root, PavloSchema.DOCUMENTS))) {
      long rows = 0;
      long links = 0;
      for (String line : lines(fs, new Path(root, PavloSchema.DOCUMENTS))) {
        rows++;
        for (int at = line.indexOf("<a href=\""); at >= 0; at = line.indexOf("<a href=\"", at + 1)) {
          links++;
        }
      }
      sizes(r, fs, root, PavloSchema.DOCUMENTS, rows, PavloTables.rows(DocumentsTable.ROWS_AT_SCALE_1, scale), 1500);
      r.put("documents.links_per_page", (double) links / rows, (1 + DocumentsTable.MAX_LINKS) / 2.0);
    }
    return r;
  }

  private static void userVisits(Report r, FileSystem fs, Path root, double scale, Set<String> pageUrls) throws IOException {
    long rows = 0;
    long jan = 0;
    long eighties = 0;
    long linked = 0;
    Set<String> ips = new HashSet<>();
    Set<String> prefixes = new HashSet<>();
    for (String line : lines(fs, new Path(root, PavloSchema.USERVISITS))) {
      rows++;
      String[] f = line.split(PavloSchema.SEPARATOR_REGEX);
      ips.add(f[PavloSchema.SOURCE_IP]);
      prefixes.add(f[PavloSchema.SOURCE_IP].substring(0, Math.min(7, f[PavloSchema.SOURCE_IP].length())));
      String d = f[PavloSchema.VISIT_DATE]; // yyyy-MM-dd compares like the date it is
      jan += d.compareTo("2000-01-15") >= 0 && d.compareTo("2000-01-22") <= 0 ? 1 : 0;
      eighties += d.compareTo("1984-01-01") >= 0 && d.compareTo("1987-01-01") <= 0 ? 1 : 0;
      linked += pageUrls != null && pageUrls.contains(f[PavloSchema.DEST_URL]) ? 1 : 0;
    }
    sizes(r, fs, root, PavloSchema.USERVISITS, rows, PavloTables.rows(UserVisitsTable.ROWS_AT_SCALE_1, scale), 135);
    double pool = Double.isNaN(scale) ? Double.NaN : UserVisitsTable.ipPool(scale);
    r.put("uservisits.distinct_sourceIPs", ips.size(), pool * -Math.expm1(-rows / pool));
    r.put("uservisits.distinct_7char_prefixes", prefixes.size(),
        UserVisitsTable.IP_PREFIXES * -Math.expm1(-(double) rows / UserVisitsTable.IP_PREFIXES));
    r.put("uservisits.2000-01-15..22_selectivity", (double) jan / rows, 8.0 / UserVisitsTable.DATE_DAYS);
    r.put("uservisits.1984..1987_selectivity", (double) eighties / rows, 1097.0 / UserVisitsTable.DATE_DAYS);
    if (pageUrls != null) {
      r.put("uservisits.destURL_in_rankings", (double) linked / rows, 1.0);
    }
  }

  private static void sizes(Report r, FileSystem fs, Path root, String table, long rows, long targetRows, double targetBytes)
      throws IOException {
    long bytes = fs.getContentSummary(new Path(root, table)).getLength();
    r.put(table + ".rows", rows, targetRows == 0 && rows > 0 ? Double.NaN : targetRows);
    r.put(table + ".bytes_per_row", rows == 0 ? 0 : (double) bytes / rows, targetBytes);
  }

  /** The lines of a table's part files, in file-name (= row) order. */
  static Iterable<String> lines(FileSystem fs, Path dir) throws IOException {
    FileStatus[] parts = fs.globStatus(new Path(dir, "part-*"));
    Arrays.sort(parts);
    List<Path> paths = new ArrayList<>();
    for (FileStatus p : parts) {
      paths.add(p.getPath());
    }
    return () -> new LineIterator(fs, paths);
  }

  private static final class LineIterator implements java.util.Iterator<String> {
    private final FileSystem fs;
    private final List<Path> paths;
    private int next;
    private BufferedReader reader;
    private String line;

    LineIterator(FileSystem fs, List<Path> paths) {
      this.fs = fs;
      this.paths = paths;
      advance();
    }

    private void advance() {
      try {
        while (true) {
          if (reader != null && (line = reader.readLine()) != null) {
            return;
          }
          if (reader != null) {
            reader.close();
          }
          if (next >= paths.size()) {
            reader = null;
            line = null;
            return;
          }
          reader = new BufferedReader(new InputStreamReader(fs.open(paths.get(next++)), StandardCharsets.UTF_8), 1 << 16);
        }
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }

    @Override
    public boolean hasNext() {
      return line != null;
    }

    @Override
    public String next() {
      String l = line;
      advance();
      return l;
    }
  }

  @Override
  public int run(String[] args) throws Exception {
    ToolArgs a;
    try {
      a = ToolArgs.parse(args, ToolArgs.names(), ToolArgs.names(), 1);
    } catch (ToolArgs.UsageException e) {
      System.err.println(e.getMessage() + "\nusage: stats SET");
      return 2;
    }
    Path root = new Path(a.positional(0));
    measure(root.getFileSystem(getConf()), root).print(System.out);
    return 0;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new PavloStats(), args));
  }
}
