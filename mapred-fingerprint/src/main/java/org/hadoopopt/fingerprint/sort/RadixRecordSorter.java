package org.hadoopopt.fingerprint.sort;

import java.util.Arrays;

/**
 * Radix sort on (partition, fingerprint): one counting pass groups the records by partition
 * (reading the partitions in record order), then each partition's records are sorted LSD on the
 * fingerprint, one byte a pass, skipping every byte position at which all of that partition's
 * records agree (found from one histogram scan). Records carry their fingerprint along, so every
 * pass reads memory in order. Finally each run of equal fingerprints is ordered by the job's
 * comparator (unless fingerprints are exact, or the run's keys are all byte-identical).
 * Fingerprints of 32 bits or fewer (hash mode) go to {@link PackedRadixSort}.
 */
public final class RadixRecordSorter implements RecordSorter {
  private static final int DIGITS = 8;
  /** Runs at least this long are split by deeper fingerprints before the comparator. */
  private static final int REFINE_MIN_RUN = 32;
  /** Deepest fingerprint level tried (64 bytes of key). */
  private static final int MAX_LEVEL = 7;
  /**
   * Shorter ranges (the runs split by deeper fingerprints, mostly) are insertion sorted: clearing
   * the eight 256-entry histograms would cost more than sorting them.
   */
  private static final int SMALL_RANGE = 64;

  private int[] order = new int[0];
  private int[] orderTmp = new int[0];
  private long[] keys = new long[0];
  private long[] keysTmp = new long[0];
  private final int[] counts = new int[DIGITS * 256];
  private final int[] pos = new int[256];
  private PackedRadixSort packedSort;
  private int[] partitionStarts = new int[1];

  @Override
  public int[] sort(RecordIndex r, KeyComparison cmp, boolean exactFingerprints) {
    final int n = r.size;
    if (cmp.fingerprintBits() <= 32) {
      if (order.length < n) {
        order = null; // the old array is not kept while the new one is allocated
        order = new int[Math.max(n, r.capacity())];
      }
      if (packedSort == null) {
        packedSort = new PackedRadixSort();
      }
      partitionStarts = packedSort.sort(r, cmp, exactFingerprints, order);
      return order;
    }
    ensureCapacity(n, r.capacity());
    int[] bucketStart = groupByPartition(r.partition, r.fingerprint, n);
    partitionStarts = bucketStart;
    IntQuickSort.IntComparator byKey = cmp::compare;
    for (int p = 0; p + 1 < bucketStart.length; p++) {
      int from = bucketStart[p];
      int to = bucketStart[p + 1];
      if (to - from > 1) {
        sortRange(from, to);
        if (!exactFingerprints) {
          sortTies(from, to, cmp, byKey, 1);
        }
      }
    }
    return order;
  }

  /** order and orderTmp (4 bytes each), keys and keysTmp (8 each); the packed sort needs 20. */
  @Override
  public int scratchBytesPerRecord() {
    return 24;
  }

  @Override
  public void release() {
    order = new int[0];
    orderTmp = new int[0];
    keys = new long[0];
    keysTmp = new long[0];
    packedSort = null;
  }

  @Override
  public int partitionStart(int p) {
    int[] s = partitionStarts;
    return p < s.length ? s[p] : s[s.length - 1];
  }

  /** Counting sort by partition into order/keys; returns each partition's start (plus the end). */
  private int[] groupByPartition(int[] part, long[] fp, int n) {
    int[] start = PartitionStarts.of(part, n);
    int[] next = Arrays.copyOf(start, start.length - 1);
    int[] ord = order;
    long[] key = keys;
    for (int i = 0; i < n; i++) {
      int q = next[part[i]]++;
      ord[q] = i;
      key[q] = fp[i];
    }
    return start;
  }

  /** LSD radix sort of positions [from, to) of order/keys by the unsigned key. */
  private void sortRange(int from, int to) {
    if (to - from < SMALL_RANGE) {
      insertionSort(from, to);
      return;
    }
    int[] ord = order;
    long[] key = keys;
    int[] ordTmp = orderTmp;
    long[] keyTmp = keysTmp;
    histogram(key, from, to);
    boolean inTmp = false;
    for (int d = 0; d < DIGITS; d++) {
      if (!prefixSums(d, from, to - from)) {
        continue; // every record has the same byte here
      }
      int shift = 8 * d;
      for (int i = from; i < to; i++) {
        long k = key[i];
        int q = pos[(int) (k >>> shift) & 0xff]++;
        keyTmp[q] = k;
        ordTmp[q] = ord[i];
      }
      int[] t = ord;
      ord = ordTmp;
      ordTmp = t;
      long[] tk = key;
      key = keyTmp;
      keyTmp = tk;
      inTmp = !inTmp;
    }
    if (inTmp) { // the sorted range ended in the scratch arrays
      System.arraycopy(ord, from, ordTmp, from, to - from);
      System.arraycopy(key, from, keyTmp, from, to - from);
    }
  }

  /**
   * Orders each run of equal keys in [from, to): a long run is first split by the next level of
   * fingerprint (keys sharing a long prefix, e.g. URLs), what still ties goes to the comparator.
   */
  private void sortTies(int from, int to, KeyComparison cmp, IntQuickSort.IntComparator byKey, int level) {
    int i = from;
    while (i < to) {
      long k = keys[i];
      int j = i + 1;
      while (j < to && keys[j] == k) {
        j++;
      }
      if (j - i >= REFINE_MIN_RUN && level <= MAX_LEVEL && refine(i, j, cmp, level)) {
        sortTies(i, j, cmp, byKey, level + 1);
      } else if (j - i > 1 && !sameKeys(i, j, cmp)) {
        IntQuickSort.sort(order, i, j, byKey);
      }
      i = j;
    }
  }

  /** @return whether the keys of order[from, to) are all byte-identical (a repeated key: no order to find) */
  private boolean sameKeys(int from, int to, KeyComparison cmp) {
    int first = order[from];
    for (int i = from + 1; i < to; i++) {
      if (!cmp.sameBytes(first, order[i])) {
        return false;
      }
    }
    return true;
  }

  /** Replaces the run's keys by their next-level fingerprints and sorts the run by them. */
  private boolean refine(int from, int to, KeyComparison cmp, int level) {
    if (level == 1 && to - from <= 4 * Prefetcher.CHUNK) {
      cmp.touch(order, from, to); // the run's keys are about to be read, all over the buffer
    }
    boolean any = false;
    for (int i = from; i < to && !any; i++) {
      any = cmp.reaches(order[i], level);
    }
    if (!any) {
      return false; // keys end here: only the comparator can tell them apart
    }
    for (int i = from; i < to; i++) {
      keys[i] = cmp.fingerprintAt(order[i], level);
    }
    sortRange(from, to);
    return true;
  }

  /** Stable insertion sort of positions [from, to) of order/keys by the unsigned key. */
  private void insertionSort(int from, int to) {
    int[] ord = order;
    long[] key = keys;
    for (int i = from + 1; i < to; i++) {
      long k = key[i];
      int o = ord[i];
      int j = i - 1;
      while (j >= from && Long.compareUnsigned(key[j], k) > 0) {
        key[j + 1] = key[j];
        ord[j + 1] = ord[j];
        j--;
      }
      key[j + 1] = k;
      ord[j + 1] = o;
    }
  }

  private void histogram(long[] key, int from, int to) {
    int[] c = counts;
    Arrays.fill(c, 0);
    for (int i = from; i < to; i++) {
      long v = key[i];
      c[(int) (v & 0xff)]++;
      c[256 + (int) ((v >>> 8) & 0xff)]++;
      c[512 + (int) ((v >>> 16) & 0xff)]++;
      c[768 + (int) ((v >>> 24) & 0xff)]++;
      c[1024 + (int) ((v >>> 32) & 0xff)]++;
      c[1280 + (int) ((v >>> 40) & 0xff)]++;
      c[1536 + (int) ((v >>> 48) & 0xff)]++;
      c[1792 + (int) (v >>> 56)]++;
    }
  }

  /**
   * Fills {@link #pos} with each byte value's start position for the digit's pass.
   * @return false when all {@code n} records share one byte value there (no pass needed)
   */
  private boolean prefixSums(int digit, int from, int n) {
    int base = digit * 256;
    int sum = from;
    for (int b = 0; b < 256; b++) {
      int c = counts[base + b];
      if (c == n) {
        return false;
      }
      pos[b] = sum;
      sum += c;
    }
    return true;
  }

  private void ensureCapacity(int n, int capacity) {
    if (keys.length < n) {
      int c = Math.max(n, capacity);
      release(); // the old arrays are not kept while the new ones are allocated
      order = new int[c];
      orderTmp = new int[c];
      keys = new long[c];
      keysTmp = new long[c];
    }
  }
}
