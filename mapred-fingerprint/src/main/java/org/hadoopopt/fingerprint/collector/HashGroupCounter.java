package org.hadoopopt.fingerprint.collector;

/** Task counters of {@link HashGroupCollector}: they show that it ran, folded, spilled or fell back. */
public enum HashGroupCounter {
  /** Map output records that went into the hash table (not those collected after a fallback). */
  RECORDS_HASHED,
  /** Key groups of two or more values that the combiner folded inside the table. */
  COMBINER_FOLDS,
  /**
   * Records added in place to their key's running sum, for Hadoop's summing combiners
   * ({@link RawSumCombiner}); also counted as combine input records.
   */
  RAW_SUMS,
  /** Map tasks that went back to sorting (the fingerprint collector) after starting to hash. */
  FALLBACKS_TO_SORT,
  /** Spills written from the table (its distinct keys sorted, each with its folded values). */
  TABLE_SPILLS,
  /** Map tasks in which the collector declined at init, so the next collector of the list ran. */
  DECLINED
}
