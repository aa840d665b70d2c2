package org.hadoopopt.compat;

import java.util.Map;

/**
 * Counts MapTask's per-attempt collector lines in a log: "Map output collector class = C" (C
 * was used) and "Unable to initialize MapOutputCollector C" (C declined, the next was tried).
 */
public final class CollectorLines {
  /** Fingerprint collector used by a map attempt. */
  public static final String FP_USED = "fp.used";
  /** Fingerprint collector declined at init (the attempt went on to the next collector). */
  public static final String FP_DECLINED = "fp.declined";
  /** Hadoop's own collector used by a map attempt. */
  public static final String STOCK_USED = "stock.used";

  static final String FP_CLASS = "org.hadoopopt.fingerprint.collector.FingerprintCollector";
  private static final String USED = "Map output collector class = ";
  private static final String DECLINED = "Unable to initialize MapOutputCollector ";

  private CollectorLines() {}

  /** Adds what one log line says to {@code counts}. */
  public static void count(String line, Map<String, Long> counts) {
    int u = line.indexOf(USED);
    if (u >= 0) {
      String c = line.substring(u + USED.length()).trim();
      counts.merge(c.startsWith(FP_CLASS) ? FP_USED : STOCK_USED, 1L, Long::sum);
      return;
    }
    int d = line.indexOf(DECLINED);
    if (d >= 0 && line.startsWith(FP_CLASS, d + DECLINED.length())) {
      counts.merge(FP_DECLINED, 1L, Long::sum);
    }
  }
}
