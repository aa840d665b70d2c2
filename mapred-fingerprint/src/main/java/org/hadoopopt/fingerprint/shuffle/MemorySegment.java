package org.hadoopopt.fingerprint.shuffle;

import java.io.IOException;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;

/**
 * A map output held decompressed in memory: IFile records (vint key length, vint value length,
 * key, value) up to the end marker (-1, -1). Lengths are checked against the array, so a bad
 * record fails naming the map output and offset instead of reading past it.
 */
final class MemorySegment extends MergeSegment {
  private final String name;
  private byte[] data;
  private final int limit;
  private int pos;
  private boolean ended;

  MemorySegment(int order, String name, byte[] data, int length) {
    super(order);
    this.name = name;
    this.data = data;
    this.limit = length;
    keyBytes = data;
    valueBytes = data;
  }

  @Override
  boolean next() throws IOException {
    if (ended) {
      return false;
    }
    int at = pos;
    int keyLen = readVInt(at, "key length");
    int valLen = readVInt(pos, "value length");
    if (keyLen == -1 && valLen == -1) {
      ended = true;
      return false;
    }
    if (keyLen < 0 || valLen < 0 || (long) pos + keyLen + valLen > limit) {
      throw new IOException(describe() + ": invalid record at offset " + at + " (key length " + keyLen
          + ", value length " + valLen + ", " + (limit - pos) + " bytes left)");
    }
    keyStart = pos;
    keyLength = keyLen;
    valueStart = pos + keyLen;
    valueLength = valLen;
    pos = valueStart + valLen;
    return true;
  }

  private int readVInt(int at, String what) throws IOException {
    if (at >= limit) {
      throw new IOException(describe() + ": truncated at offset " + at + " reading the " + what
          + " (no end marker)");
    }
    int size = WritableUtils.decodeVIntSize(data[at]);
    if (at + size > limit) {
      throw new IOException(describe() + ": truncated " + what + " at offset " + at);
    }
    pos = at + size;
    long v = WritableComparator.readVLong(data, at);
    if (v != (int) v) {
      throw new IOException(describe() + ": invalid " + what + " " + v + " at offset " + at);
    }
    return (int) v;
  }

  @Override
  long rawLength() {
    return limit;
  }

  @Override
  void close() {
    data = null;
    keyBytes = null;
    valueBytes = null;
  }

  @Override
  String describe() {
    return name;
  }
}
