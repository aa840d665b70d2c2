package org.hadoopopt.fingerprint.sort;

/**
 * Brings records into the CPU cache a chunk at a time before they are read in sorted order.
 *
 * <p>Why: after sorting, records are visited in an order unrelated to where they lie in the
 * buffer (tens of MB), so each visit misses the cache for its index entry and again for its
 * bytes, and the per-record work (comparing, deserializing, combining) between two misses keeps
 * the CPU from overlapping them. Two tight loops that only load (index entries, then the key
 * and value bytes they point to) let the CPU have many misses in flight at once; the real work
 * on the chunk then finds its data in cache.
 */
public final class Prefetcher {
  /** Records per chunk: their index lines and key bytes (about 40 KB) stay in the L2 cache. */
  public static final int CHUNK = 256;

  /** Keeps the loads alive: the JIT may drop loads whose values are never used. */
  private int sink;

  /** Touches the index entries and key/value bytes of records {@code order[from, to)}. */
  public void touch(byte[] data, RecordIndex r, int[] order, int from, int to) {
    int[] off = r.offsets;
    int s = 0;
    for (int i = from; i < to; i++) {
      s += off[2 * order[i] + 1];
    }
    int last = data.length - 1; // an empty key or value may start at the very end
    for (int i = from; i < to; i++) {
      int rec = 2 * order[i];
      s += data[Math.min(off[rec], last)] + data[Math.min(off[rec + 1], last)];
    }
    sink += s;
  }

  /** @return a value depending on every byte touched (never needed, except to keep the loads) */
  public int sink() {
    return sink;
  }
}
