package org.hadoopopt.fingerprint.sort;

/**
 * Comparison sort on (partition, fingerprint), calling the job's comparator only when both tie;
 * kept beside {@link RadixRecordSorter} for the benchmark. Partition, fingerprint, key offset,
 * key length and record number are copied into parallel arrays that are swapped together (as
 * Hadoop swaps its metadata), so the scans of the quicksort read memory in order instead of
 * chasing record numbers.
 */
public final class QuickRecordSorter implements RecordSorter {
  private static final int INSERTION_LIMIT = 12;

  private int[] order = new int[0];
  private int[] part = new int[0];
  private long[] fp = new long[0];
  private int[] keyStart = new int[0];
  private int[] keyLength = new int[0];
  private KeyComparison keys;
  private boolean exact;
  private int[] partitionStarts = new int[1];

  @Override
  public int[] sort(RecordIndex r, KeyComparison keyComparison, boolean exactFingerprints) {
    int n = r.size;
    if (order.length < n) {
      int c = Math.max(n, r.capacity());
      release(); // the old arrays are not kept while the new ones are allocated
      order = new int[c];
      part = new int[c];
      fp = new long[c];
      keyStart = new int[c];
      keyLength = new int[c];
    }
    for (int i = 0; i < n; i++) {
      order[i] = i;
      part[i] = r.partition[i];
      fp[i] = r.fingerprint[i];
      keyStart[i] = r.keyStart(i);
      keyLength[i] = r.keyLength(i);
    }
    keys = keyComparison;
    exact = exactFingerprints;
    sort(0, n);
    keys = null;
    int maxPart = n == 0 ? -1 : part[n - 1];
    partitionStarts = new int[maxPart + 2];
    int q = 0;
    for (int p = 0; p <= maxPart + 1; p++) {
      while (q < n && part[q] < p) {
        q++;
      }
      partitionStarts[p] = q;
    }
    return order;
  }

  /** order, partition, key start and key length (4 bytes each) and the fingerprint (8). */
  @Override
  public int scratchBytesPerRecord() {
    return 24;
  }

  @Override
  public void release() {
    order = new int[0];
    part = new int[0];
    fp = new long[0];
    keyStart = new int[0];
    keyLength = new int[0];
  }

  @Override
  public int partitionStart(int p) {
    int[] s = partitionStarts;
    return p < s.length ? s[p] : s[s.length - 1];
  }

  private int compare(int i, int j) {
    int c = Integer.compare(part[i], part[j]);
    if (c != 0) {
      return c;
    }
    c = Long.compareUnsigned(fp[i], fp[j]);
    if (c != 0 || exact) {
      return c;
    }
    return keys.compareAt(keyStart[i], keyLength[i], keyStart[j], keyLength[j]);
  }

  private void swap(int i, int j) {
    int o = order[i];
    order[i] = order[j];
    order[j] = o;
    int p = part[i];
    part[i] = part[j];
    part[j] = p;
    long f = fp[i];
    fp[i] = fp[j];
    fp[j] = f;
    int s = keyStart[i];
    keyStart[i] = keyStart[j];
    keyStart[j] = s;
    int l = keyLength[i];
    keyLength[i] = keyLength[j];
    keyLength[j] = l;
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
