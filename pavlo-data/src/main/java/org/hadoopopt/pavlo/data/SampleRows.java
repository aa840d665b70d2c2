package org.hadoopopt.inputformats.record;

import java.util.Random;

/**
 * Deterministic rows in the Pavlo text formats, for tests and the decoding micro-benchmark (the
 * benchmark's own generator makes the full-size tables). Field shapes and sizes follow the design
 * notes: Rankings about 60 bytes a row, UserVisits about 135, adRevenue with 2 decimals.
 */
public final class SampleRows {
  private static final String LETTERS = "abcdefghijklmnopqrstuvwxyz";
  private static final String[] COUNTRIES = {"USA", "DEU", "FRA", "CHN", "BRA", "IND", "JPN", "GBR"};
  private static final String[] LANGUAGES = {"en-US", "de-DE", "fr-FR", "zh-CN", "pt-BR", "hi-IN", "ja-JP"};
  private static final String[] AGENTS = {"Mozilla/5.0 (X11; Linux)", "Opera/9.80 (Windows NT 6.1)",
      "Mozilla/4.0 (compatible; MSIE 8.0)", "Lynx/2.8.8", "Safari/537.36 (Macintosh)"};

  private SampleRows() {}

  public static String url(Random r, int urls) {
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

  /** {@code count} UserVisits lines (no newlines). */
  public static String[] userVisits(long seed, int count) {
    Random r = new Random(seed);
    String[] rows = new String[count];
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < count; i++) {
      sb.setLength(0);
      sb.append(1 + r.nextInt(223)).append('.').append(r.nextInt(256)).append('.')
          .append(r.nextInt(256)).append('.').append(r.nextInt(256)).append('|');
      sb.append(url(r, 1000)).append('|');
      Dates.format(Dates.toEpochDay(1975, 1, 1) + r.nextInt(365 * 35), sb);
      sb.append('|');
      Decimals.format(r.nextInt(100_000) * 10_000L, sb);
      sb.append('|').append(AGENTS[r.nextInt(AGENTS.length)]);
      sb.append('|').append(COUNTRIES[r.nextInt(COUNTRIES.length)]);
      sb.append('|').append(LANGUAGES[r.nextInt(LANGUAGES.length)]);
      sb.append('|').append(word(r, 1 + r.nextInt(31)));
      sb.append('|').append(1 + r.nextInt(100));
      rows[i] = sb.toString();
    }
    return rows;
  }

  private static String word(Random r, int len) {
    StringBuilder sb = new StringBuilder(len);
    for (int i = 0; i < len; i++) {
      sb.append(LETTERS.charAt(r.nextInt(LETTERS.length())));
    }
    return sb.toString();
  }
}
