package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import java.util.Arrays;

/**
 * Sums per byte-string key inside a map task, for a mapper that aggregates a page of rows at a time
 * and emits partial results: the hash-grouping table's probing ({@link GroupTable#hash},
 * {@link GroupTable#pack}: a probe slot holds the key's hash, length and first 16 bytes, so a short
 * key is compared without touching anything else) with a running {@code long} sum per key instead
 * of a chain of values, and a batch's probe slots loaded in one loop before any is compared (the
 * collector's {@link ProbeBatch} finding: one cache miss waited out per record was half the map
 * thread). Every array is allocated once from a byte budget; when the keys fill it, every key and
 * its sum goes to the mapper's sink (a partial result, which the job's combiner and reducer add up
 * as they would any map output) and the table starts empty again.
 */
public final class PartialSums {
  /** Where partial sums go: a key's bytes and its sum (the array is the table's: copy what you keep). */
  public interface Sink {
    void accept(byte[] key, int off, int len, long sum) throws IOException, InterruptedException;
  }

  /** Longs per probe slot: hash and entry + 1 (0: free), key length, key bytes 0..7, key bytes 8..15. */
  private static final int STRIDE = 4;
  /** Key bytes a slot holds. */
  private static final int PACKED = 16;
  /** Rows whose slots are loaded before any is compared. */
  private static final int BATCH = 64;
  /** Bytes per entry the budget pays: two slots (the table at most half full), the sum, the key's start, 16 key bytes. */
  static final int BYTES_PER_ENTRY = 2 * STRIDE * 8 + 8 + 4 + PACKED;

  private final long[] slots;
  private final int mask;
  private final int capacity;
  private final long[] sums;
  private final int[] keyStart;
  private final byte[] keys;
  private int keysUsed;
  private int entries;
  private final int[] hash = new int[BATCH];
  private long touched;

  /** A table of about BUDGET bytes (at least 16 entries). */
  public PartialSums(long budget) {
    int e = (int) Math.min(1 << 26, Math.max(16, budget / BYTES_PER_ENTRY));
    int s = Integer.highestOneBit(2 * e);
    slots = new long[s * STRIDE];
    mask = s - 1;
    capacity = s / 2;
    sums = new long[capacity];
    keyStart = new int[capacity];
    keys = new byte[(int) Math.min(Integer.MAX_VALUE - 16, (long) capacity * PACKED)];
  }

  /** Keys held. */
  public int size() {
    return entries;
  }

  /** Keys the table holds before it drains. */
  public int capacity() {
    return capacity;
  }

  /**
   * Adds VALUES[r] to the sum of the key {@code DATA[STARTS[r], STARTS[r] + LENGTHS[r])} for each of
   * the N row numbers R in ROWS (a column batch's selection); when the table is full its keys go to
   * SINK first.
   */
  public void add(byte[] data, int[] starts, int[] lengths, long[] values, int[] rows, int n, Sink sink)
      throws IOException, InterruptedException {
    for (int from = 0; from < n; from += BATCH) {
      int to = Math.min(n, from + BATCH);
      for (int i = from; i < to; i++) {
        int r = rows[i];
        int h = GroupTable.hash(data, starts[r], lengths[r], 0);
        hash[i - from] = h;
        touched += slots[(h & mask) * STRIDE];
      }
      for (int i = from; i < to; i++) {
        int r = rows[i];
        add(data, starts[r], lengths[r], hash[i - from], values[r], sink);
      }
    }
  }

  /** Adds V to the sum of the key {@code B[OFF, OFF + LEN)}. */
  public void add(byte[] b, int off, int len, long v, Sink sink) throws IOException, InterruptedException {
    add(b, off, len, GroupTable.hash(b, off, len, 0), v, sink);
  }

  private void add(byte[] b, int off, int len, int h, long v, Sink sink) throws IOException, InterruptedException {
    long first = GroupTable.pack(b, off, len, 0);
    long second = GroupTable.pack(b, off, len, 8);
    int s = h & mask;
    while (true) {
      int at = s * STRIDE;
      long slot = slots[at];
      if (slot == 0) {
        break;
      }
      if ((int) (slot >>> 32) == h && slots[at + 1] == len && slots[at + 2] == first && slots[at + 3] == second) {
        int e = (int) slot - 1;
        if (len <= PACKED || Arrays.equals(keys, keyStart[e] + PACKED, keyStart[e] + len, b, off + PACKED, off + len)) {
          sums[e] += v;
          return;
        }
      }
      s = (s + 1) & mask;
    }
    if (entries == capacity || len > keys.length - keysUsed) {
      if (len > keys.length) {
        sink.accept(b, off, len, v); // a key larger than the whole table: its own partial
        return;
      }
      drain(sink);
      add(b, off, len, h, v, sink);
      return;
    }
    int e = entries++;
    System.arraycopy(b, off, keys, keysUsed, len);
    keyStart[e] = keysUsed;
    keysUsed += len;
    sums[e] = v;
    int at = s * STRIDE;
    slots[at] = ((long) h << 32) | (e + 1);
    slots[at + 1] = len;
    slots[at + 2] = first;
    slots[at + 3] = second;
  }

  /** Hands every key and its sum to SINK, in the order the keys came, and empties the table. */
  public void drain(Sink sink) throws IOException, InterruptedException {
    for (int e = 0; e < entries; e++) {
      int end = e + 1 < entries ? keyStart[e + 1] : keysUsed;
      sink.accept(keys, keyStart[e], end - keyStart[e], sums[e]);
    }
    Arrays.fill(slots, 0L);
    entries = 0;
    keysUsed = 0;
  }

  /** Keeps the loads of the slots touched ahead of comparing from being optimised away. */
  long touched() {
    return touched;
  }
}
