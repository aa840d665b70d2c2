package org.hadoopopt.fingerprint.collector;

import java.util.Arrays;

/**
 * One generation of the hash-grouping table's values: serialized values back to back in an
 * arena (value {@code i} spans {@code [start[i], start[i + 1])}, the last one up to the arena's
 * size), chained per table entry in arrival order. The table keeps two: folds read one and write
 * the combiner's output into the other.
 */
final class ValueStore {
  /** Bytes per value slot (start, next) and per entry (head, tail, count) besides the arena. */
  static final int BYTES_PER_VALUE = 8;
  static final int BYTES_PER_ENTRY = 12;

  final ByteArena arena;
  private final int[] start;
  private final int[] next;
  final int[] head;
  private final int[] tail;
  final int[] count;
  int size;

  ValueStore(int arenaBytes, int valueSlots, int entryCapacity) {
    arena = new ByteArena(arenaBytes);
    start = new int[valueSlots + 1];
    next = new int[valueSlots];
    head = new int[entryCapacity];
    tail = new int[entryCapacity];
    count = new int[entryCapacity];
  }

  boolean slotsFull() {
    return size == next.length;
  }

  /** Fraction of the arena or of the value slots in use, whichever is larger. */
  double fill() {
    return Math.max(arena.size / (double) arena.capacity(), size / (double) next.length);
  }

  /** Where the next value's bytes start (for rolling back a failed serialization). */
  int mark() {
    return arena.size;
  }

  void rollback(int mark) {
    arena.size = mark;
  }

  /** Links the value serialized since {@code mark} to {@code entry}; the caller checked {@link #slotsFull}. */
  void link(int entry, int mark) {
    int v = size++;
    start[v] = mark;
    start[v + 1] = arena.size;
    next[v] = -1;
    if (count[entry]++ == 0) {
      head[entry] = v;
    } else {
      next[tail[entry]] = v;
    }
    tail[entry] = v;
  }

  int first(int entry) {
    return count[entry] == 0 ? -1 : head[entry];
  }

  int next(int v) {
    return next[v];
  }

  int valueStart(int v) {
    return start[v];
  }

  int valueLength(int v) {
    return (v + 1 < size ? start[v + 1] : arena.size) - start[v];
  }

  /** Empties the store; {@code entries} is how many entries may have values. */
  void clear(int entries) {
    Arrays.fill(count, 0, entries, 0);
    size = 0;
    arena.size = 0;
  }
}
