package org.hadoopopt.fingerprint.sort;

/**
 * Comparison sort on (partition, fingerprint), calling the job's comparator only when both tie;
 * kept beside {@link RadixRecordSorter} for the benchmark. A quicksort of its own (median of
 * three, Hoare partition, insertion sort when short) over {@link SortableMetadata}.
 */
public final class QuickRecordSorter extends SortableMetadata {
  private static final int INSERTION_LIMIT = 12;

  @Override
  public int[] sort(RecordIndex r, KeyComparison keyComparison, boolean exactFingerprints) {
    return sort(r, keyComparison, exactFingerprints, false);
  }

  @Override
  void sortPositions(int n) {
    sort(0, n);
  }

  /** Quicksort of positions [from, to): median of three, Hoare partition, insertion sort when short. */
  private void sort(int from, int to) {
    while (to - from > INSERTION_LIMIT) {
      int mid = (from + to) >>> 1;
      int hi = to - 1;
      if (compare(mid, from) < 0) {
        swap(mid, from);
      }
      if (compare(hi, mid) < 0) {
        swap(hi, mid);
        if (compare(mid, from) < 0) {
          swap(mid, from);
        }
      }
      // park the pivot at 'from' so that swaps cannot move it
      swap(from, mid);
      int i = from;
      int j = to;
      while (true) {
        do {
          i++;
        } while (i < to && compare(i, from) < 0);
        do {
          j--;
        } while (compare(j, from) > 0);
        if (i >= j) {
          break;
        }
        swap(i, j);
      }
      swap(from, j); // pivot to its final place
      if (j - from < to - (j + 1)) {
        sort(from, j);
        from = j + 1;
      } else {
        sort(j + 1, to);
        to = j;
      }
    }
    for (int i = from + 1; i < to; i++) {
      for (int j = i; j > from && compare(j - 1, j) > 0; j--) {
        swap(j - 1, j);
      }
    }
  }
}
