package org.hadoopopt.inputformats.mapreduce;

/** Job counters of {@link RangeIndexInputFormat} (group: this enum's class name). */
public enum RangeIndexCounter {
  /** Pages in the indexes of the input files. */
  PAGES_TOTAL,
  /** Pages whose key range lies outside the query range, never read. */
  PAGES_PRUNED,
  /** Bytes of the pruned pages. */
  BYTES_SKIPPED,
  /** Input files read whole because their index was missing or stale. */
  STALE_INDEX_FALLBACKS
}
