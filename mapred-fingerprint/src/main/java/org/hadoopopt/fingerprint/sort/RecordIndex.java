package org.hadoopopt.fingerprint.sort;

import java.util.Arrays;

/**
 * Per-record sort metadata kept in primitive arrays beside the serialized-record buffer:
 * partition, key offset, value offset and the key's fingerprint. Record {@code i}'s value ends
 * where record {@code i + 1}'s key starts (records are appended back to back), and the last
 * record's value ends at {@link #end()}.
 */
public final class RecordIndex {
  /** Bytes of metadata per record, counted against {@code mapreduce.task.io.sort.mb}. */
  public static final int BYTES_PER_RECORD = 4 + 2 * 4 + 8;

  int[] partition;
  /**
   * Key and value offsets side by side (2 per record), so that reading a record in sorted order
   * (the spill, the comparator) misses the cache once for both and the next record's key start.
   */
  int[] offsets;
  long[] fingerprint;
  int size;
  int end;

  public RecordIndex(int capacity) {
    partition = new int[capacity];
    offsets = new int[2 * capacity];
    fingerprint = new long[capacity];
  }

  public int size() {
    return size;
  }

  public int capacity() {
    return partition.length;
  }

  /** @return the offset just past the last record's value */
  public int end() {
    return end;
  }

  /** Resizes the arrays keeping their records (old and new arrays are both live while copying). */
  public void grow(int newCapacity) {
    partition = Arrays.copyOf(partition, newCapacity);
    offsets = Arrays.copyOf(offsets, 2 * newCapacity);
    fingerprint = Arrays.copyOf(fingerprint, newCapacity);
  }

  /**
   * Replaces the arrays of an empty index by new ones of {@code newCapacity}, dropping the old
   * ones first, so the two are never live together.
   */
  public void reallocate(int newCapacity) {
    if (size != 0) {
      throw new IllegalStateException("reallocating an index that holds " + size + " records");
    }
    partition = null;
    offsets = null;
    fingerprint = null;
    partition = new int[newCapacity];
    offsets = new int[2 * newCapacity];
    fingerprint = new long[newCapacity];
  }

  /** Appends a record; the caller has checked {@code size() < capacity()}. */
  public void add(int part, int keyOffset, int valueOffset, int recordEnd, long fp) {
    partition[size] = part;
    offsets[2 * size] = keyOffset;
    offsets[2 * size + 1] = valueOffset;
    fingerprint[size] = fp;
    size++;
    end = recordEnd;
  }

  public void clear() {
    size = 0;
    end = 0;
  }

  public int partition(int rec) {
    return partition[rec];
  }

  public long fingerprint(int rec) {
    return fingerprint[rec];
  }

  public int keyStart(int rec) {
    return offsets[2 * rec];
  }

  public int keyLength(int rec) {
    return offsets[2 * rec + 1] - offsets[2 * rec];
  }

  public int valueStart(int rec) {
    return offsets[2 * rec + 1];
  }

  public int valueLength(int rec) {
    int valueEnd = rec + 1 < size ? offsets[2 * rec + 2] : end;
    return valueEnd - offsets[2 * rec + 1];
  }
}
