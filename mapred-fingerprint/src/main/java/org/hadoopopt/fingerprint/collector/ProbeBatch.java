package org.hadoopopt.fingerprint.collector;

import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;

/**
 * Records ({@code Text} key bytes, a summed value, partition, probe hash) held back so that the
 * hash-grouping table is probed for {@link #CAPACITY} of them at a time: one tight loop first
 * loads each one's probe slot, so the CPU has many cache misses in flight, then the records are
 * added in their order. Probing each record as it arrived waited out one miss (a random slot of a
 * table of megabytes) per record, with the record reader's work in between: the profile showed it
 * as half of the map thread. Only for the raw-sum mode ({@link RawSumCombiner}), whose keys and
 * values are rebuilt from these bytes when a record must go elsewhere (a fallback to sorting).
 */
final class ProbeBatch {
  static final int CAPACITY = 64;

  byte[] bytes = new byte[CAPACITY * 32];
  final int[] offset = new int[CAPACITY];
  final int[] length = new int[CAPACITY];
  final int[] partition = new int[CAPACITY];
  final int[] hash = new int[CAPACITY];
  final long[] value = new long[CAPACITY];
  /** Each record's entry as {@link #probe} found it (negative: absent then). */
  private final int[] entry = new int[CAPACITY];
  /** The table's {@link GroupTable#generation} when {@link #probe} ran. */
  private int probed = -1;
  private GroupTable probedTable;
  int size;
  private int used;
  private final Text key = new Text();
  private final Writable valueObject;

  ProbeBatch(Class<?> valueClass) {
    valueObject = valueClass == LongWritable.class ? new LongWritable() : new IntWritable();
  }

  /** Adds a record; @return whether the batch is now full */
  boolean add(Text k, long v, int p) {
    int n = RawWrites.textLength(k);
    if (bytes.length - used < n + 5) {
      bytes = java.util.Arrays.copyOf(bytes, Math.max(2 * bytes.length, used + n + 5));
    }
    int at = used;
    int vint = RawWrites.writeVInt(bytes, at, k.getLength());
    System.arraycopy(k.getBytes(), 0, bytes, at + vint, k.getLength());
    used += n;
    int i = size++;
    offset[i] = at;
    length[i] = n;
    partition[i] = p;
    hash[i] = GroupTable.hash(bytes, at, n, p);
    value[i] = v;
    return size == CAPACITY;
  }

  void clear() {
    size = 0;
    used = 0;
    probedTable = null;
  }

  /**
   * Brings what the batch's records will touch into the cache, a whole batch of misses in flight
   * at once each time: first every record's probe slot, then (the slots now cached) each record's
   * entry is looked up and, while every entry holds just its running sum ({@code entry x width} in
   * the values' arena), that sum is loaded. Without the second pass the sum's own cache miss was
   * waited out record by record (the largest self time left in the collector, profiled).
   * @return a sum of the loaded values, to be kept so the loads are not dropped
   */
  long probe(GroupTable table, int width) {
    long s = 0;
    for (int i = 0; i < size; i++) {
      s += table.touch(hash[i]);
    }
    ValueStore sums = table.current;
    boolean direct = sums.size == table.entries;
    byte[] data = sums.arena.data;
    for (int i = 0; i < size; i++) {
      int e = table.find(bytes, offset[i], length[i], partition[i], hash[i]);
      entry[i] = e;
      if (direct && e >= 0) {
        s += data[e * width];
      }
    }
    probedTable = table;
    probed = table.generation;
    return s;
  }

  /**
   * Record I's entry in TABLE as {@link #probe} found it, or -1 when it must be looked up again:
   * absent at the probe (an earlier record of the batch may have added it since), or the table was
   * cleared (spilled) or replaced since.
   */
  int entry(int i, GroupTable table) {
    return table == probedTable && table.generation == probed ? Math.max(entry[i], -1) : -1;
  }

  /** Record I's key as a Text (one object, reused). */
  Text key(int i) {
    int vint = org.apache.hadoop.io.WritableUtils.decodeVIntSize(bytes[offset[i]]);
    key.set(bytes, offset[i] + vint, length[i] - vint);
    return key;
  }

  /** Record I's value as its Writable (one object, reused). */
  Writable value(int i) {
    if (valueObject instanceof LongWritable) {
      ((LongWritable) valueObject).set(value[i]);
    } else {
      ((IntWritable) valueObject).set((int) value[i]);
    }
    return valueObject;
  }
}
