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
 * thread). The table starts small and doubles while it is half full, up to a byte budget, so a few
 * thousand keys stay in the caches; when the keys fill the budget, every key and its sum goes to the
 * mapper's sink (a partial result, which the job's combiner and reducer add up as they would any map
 * output) and the table starts empty again.
 */
public final class PartialSums {
  /** Where partial sums go: a key's bytes and its sum (the array is the table's: copy what you keep). */
  public interface Sink {
    void accept(byte[] key, int off, int len, long sum) throws IOException, InterruptedException;
  }

  /**
   * Longs per probe slot: the key's hash, its length (255: that long or longer, the rest in the
   * arena) and entry + 1 (0: free) in one; key bytes 0..7; key bytes 8..15; the running sum. The
   * sum beside the key: a probe that finds its key adds in the same 32 bytes, one cache miss.
   */
  private static final int STRIDE = 4;
  /** Entries a table may hold: entry + 1 takes the low 24 bits of a slot's first long. */
  private static final int MAX_ENTRIES = (1 << 24) - 1;
  private static final int LONG_KEY = 255;
  /** Key bytes a slot holds. */
  private static final int PACKED = 16;
  /** Rows whose slots are loaded before any is compared. */
  private static final int BATCH = 64;
  /** Bytes per entry the budget pays: two slots (the table at most half full), its slot's and key's start, 16 key bytes. */
  static final int BYTES_PER_ENTRY = 2 * STRIDE * 8 + 4 + 4 + PACKED;
  /** Slots of a new table. */
  private static final int FIRST_SLOTS = 1 << 12;

  private final int maxSlots;
  private long[] slots;
  private int mask;
  /** Each entry's slot, for handing the sums out in the keys' order. */
  private int[] slotOf;
  private int[] keyStart;
  private byte[] keys;
  private int keysUsed;
  private int entries;
  private final int[] hash = new int[BATCH];
  private final long[] first = new long[BATCH];
  private final long[] second = new long[BATCH];
  private long touched;

  /** A table that grows to about BUDGET bytes (at least 16 entries) before it drains. */
  public PartialSums(long budget) {
    int e = (int) Math.min(MAX_ENTRIES, Math.max(16, budget / BYTES_PER_ENTRY));
    maxSlots = Integer.highestOneBit(2 * e);
    allocate(Math.min(FIRST_SLOTS, maxSlots));
  }

  private void allocate(int s) {
    slots = new long[s * STRIDE];
    mask = s - 1;
    slotOf = slotOf == null ? new int[s / 2] : Arrays.copyOf(slotOf, s / 2);
    keyStart = keyStart == null ? new int[s / 2] : Arrays.copyOf(keyStart, s / 2);
    int keyBytes = (int) Math.min(Integer.MAX_VALUE - 16, (long) (s / 2) * PACKED);
    keys = keys == null ? new byte[keyBytes] : Arrays.copyOf(keys, Math.max(keys.length, keyBytes));
  }

  /** Keys held. */
  public int size() {
    return entries;
  }

  /** Keys the table holds before it drains, once grown to its budget. */
  public int capacity() {
    return maxSlots / 2;
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
        int j = i - from;
        long f = GroupTable.pack(data, starts[r], lengths[r], 0);
        long g = GroupTable.pack(data, starts[r], lengths[r], 8);
        int h = GroupTable.hash(f, g, data, starts[r], lengths[r], 0);
        first[j] = f;
        second[j] = g;
        hash[j] = h;
        int at = (h & mask) * STRIDE;
        touched += slots[at] + slots[at + STRIDE - 1]; // both ends: a slot may straddle two cache lines
      }
      for (int i = from; i < to; i++) {
        int r = rows[i];
        int j = i - from;
        add(data, starts[r], lengths[r], first[j], second[j], hash[j], values[r], sink);
      }
    }
  }

  /** Adds V to the sum of the key {@code B[OFF, OFF + LEN)}. */
  public void add(byte[] b, int off, int len, long v, Sink sink) throws IOException, InterruptedException {
    long f = GroupTable.pack(b, off, len, 0);
    long g = GroupTable.pack(b, off, len, 8);
    add(b, off, len, f, g, GroupTable.hash(f, g, b, off, len, 0), v, sink);
  }

  private void add(byte[] b, int off, int len, long f, long g, int h, long v, Sink sink)
      throws IOException, InterruptedException {
    long tag = ((long) h << 32) | ((long) Math.min(len, LONG_KEY) << 24);
    int s = h & mask;
    while (true) {
      int at = s * STRIDE;
      long slot = slots[at];
      if (slot == 0) {
        break;
      }
      if ((slot & ~0xFFFFFFL) == tag && slots[at + 1] == f && slots[at + 2] == g) {
        int e = (int) (slot & 0xFFFFFF) - 1;
        if (len <= PACKED || len < LONG_KEY || keyLength(e) == len) {
          if (len <= PACKED || Arrays.equals(keys, keyStart[e] + PACKED, keyStart[e] + len, b, off + PACKED, off + len)) {
            slots[at + 3] += v;
            return;
          }
        }
      }
      s = (s + 1) & mask;
    }
    if (2 * (entries + 1) > mask + 1 || len > keys.length - keysUsed) {
      if (mask + 1 < maxSlots) {
        grow();
      } else if (len > keys.length) {
        sink.accept(b, off, len, v); // a key larger than the whole table: its own partial
        return;
      } else {
        drain(sink);
      }
      add(b, off, len, f, g, h, v, sink);
      return;
    }
    int e = entries++;
    System.arraycopy(b, off, keys, keysUsed, len);
    keyStart[e] = keysUsed;
    keysUsed += len;
    int at = s * STRIDE;
    slots[at] = tag | (e + 1);
    slots[at + 1] = f;
    slots[at + 2] = g;
    slots[at + 3] = v;
    slotOf[e] = s;
  }

  private int keyLength(int e) {
    return (e + 1 < entries ? keyStart[e + 1] : keysUsed) - keyStart[e];
  }

  /** Doubles the table (the slots placed again from the old ones; keys keep their places). */
  private void grow() {
    long[] old = slots;
    allocate((mask + 1) * 2);
    for (int at = 0; at < old.length; at += STRIDE) {
      if (old[at] != 0) {
        int s = (int) (old[at] >>> 32) & mask;
        while (slots[s * STRIDE] != 0) {
          s = (s + 1) & mask;
        }
        System.arraycopy(old, at, slots, s * STRIDE, STRIDE);
        slotOf[(int) (old[at] & 0xFFFFFF) - 1] = s;
      }
    }
  }

  /** Hands every key and its sum to SINK, in the order the keys came, and empties the table. */
  public void drain(Sink sink) throws IOException, InterruptedException {
    for (int e = 0; e < entries; e++) {
      sink.accept(keys, keyStart[e], keyLength(e), slots[slotOf[e] * STRIDE + 3]);
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
