package org.hadoopopt.inputformats.mapreduce;

/**
 * Counters of a pushed-down predicate ({@link Pushdown}), kept by the record readers: every row
 * the reader checked, and the rows it handed to the mapper. Rows skipped as malformed
 * ({@link BadRows}) count in neither.
 */
public enum PushdownCounter {
  /** Rows read and checked (by the row grammar and the predicate). */
  ROWS_SCANNED,
  /** Rows that passed the predicate and went to the mapper. */
  ROWS_PASSED
}
