package org.hadoopopt.fingerprint.sort;

/** Quicksort of an int array (record numbers) under a comparator; insertion sort for short ranges. */
final class IntQuickSort {
  interface IntComparator {
    int compare(int a, int b);
  }

  private static final int INSERTION_LIMIT = 12;

  private IntQuickSort() {}

  /** Sorts {@code a[from, to)}. */
  static void sort(int[] a, int from, int to, IntComparator c) {
    while (to - from > INSERTION_LIMIT) {
      int mid = (from + to) >>> 1;
      // median of three moved to 'from' as the pivot
      int lo = from;
      int hi = to - 1;
      if (c.compare(a[mid], a[lo]) < 0) {
        swap(a, mid, lo);
      }
      if (c.compare(a[hi], a[mid]) < 0) {
        swap(a, hi, mid);
        if (c.compare(a[mid], a[lo]) < 0) {
          swap(a, mid, lo);
        }
      }
      int pivot = a[mid];
      // Hoare partition
      int i = lo - 1;
      int j = hi + 1;
      while (true) {
        do {
          i++;
        } while (c.compare(a[i], pivot) < 0);
        do {
          j--;
        } while (c.compare(a[j], pivot) > 0);
        if (i >= j) {
          break;
        }
        swap(a, i, j);
      }
      // recurse into the smaller half, loop on the larger: O(log n) stack
      if (j + 1 - from < to - (j + 1)) {
        sort(a, from, j + 1, c);
        from = j + 1;
      } else {
        sort(a, j + 1, to, c);
        to = j + 1;
      }
    }
    insertionSort(a, from, to, c);
  }

  static void insertionSort(int[] a, int from, int to, IntComparator c) {
    for (int i = from + 1; i < to; i++) {
      int v = a[i];
      int j = i - 1;
      while (j >= from && c.compare(a[j], v) > 0) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = v;
    }
  }

  private static void swap(int[] a, int i, int j) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
