package org.hadoopopt.pavlo.data;

import java.util.Random;

/**
 * Small deterministic tables in the Pavlo text formats, for tests and the decoding micro-benchmarks:
 * Rankings about 60 bytes a row; UserVisits (about 130) from {@link UserVisitsRows}, the generator of
 * the benchmark's own tables.
 */
public final class SampleRows {
  private static final String LETTERS = "abcdefghijklmnopqrstuvwxyz";

  private SampleRows() {}

  private static String url(Random r, int urls) {
    int n = r.nextInt(urls);
    return "http://www." + word(new Random(n), 10) + ".com/page" + n + ".html";
  }

  /** {@code count} Rankings lines (no newlines) over {@code urls} distinct URLs. */
  public static String[] rankings(long seed, int count) {
    Random r = new Random(seed);
    String[] rows = new String[count];
    for (int i = 0; i < count; i++) {
      rows[i] = url(r, 1000) + "|" + r.nextInt(100) + "|" + (1 + r.nextInt(99));
    }
    return rows;
  }

  /**
   * {@code count} UserVisits lines (no newlines): {@link UserVisitsRows} with the benchmark's dates and
   * prefixes, destURLs over 1,000 pages, sourceIPs from a pool of a million.
   */
  public static String[] userVisits(long seed, int count) {
    return new UserVisitsRows(seed, 1000, 1_000_000, UserVisitsRows.PAVLO_IP_PREFIXES, UserVisitsRows.PAVLO_FIRST_DATE,
        UserVisitsRows.PAVLO_DATE_DAYS).rows(count);
  }

  private static String word(Random r, int len) {
    StringBuilder sb = new StringBuilder(len);
    for (int i = 0; i < len; i++) {
      sb.append(LETTERS.charAt(r.nextInt(LETTERS.length())));
    }
    return sb.toString();
  }
}
