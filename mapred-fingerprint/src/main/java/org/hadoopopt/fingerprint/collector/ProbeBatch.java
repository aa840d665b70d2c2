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
