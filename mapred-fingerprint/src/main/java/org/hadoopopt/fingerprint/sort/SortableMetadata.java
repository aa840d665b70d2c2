package org.hadoopopt.fingerprint.sort;

import org.apache.hadoop.util.IndexedSortable;

/**
 * The comparison sorts' working copy of a {@link RecordIndex}: partition, fingerprint, key start,
 * key length and record number in parallel arrays that are swapped together (as Hadoop swaps its
 * metadata), so a comparison reads memory in order instead of chasing record numbers. Compares
 * by (partition, fingerprint as unsigned long, the job's comparator only when both tie), which
 * gives every pair the sign Hadoop's (partition, comparator) gives it, since the fingerprints
 * order keys as the comparator does.
 */
abstract class SortableMetadata implements IndexedSortable, RecordSorter {
  int[] order = new int[0];
  private int[] part = new int[0];
  private long[] fp = new long[0];
  private int[] keyStart = new int[0];
  private int[] keyLength = new int[0];
  private KeyComparison keys;
  private boolean exact;
  private int[] partitionStarts = new int[1];

  /**
   * Copies the records into the arrays (record {@code n - 1 - i} at position {@code i} when
   * {@code newestFirst}, as Hadoop's metadata lies), sorts positions {@code [0, n)} with
   * {@link #sortPositions} and returns the record numbers in sorted order.
   */
  final int[] sort(RecordIndex r, KeyComparison keyComparison, boolean exactFingerprints, boolean newestFirst) {
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
      int rec = newestFirst ? n - 1 - i : i;
      order[i] = rec;
      part[i] = r.partition[rec];
      fp[i] = r.fingerprint[rec];
      keyStart[i] = r.keyStart(rec);
      keyLength[i] = r.keyLength(rec);
    }
    keys = keyComparison;
    exact = exactFingerprints;
    try {
      sortPositions(n);
    } finally {
      keys = null;
    }
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

  /** Sorts positions {@code [0, n)} through {@link #compare} and {@link #swap}. */
  abstract void sortPositions(int n);

  /** order, partition, key start and key length (4 bytes each) and the fingerprint (8). */
  @Override
  public final int scratchBytesPerRecord() {
    return 24;
  }

  @Override
  public final void release() {
    order = new int[0];
    part = new int[0];
    fp = new long[0];
    keyStart = new int[0];
    keyLength = new int[0];
  }

  @Override
  public final int partitionStart(int p) {
    int[] s = partitionStarts;
    return p < s.length ? s[p] : s[s.length - 1];
  }

  @Override
  public final int compare(int i, int j) {
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

  @Override
  public final void swap(int i, int j) {
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
}
