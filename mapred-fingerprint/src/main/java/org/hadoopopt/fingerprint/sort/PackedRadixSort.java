package org.hadoopopt.fingerprint.sort;

import java.util.Arrays;

/**
 * Radix sort for fingerprints of at most 32 bits (hash mode): each record becomes one long,
 * fingerprint in the high half and record number in the low half, so the partition pass, the
 * radix passes and the search for ties read and write only that array, 8 bytes a record.
 * Passes are 11-bit digits (three cover 32 bits) and a pass whose digit is the same for all of a
 * partition's records is skipped. The sort is stable, so equal fingerprints keep record order.
 *
 * <p>Ties are then confirmed between neighbours only: a run of equal fingerprints whose keys are
 * all byte-identical to its first key (the common case: a repeated key) needs no comparator;
 * only a run holding different keys (a real hash collision) is ordered by the job's comparator.
 */
final class PackedRadixSort {
  private static final int DIGIT_BITS = 11;
  private static final int BUCKETS = 1 << DIGIT_BITS;
  private static final int MASK = BUCKETS - 1;
  private static final int DIGITS = (32 + DIGIT_BITS - 1) / DIGIT_BITS;
  /** Shorter ranges are sorted by comparison: clearing the histograms would cost more. */
  private static final int SMALL_RANGE = 512;

  private long[] packed = new long[0];
  private long[] scratch = new long[0];
  private final int[] counts = new int[DIGITS * BUCKETS];
  private final int[] pos = new int[BUCKETS];
  /**
   * Records of one window that share their fingerprint with a neighbour (see {@link #touchRuns});
   * fixed size, so a long run of one repeated key allocates nothing (only its start is touched).
   */
  private final int[] runMembers = new int[4 * Prefetcher.CHUNK];

  /**
   * Sorts the records by (partition, fingerprint, key) into {@code order}.
   * @param order receives the record numbers; at least {@code r.size} long
   * @return each partition's start in {@code order}, up to the last non-empty one, then the end
   */
  int[] sort(RecordIndex r, KeyComparison cmp, boolean exact, int[] order) {
    int n = r.size;
    if (packed.length < n) {
      int c = Math.max(n, r.capacity());
      packed = null; // the old arrays are not kept while the new ones are allocated
      scratch = null;
      packed = new long[c];
      scratch = new long[c];
    }
    int[] bucketStart = groupByPartition(r.partition, r.fingerprint, n);
    IntQuickSort.IntComparator byKey = cmp::compare;
    for (int p = 0; p + 1 < bucketStart.length; p++) {
      int from = bucketStart[p];
      int to = bucketStart[p + 1];
      if (to - from > 1) {
        sortRange(from, to);
      }
      resolveTies(from, to, cmp, byKey, exact, order);
    }
    return bucketStart;
  }

  /** Counting sort by partition into {@link #packed}; returns each partition's start (plus the end). */
  private int[] groupByPartition(int[] part, long[] fp, int n) {
    int[] start = PartitionStarts.of(part, n);
    int[] next = Arrays.copyOf(start, start.length - 1);
    long[] out = packed;
    for (int i = 0; i < n; i++) {
      out[next[part[i]]++] = fp[i] << 32 | i;
    }
    return start;
  }

  /** LSD radix sort of packed[from, to) by the high 32 bits. */
  private void sortRange(int from, int to) {
    if (to - from < SMALL_RANGE) {
      sortSmall(from, to);
      return;
    }
    int[] c = counts;
    Arrays.fill(c, 0);
    long[] a = packed;
    for (int i = from; i < to; i++) {
      long hi = a[i] >>> 32;
      c[(int) (hi & MASK)]++;
      c[BUCKETS + (int) ((hi >>> DIGIT_BITS) & MASK)]++;
      c[2 * BUCKETS + (int) (hi >>> (2 * DIGIT_BITS))]++;
    }
    long[] src = packed;
    long[] dst = scratch;
    for (int d = 0; d < DIGITS; d++) {
      if (!prefixSums(d, from, to - from)) {
        continue; // every record has the same digit here
      }
      int shift = 32 + d * DIGIT_BITS;
      int[] q = pos;
      for (int i = from; i < to; i++) {
        long k = src[i];
        dst[q[(int) (k >>> shift) & MASK]++] = k;
      }
      long[] t = src;
      src = dst;
      dst = t;
    }
    if (src != packed) { // the sorted range ended in the scratch array
      System.arraycopy(src, from, packed, from, to - from);
    }
  }

  /** Sorts packed[from, to) as unsigned longs: by fingerprint, then record number (as stable as the radix). */
  private void sortSmall(int from, int to) {
    long[] a = packed;
    for (int i = from; i < to; i++) {
      a[i] ^= Long.MIN_VALUE;
    }
    Arrays.sort(a, from, to);
    for (int i = from; i < to; i++) {
      a[i] ^= Long.MIN_VALUE;
    }
  }

  /** @return false when all {@code n} records share one value of digit {@code d} */
  private boolean prefixSums(int d, int from, int n) {
    int base = d * BUCKETS;
    int sum = from;
    for (int b = 0; b < BUCKETS; b++) {
      int k = counts[base + b];
      if (k == n) {
        return false;
      }
      pos[b] = sum;
      sum += k;
    }
    return true;
  }

  /**
   * Brings the keys of the records in runs of equal fingerprints among packed[from, to) into
   * cache; single records are not compared, so they are left alone (most keys, when few repeat).
   */
  private void touchRuns(int from, int to, KeyComparison cmp, int[] order) {
    long[] a = packed;
    int n = 0;
    for (int i = from + 1; i < to; i++) {
      if ((a[i] >>> 32) == (a[i - 1] >>> 32)) {
        if (n + 2 > runMembers.length) {
          break; // a window longer than the cache holds anyway (one long run): the rest is read untouched
        }
        runMembers[n++] = order[i];
        if (i - 1 == from || (a[i - 2] >>> 32) != (a[i] >>> 32)) {
          runMembers[n++] = order[i - 1]; // the run's first record
        }
      }
    }
    if (n > 0) {
      cmp.touch(runMembers, 0, n);
    }
  }

  /**
   * Writes packed[from, to)'s record numbers to order, ordering runs of different keys by the
   * comparator. Works a window of about {@link Prefetcher#CHUNK} records at a time (whole runs),
   * whose keys are first brought into cache: the checks read keys in hash order, all over the
   * buffer.
   */
  private void resolveTies(int from, int to, KeyComparison cmp, IntQuickSort.IntComparator byKey, boolean exact,
      int[] order) {
    long[] a = packed;
    for (int i = from; i < to; i++) {
      order[i] = (int) a[i];
    }
    if (exact) {
      return;
    }
    int i = from;
    while (i < to) {
      int end = Math.min(to, i + Prefetcher.CHUNK);
      while (end < to && (a[end] >>> 32) == (a[end - 1] >>> 32)) {
        end++; // a window holds whole runs
      }
      touchRuns(i, end, cmp, order);
      while (i < end) {
        long hi = a[i] >>> 32;
        int first = order[i];
        int j = i + 1;
        boolean differ = false;
        while (j < end && (a[j] >>> 32) == hi) {
          differ = differ || !cmp.sameBytes(first, order[j]);
          j++;
        }
        if (differ) {
          IntQuickSort.sort(order, i, j, byKey);
        }
        i = j;
      }
    }
  }
}
