package org.hadoopopt.fingerprint.sort;

import org.apache.hadoop.util.IndexedSorter;
import org.apache.hadoop.util.QuickSort;

/**
 * Stock's order, equal keys included: the job's {@link IndexedSorter} ({@code map.sort.class},
 * Hadoop's {@link QuickSort} unless the job names another), run as Hadoop's
 * {@code MapOutputBuffer} runs it, over the same sequence (its metadata lies newest record first)
 * with comparisons of the same sign ({@link SortableMetadata}: the fingerprint decides where it
 * can, the comparator where fingerprints tie). The sorter's pivots and swaps depend only on those
 * signs, so records with equal keys end where Hadoop's sort puts them, and the spill's bytes are
 * stock's.
 */
public final class StockOrderSorter extends SortableMetadata {
  private final IndexedSorter sorter;

  /** @param sorter the job's in-memory sorter ({@code map.sort.class}) */
  public StockOrderSorter(IndexedSorter sorter) {
    this.sorter = sorter;
  }

  /** With Hadoop's default sorter. */
  public StockOrderSorter() {
    this(new QuickSort());
  }

  @Override
  public int[] sort(RecordIndex r, KeyComparison keyComparison, boolean exactFingerprints) {
    return sort(r, keyComparison, exactFingerprints, true);
  }

  @Override
  void sortPositions(int n) {
    sorter.sort(this, 0, n);
  }
}
