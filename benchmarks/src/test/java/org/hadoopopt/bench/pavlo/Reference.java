package org.hadoopopt.bench.pavlo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The expected answer of every task, computed in plain Java straight from the generated files:
 * no job code, no PavloSchema parsing, no PavloOutput formatting. Results are sorted lines.
 */
final class Reference {
  private final FileSystem fs;
  private final Path set;
  private final java.nio.charset.Charset charset;

  Reference(FileSystem fs, Path set) {
    this(fs, set, StandardCharsets.UTF_8);
  }

  /** Reads the set in {@code charset}: ISO-8859-1 keeps every byte as one char (rows that are not UTF-8). */
  Reference(FileSystem fs, Path set, java.nio.charset.Charset charset) {
    this.fs = fs;
    this.set = set;
    this.charset = charset;
  }

  /** The rows of a table, in file order, each cut at every '|'. */
  List<String[]> rows(String table) throws IOException {
    List<String[]> rows = new ArrayList<>();
    FileStatus[] parts = fs.globStatus(new Path(new Path(set, table), "part-*"));
    Arrays.sort(parts);
    for (FileStatus p : parts) {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(p.getPath()), charset))) {
        for (String line; (line = r.readLine()) != null;) {
          rows.add(cut(line, table.equals("documents") ? 2 : Integer.MAX_VALUE));
        }
      }
    }
    return rows;
  }

  private static String[] cut(String line, int max) {
    List<String> f = new ArrayList<>();
    int start = 0;
    while (f.size() < max - 1) {
      int bar = line.indexOf('|', start);
      if (bar < 0) {
        break;
      }
      f.add(line.substring(start, bar));
      start = bar + 1;
    }
    f.add(line.substring(start));
    return f.toArray(new String[0]);
  }

  List<String> grep(String pattern) throws IOException {
    List<String> out = new ArrayList<>();
    for (String[] r : rows("grep")) {
      if (r[1].contains(pattern)) {
        out.add(r[0] + "\t" + r[1]);
      }
    }
    return sorted(out);
  }

  List<String> selection(int minRank) throws IOException {
    List<String> out = new ArrayList<>();
    for (String[] r : rows("rankings")) {
      if (Integer.parseInt(r[1]) > minRank) {
        out.add(r[0] + "\t" + Integer.parseInt(r[1]));
      }
    }
    return sorted(out);
  }

  /** from/to as yyyy-MM-dd, compared as text (that format sorts like dates); null = open. */
  List<String> aggregation(int prefix, String from, String to) throws IOException {
    Map<String, BigDecimal> sums = new TreeMap<>();
    for (String[] r : rows("uservisits")) {
      if (inRange(r[2], from, to)) {
        String key = prefix > 0 && r[0].length() > prefix ? r[0].substring(0, prefix) : r[0];
        sums.merge(key, new BigDecimal(r[3]), BigDecimal::add);
      }
    }
    List<String> out = new ArrayList<>();
    sums.forEach((k, v) -> out.add(k + "\t" + v.setScale(2, RoundingMode.UNNECESSARY).toPlainString()));
    return sorted(out);
  }

  /** The one join line, or an empty list when no visit falls in the range. */
  List<String> join(String from, String to) throws IOException {
    Map<String, Integer> rank = new HashMap<>();
    for (String[] r : rows("rankings")) {
      rank.put(r[0], Integer.parseInt(r[1]));
    }
    Map<String, BigDecimal> revenue = new HashMap<>();
    Map<String, long[]> ranks = new HashMap<>();
    for (String[] v : rows("uservisits")) {
      Integer pr = rank.get(v[1]);
      if (pr != null && inRange(v[2], from, to)) {
        revenue.merge(v[0], new BigDecimal(v[3]), BigDecimal::add);
        long[] s = ranks.computeIfAbsent(v[0], k -> new long[2]);
        s[0] += pr;
        s[1]++;
      }
    }
    String best = null;
    for (String ip : revenue.keySet()) {
      int c = best == null ? 1 : revenue.get(ip).compareTo(revenue.get(best));
      if (c > 0 || c == 0 && ip.compareTo(best) < 0) {
        best = ip;
      }
    }
    if (best == null) {
      return new ArrayList<>();
    }
    long[] s = ranks.get(best);
    BigDecimal avg = new BigDecimal(s[0]).divide(new BigDecimal(s[1]), 6, RoundingMode.HALF_UP);
    return List.of(best + "\t" + revenue.get(best).setScale(2, RoundingMode.UNNECESSARY).toPlainString() + "\t"
        + avg.toPlainString());
  }

  /** Per linked URL, the number of distinct pages with a link to it. */
  List<String> inlinks() throws IOException {
    Map<String, Integer> count = new TreeMap<>();
    for (String[] d : rows("documents")) {
      Set<String> links = new HashSet<>();
      String html = d[1];
      for (int at = html.indexOf("href=\""); at >= 0; at = html.indexOf("href=\"", at + 1)) {
        int start = at + "href=\"".length();
        links.add(html.substring(start, html.indexOf('"', start)));
      }
      for (String l : links) {
        count.merge(l, 1, Integer::sum);
      }
    }
    List<String> out = new ArrayList<>();
    count.forEach((u, n) -> out.add(u + "\t" + n));
    return sorted(out);
  }

  private static boolean inRange(String date, String from, String to) {
    return (from == null || date.compareTo(from) >= 0) && (to == null || date.compareTo(to) <= 0);
  }

  static List<String> sorted(List<String> lines) {
    List<String> s = new ArrayList<>(lines);
    java.util.Collections.sort(s);
    return s;
  }

  /** SHA-256 of the sorted lines, each followed by a newline: the digest the suite records of an answer. */
  static String sha256(List<String> lines) throws java.security.NoSuchAlgorithmException {
    List<String> sorted = new ArrayList<>(lines);
    java.util.Collections.sort(sorted);
    java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
    for (String l : sorted) {
      md.update((l + "\n").getBytes(StandardCharsets.UTF_8));
    }
    StringBuilder b = new StringBuilder();
    for (byte x : md.digest()) {
      b.append(String.format("%02x", x & 0xff));
    }
    return b.toString();
  }
}
