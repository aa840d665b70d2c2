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
  public static final int BYTES_PER_RECORD = 4 + 4 + 4 + 8;

  int[] partition;
  int[] keyStart;
  int[] valueStart;
  long[] fingerprint;
  int size;
  int end;

  public RecordIndex(int capacity) {
    partition = new int[capacity];
    keyStart = new int[capacity];
    valueStart = new int[capacity];
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

  public void grow(int newCapacity) {
    partition = Arrays.copyOf(partition, newCapacity);
    keyStart = Arrays.copyOf(keyStart, newCapacity);
    valueStart = Arrays.copyOf(valueStart, newCapacity);
    fingerprint = Arrays.copyOf(fingerprint, newCapacity);
  }

  /** Appends a record; the caller has checked {@code size() < capacity()}. */
  public void add(int part, int keyOffset, int valueOffset, int recordEnd, long fp) {
    partition[size] = part;
    keyStart[size] = keyOffset;
    valueStart[size] = valueOffset;
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
    return keyStart[rec];
  }

  public int keyLength(int rec) {
    return valueStart[rec] - keyStart[rec];
  }

  public int valueStart(int rec) {
    return valueStart[rec];
  }

  public int valueLength(int rec) {
    int valueEnd = rec + 1 < size ? keyStart[rec + 1] : end;
    return valueEnd - valueStart[rec];
  }
}
