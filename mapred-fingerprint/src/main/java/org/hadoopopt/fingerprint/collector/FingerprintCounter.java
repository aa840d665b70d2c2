package org.hadoopopt.fingerprint.collector;

/** Task counters of {@link FingerprintCollector}: they show that it ran (or declined) and what its sort did. */
public enum FingerprintCounter {
  /** Sorted runs written by the collector. */
  SPILLS,
  /** Records sorted in memory by fingerprint. */
  RECORDS_SORTED,
  /** Time spent in the in-memory sort (for benchmarks; not a test criterion). */
  SORT_MILLIS,
  /**
   * Key groups that Hadoop's summing combiner folded on raw bytes ({@link RawSumCombiner}) instead
   * of through Hadoop's combiner runner.
   */
  RAW_SUM_GROUPS,
  /** Map tasks in which the collector declined at init, so the next collector of the list ran. */
  DECLINED
}
