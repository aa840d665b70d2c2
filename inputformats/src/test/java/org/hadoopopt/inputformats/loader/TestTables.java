package org.hadoopopt.inputformats.loader;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/** Small deterministic Rankings and UserVisits tables as '|' lines, written by the test itself. */
final class TestTables {
  final List<String> rankings = new ArrayList<>();
  final List<String> userVisits = new ArrayList<>();

  TestTables(long seed, int rankingRows, int visitRows) {
    Random r = new Random(seed);
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < rankingRows; i++) {
      String url = "http://u" + i + ".example.com/" + Integer.toString(r.nextInt(1 << 20), 36);
      urls.add(url);
      // Skewed like the benchmark: most ranks 1..30, a few large ones.
      int rank = r.nextInt(50) == 0 ? 100 + r.nextInt(900) : 1 + r.nextInt(30);
      rankings.add(url + "|" + rank + "|" + (1 + r.nextInt(100)));
    }
    LocalDate base = LocalDate.of(1999, 12, 1);
    for (int i = 0; i < visitRows; i++) {
      String ip = r.nextInt(256) + "." + r.nextInt(256) + "." + r.nextInt(256) + "." + r.nextInt(256);
      String date = base.plusDays(r.nextInt(120)).toString();
      String revenue = String.format(Locale.ROOT, "%d.%02d", r.nextInt(1000), r.nextInt(100));
      userVisits.add(ip + "|" + urls.get(r.nextInt(urls.size())) + "|" + date + "|" + revenue + "|Mozilla/5.0|USA|en-US|w"
          + r.nextInt(500) + "|" + (1 + r.nextInt(100)));
    }
  }

  static void write(File file, List<String> lines) throws IOException {
    file.getParentFile().mkdirs();
    Files.write(file.toPath(), (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  // ---- independent expectations: String.split and java.time over the input lines ----

  /** Key of a line: column {@code col} as a long (int, or epoch day for a date). */
  static long key(String line, int col) {
    String v = line.split("\\|")[col];
    return v.contains("-") ? LocalDate.parse(v).toEpochDay() : Long.parseLong(v);
  }

  /** The projection the tests compare: all Rankings columns; UserVisits sourceIP, destURL, visitDate, duration. */
  static String project(String line) {
    String[] f = line.split("\\|");
    return f.length == 3 ? line : f[0] + "|" + f[1] + "|" + f[2] + "|" + f[8];
  }

  /** The projected lines whose key in column {@code col} lies in the range (null = unbounded), sorted. */
  static List<String> expected(List<String> lines, int col, Long lo, boolean loIn, Long hi, boolean hiIn) {
    List<String> out = new ArrayList<>();
    for (String l : lines) {
      long k = key(l, col);
      if ((lo == null || k > lo || loIn && k == lo) && (hi == null || k < hi || hiIn && k == hi)) {
        out.add(project(l));
      }
    }
    Collections.sort(out);
    return out;
  }
}
