package org.hadoopopt.compat;

import java.util.Map;

/**
 * Counts the per-attempt lines of the map-output collectors and the reduce-side merge in a log:
 * MapTask's "Map output collector class = C" (C took the attempt; for the hash-grouping collector
 * only that it was first to accept), the hash-grouping collector's own "HashGroupCollector
 * declines this task: ...; map output collector: C" (it handed the attempt to C without throwing;
 * "so does the fingerprint collector ..." when the fingerprint collector declined it too), the
 * fingerprint collector's warning "FingerprintCollector declines this task" (logged once per
 * decline, before MapTask's "Unable to initialize MapOutputCollector" line, which is not counted),
 * and the reduce side's "fingerprint merge for reduce" and "fingerprint merge declines reduce".
 */
public final class CollectorLines {
  /** Fingerprint collector used by a map attempt. */
  public static final String FP_USED = "fp.used";
  /** Fingerprint collector declined at init (the attempt went on to the next collector). */
  public static final String FP_DECLINED = "fp.declined";
  /** Hadoop's own collector used by a map attempt. */
  public static final String STOCK_USED = "stock.used";
  /** Hash-grouping collector accepted by MapTask (it may then have handed the attempt on). */
  public static final String HASH_LISTED = "hash.listed";
  /** Hash-grouping collector handed the attempt to the next collector at init. */
  public static final String HASH_DECLINED = "hash.declined";
  /** Reduce attempts that merged with the fingerprint merge. */
  public static final String MERGE_USED = "merge.used";
  /** Reduce attempts where the fingerprint merge declined (Hadoop's merge manager ran). */
  public static final String MERGE_DECLINED = "merge.declined";

  static final String FP_CLASS = "org.hadoopopt.fingerprint.collector.FingerprintCollector";
  static final String HASH_CLASS = "org.hadoopopt.fingerprint.collector.HashGroupCollector";
  private static final String USED = "Map output collector class = ";
  private static final String HASH_DECLINES = "HashGroupCollector declines this task: ";
  private static final String TAKEN_BY = "; map output collector: ";
  private static final String FP_DECLINES = "FingerprintCollector declines this task: ";
  private static final String FP_ALSO = "so does the fingerprint collector";

  private CollectorLines() {}

  /** Adds what one log line says to {@code counts}. */
  public static void count(String line, Map<String, Long> counts) {
    int u = line.indexOf(USED);
    if (u >= 0) {
      String c = line.substring(u + USED.length()).trim();
      counts.merge(c.startsWith(FP_CLASS) ? FP_USED : c.startsWith(HASH_CLASS) ? HASH_LISTED : STOCK_USED, 1L, Long::sum);
      return;
    }
    int h = line.indexOf(HASH_DECLINES);
    if (h >= 0) {
      counts.merge(HASH_DECLINED, 1L, Long::sum);
      if (line.startsWith(FP_ALSO, h + HASH_DECLINES.length())) {
        counts.merge(FP_DECLINED, 1L, Long::sum); // its fallback declined quietly, named here
      }
      int t = line.lastIndexOf(TAKEN_BY);
      if (t >= 0) {
        String c = line.substring(t + TAKEN_BY.length()).trim();
        counts.merge(c.startsWith(FP_CLASS) ? FP_USED : STOCK_USED, 1L, Long::sum);
      }
      return;
    }
    if (line.contains(FP_DECLINES)) {
      counts.merge(FP_DECLINED, 1L, Long::sum);
      return;
    }
    if (line.contains("fingerprint merge for reduce ")) {
      counts.merge(MERGE_USED, 1L, Long::sum);
    } else if (line.contains("fingerprint merge declines reduce ")) {
      counts.merge(MERGE_DECLINED, 1L, Long::sum);
    }
  }

  /** Map attempts that the hash-grouping collector itself served. */
  static long hashUsed(Map<String, Long> counts) {
    return counts.getOrDefault(HASH_LISTED, 0L) - counts.getOrDefault(HASH_DECLINED, 0L);
  }
}
