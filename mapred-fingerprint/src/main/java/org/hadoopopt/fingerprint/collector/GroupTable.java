package org.hadoopopt.fingerprint.collector;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.hadoopopt.fingerprint.sort.RecordIndex;

/**
 * The hash-grouping table: an open-addressing table (linear probing, at most half full) over the
 * distinct (partition, serialized key) pairs of a map's output, each entry's values chained in a
 * {@link ValueStore}. Keys lie back to back in one arena and are described by a
 * {@link RecordIndex} whose records have empty values, so a spill sorts the entries with the
 * fingerprint collector's sorter as it would sort records. Every array is allocated once, sized
 * from the table's byte budget ({@link Layout}), and never grows.
 */
final class GroupTable {
  final ByteArena keys;
  final RecordIndex index;
  /**
   * Probe slots, {@link #STRIDE} longs each: the entry's probe hash in the high 32 bits and entry
   * + 1 in the low ones (0 = free); the key's length and partition; its first 16 bytes, packed.
   * A probe compares a key of up to 16 bytes in that one slot, with no cache miss into the entry
   * arrays or the key arena (the hash-grouping profile showed those misses as its largest cost);
   * only longer keys compare the rest in the arena.
   */
  private final long[] slots;
  static final int STRIDE = 4;
  /** Key bytes held in a slot. */
  private static final int PACKED = 16;
  private final int mask;
  private final int entryCapacity;
  /** Values being collected into, and the spare generation a fold writes into. */
  ValueStore current;
  ValueStore spare;
  int entries;
  /** Counts {@link #clear}s: an entry number found before is valid while this is unchanged (entries never move). */
  int generation;

  GroupTable(Layout layout) {
    keys = new ByteArena(layout.keyBytes);
    entryCapacity = layout.entries;
    index = new RecordIndex(entryCapacity);
    slots = new long[layout.slots * STRIDE];
    mask = layout.slots - 1;
    current = new ValueStore(layout.valueBytes, layout.valueSlots, entryCapacity);
    spare = new ValueStore(layout.valueBytes, layout.valueSlots, entryCapacity);
  }

  /** How a byte budget is split between the table's arrays. */
  static final class Layout {
    /** Bytes per entry: index, two probe slots of {@link #STRIDE} longs, two stores' chain heads, the sorter's scratch. */
    static final int BYTES_PER_ENTRY = RecordIndex.BYTES_PER_RECORD + 2 * STRIDE * 8 + 2 * ValueStore.BYTES_PER_ENTRY + 24;

    final int keyBytes;
    final int entries;
    final int slots;
    final int valueBytes;
    final int valueSlots;

    /** 15% key bytes, 35% entries, 2 x 25% values (2/3 arena, 1/3 slots). */
    Layout(long budget) {
      this(budget, false);
    }

    /**
     * SUMS: each entry holds one value, its running sum ({@link RawSumCombiner}), so the values
     * take a small share and the entries a larger one.
     */
    Layout(long budget, boolean sums) {
      int entryShare = sums ? 55 : 35;
      int valueShare = sums ? 15 : 25; // each of the two stores
      keyBytes = (int) Math.min(Integer.MAX_VALUE - 16, budget * 15 / 100);
      int e = (int) Math.min(1 << 26, Math.max(16, budget * entryShare / 100 / BYTES_PER_ENTRY));
      slots = Integer.highestOneBit(2 * e); // a power of two, at most the two a budgeted entry pays for
      entries = slots / 2;
      valueBytes = (int) Math.min(Integer.MAX_VALUE - 16, budget * valueShare * 2 / 3 / 100);
      valueSlots = (int) Math.max(16, Math.min(1 << 28, budget * valueShare / 3 / 100 / ValueStore.BYTES_PER_VALUE));
    }
  }

  private static final VarHandle BIG_ENDIAN_LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  /**
   * The probe hash of a serialized key in a partition: its first 16 bytes as the two longs a probe
   * slot holds (loaded eight bytes at a time, not byte by byte), the length and partition, then
   * any longer key's remaining bytes, finished by Murmur3's 64-bit mix.
   */
  static int hash(byte[] b, int off, int len, int partition) {
    return hash(pack(b, off, len, 0), pack(b, off, len, 8), b, off, len, partition);
  }

  /** {@link #hash(byte[], int, int, int)} of a key whose first 16 bytes were packed already (FIRST, SECOND). */
  static int hash(long first, long second, byte[] b, int off, int len, int partition) {
    long h = first * 0x9E3779B97F4A7C15L
        + Long.rotateLeft(second * 0xC2B2AE3D27D4EB4FL, 31)
        + (((long) len << 32) | (partition & 0xffffffffL));
    for (int i = off + PACKED, end = off + len; i < end; i++) {
      h = 31 * h + b[i];
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb93e2f0b5ca3L;
    return (int) (h ^ (h >>> 33));
  }

  /**
   * @return the entry of this key in this partition, or {@code -1 - slot} (the free slot where
   *     it would go) when absent
   */
  int find(byte[] key, int off, int len, int partition, int h) {
    long lengthAndPartition = ((long) len << 32) | (partition & 0xffffffffL);
    long first = pack(key, off, len, 0);
    long second = pack(key, off, len, 8);
    int s = h & mask;
    while (true) {
      int at = s * STRIDE;
      long slot = slots[at];
      if (slot == 0) {
        return -1 - s;
      }
      if ((int) (slot >>> 32) == h && slots[at + 1] == lengthAndPartition && slots[at + 2] == first
          && slots[at + 3] == second) {
        int e = (int) slot - 1;
        if (len <= PACKED || keys.equalsAt(index.keyStart(e) + PACKED, key, off + PACKED, len - PACKED)) {
          return e;
        }
      }
      s = (s + 1) & mask;
    }
  }

  /**
   * Loads the first probe slot of hash H (to bring it into the cache ahead of {@link #find}): both
   * its ends, since a 32-byte slot after the array's 16-byte header straddles two cache lines every
   * other slot.
   */
  long touch(int h) {
    int at = (h & mask) * STRIDE;
    return slots[at] + slots[at + STRIDE - 1];
  }

  /** Key bytes {@code [from, from + 8)} of a key of LEN bytes at OFF, big-endian, zero past its end. */
  static long pack(byte[] b, int off, int len, int from) {
    int n = len - from;
    if (n <= 0) {
      return 0L;
    }
    int at = off + from;
    if (at + 8 <= b.length) { // one load, the bytes past the key masked off
      long v = (long) BIG_ENDIAN_LONGS.get(b, at);
      return n >= 8 ? v : v & (-1L << (8 * (8 - n)));
    }
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (i < n ? b[at + i] & 0xff : 0);
    }
    return v;
  }

  boolean hasRoomFor(int len) {
    return entries < entryCapacity && len <= keys.capacity() - keys.size;
  }

  /** Whether a key of {@code len} bytes would fit the empty table. */
  boolean canEverHold(int len) {
    return len <= keys.capacity();
  }

  /** Adds an entry at the free slot {@link #find} returned; the caller checked {@link #hasRoomFor}. */
  int insert(int freeSlotCode, byte[] key, int off, int len, int partition, int h, long fingerprint) {
    int e = entries++;
    int keyStart = keys.size;
    System.arraycopy(key, off, keys.data, keyStart, len);
    keys.size += len;
    index.add(partition, keyStart, keys.size, keys.size, fingerprint);
    int at = (-1 - freeSlotCode) * STRIDE;
    slots[at] = ((long) h << 32) | (e + 1);
    slots[at + 1] = ((long) len << 32) | (partition & 0xffffffffL);
    slots[at + 2] = pack(key, off, len, 0);
    slots[at + 3] = pack(key, off, len, 8);
    return e;
  }

  /** Makes the fold's output the current values and empties the other store. */
  void swapStores() {
    ValueStore t = current;
    current = spare;
    spare = t;
    spare.clear(entries);
  }

  /** Empties the table (after a spill). */
  void clear() {
    current.clear(entries);
    spare.clear(entries);
    Arrays.fill(slots, 0);
    index.clear();
    keys.size = 0;
    entries = 0;
    generation++;
  }

  /** Whether some entry holds two or more values (a fold would reduce). */
  boolean hasGroups() {
    return current.size > entries;
  }
}
