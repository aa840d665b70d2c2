package org.hadoopopt.inputformats.btree;

import java.util.Arrays;
import org.hadoopopt.inputformats.index.KeyRange;
import org.hadoopopt.inputformats.index.KeyType;

/**
 * Keys of the tree: the index column's value in order-preserving bytes, then an 8-byte row
 * sequence number, so every row has a key of its own (a JE duplicates database would fold two equal
 * rows into one record) and rows with equal values stay in load order. INT and DATE values are
 * {@link KeyType#toSortable} (4 bytes); STRING values have each 0x00 byte written as 0x00 0x01 and end
 * with 0x00 0x00, so no value's bytes are a prefix of another's and JE's unsigned byte order is the
 * value order. The bytes before the sequence number are the value's "prefix".
 */
public final class TreeKeys {
  static final int SEQUENCE_BYTES = 8;

  private TreeKeys() {}

  /** The prefix of a key value given as {@link KeyType#toSortable} bytes. */
  public static byte[] prefix(KeyType type, byte[] sortable, int off, int len) {
    if (type != KeyType.STRING) {
      return Arrays.copyOfRange(sortable, off, off + len);
    }
    int zeros = 0;
    for (int i = off; i < off + len; i++) {
      if (sortable[i] == 0) {
        zeros++;
      }
    }
    byte[] p = new byte[len + zeros + 2];
    int j = 0;
    for (int i = off; i < off + len; i++) {
      p[j++] = sortable[i];
      if (sortable[i] == 0) {
        p[j++] = 1;
      }
    }
    return p; // the last two bytes stay 0x00 0x00: the terminator
  }

  static byte[] prefix(KeyType type, Object key) {
    byte[] s = type.toSortable(key);
    return prefix(type, s, 0, s.length);
  }

  /** A full key: {@code prefix} then {@code sequence}, big-endian. */
  public static byte[] key(byte[] prefix, long sequence, byte[] reuse) {
    int n = prefix.length + SEQUENCE_BYTES;
    byte[] k = reuse != null && reuse.length == n ? reuse : new byte[n];
    System.arraycopy(prefix, 0, k, 0, prefix.length);
    for (int i = 0; i < SEQUENCE_BYTES; i++) {
      k[prefix.length + i] = (byte) (sequence >>> (56 - 8 * i));
    }
    return k;
  }

  /** Where a cursor starts for {@code range}: the smallest key that may be in it, or null for the first key. */
  static byte[] seekKey(KeyRange range, Object lower, boolean lowerInclusive) {
    if (lower == null) {
      return null;
    }
    byte[] p = prefix(range.type(), lower);
    // Past every row of an excluded lower value: its prefix followed by the largest sequence.
    return key(p, lowerInclusive ? 0 : -1L, null);
  }

  /** Compares the prefix of the key {@code key[off, off+len)} with {@code prefix}, unsigned (the value order). */
  static int comparePrefix(byte[] key, int off, int len, byte[] prefix) {
    return Arrays.compareUnsigned(key, off, off + len - SEQUENCE_BYTES, prefix, 0, prefix.length);
  }

  /** The row sequence number of the key {@code key[off, off+len)}. */
  static long sequence(byte[] key, int off, int len) {
    long s = 0;
    for (int i = off + len - SEQUENCE_BYTES; i < off + len; i++) {
      s = s << 8 | (key[i] & 0xff);
    }
    return s;
  }
}
