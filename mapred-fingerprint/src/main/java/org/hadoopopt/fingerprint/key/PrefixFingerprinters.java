package org.hadoopopt.fingerprint.key;

import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;

/**
 * Order-preserving fingerprints for prefix mode. A key type gets a real normalizer only when
 * the job sorts it with that type's stock comparator, because the fingerprint must order keys
 * exactly as the comparator does; every other (key class, comparator) pair gets
 * {@link #COMPARATOR_ONLY}, a constant that leaves all ordering to the job's comparator.
 */
public final class PrefixFingerprinters {
  private PrefixFingerprinters() {}

  /** Constant fingerprint: safe for any key type and comparator. */
  public static final KeyFingerprinter COMPARATOR_ONLY = new KeyFingerprinter() {
    @Override
    public long fingerprint(byte[] bytes, int start, int length) {
      return 0L;
    }

    @Override
    public boolean isExact() {
      return false;
    }

    @Override
    public String describe() {
      return "none (job comparator only)";
    }
  };

  /** {@code Text}: the first 8 bytes after the vint length, as Text.Comparator compares bytes. */
  static final KeyFingerprinter TEXT = new BytePrefix("text-prefix8") {
    @Override
    int headerLength(byte[] bytes, int start) {
      return WritableUtils.decodeVIntSize(bytes[start]);
    }
  };

  /** {@code BytesWritable}: the first 8 bytes after the 4-byte length. */
  static final KeyFingerprinter BYTES = new BytePrefix("bytes-prefix8") {
    @Override
    int headerLength(byte[] bytes, int start) {
      return 4;
    }
  };

  /** {@code IntWritable}: the signed int with its sign bit flipped, in the high half. */
  static final KeyFingerprinter INT = new Exact("int") {
    @Override
    public long fingerprint(byte[] bytes, int start, int length) {
      long v = (WritableComparator.readInt(bytes, start) ^ Integer.MIN_VALUE) & 0xffffffffL;
      return v << 32;
    }
  };

  /** {@code LongWritable}: the signed long with its sign bit flipped. */
  static final KeyFingerprinter LONG = new Exact("long") {
    @Override
    public long fingerprint(byte[] bytes, int start, int length) {
      return WritableComparator.readLong(bytes, start) ^ Long.MIN_VALUE;
    }
  };

  /**
   * @return the order-preserving fingerprinter for keys of {@code keyClass} sorted by
   *     {@code comparator}, or {@link #COMPARATOR_ONLY} when no normalizer matches that pair
   */
  public static KeyFingerprinter forKey(Class<?> keyClass, RawComparator<?> comparator) {
    Class<?> cmp = comparator.getClass();
    if (keyClass == Text.class && cmp == Text.Comparator.class) {
      return TEXT;
    }
    if (keyClass == BytesWritable.class && cmp == BytesWritable.Comparator.class) {
      return BYTES;
    }
    if (keyClass == IntWritable.class && cmp == IntWritable.Comparator.class) {
      return INT;
    }
    if (keyClass == LongWritable.class && cmp == LongWritable.Comparator.class) {
      return LONG;
    }
    return COMPARATOR_ONLY;
  }

  /** Big-endian first 8 bytes of the payload, zero padded: monotone in unsigned byte order. */
  abstract static class BytePrefix implements KeyFingerprinter {
    private final String name;

    BytePrefix(String name) {
      this.name = name;
    }

    abstract int headerLength(byte[] bytes, int start);

    @Override
    public long fingerprint(byte[] bytes, int start, int length) {
      return fingerprintAt(bytes, start, length, 0);
    }

    /** Level k: payload bytes [8k, 8k + 8), zero padded, so ties split eight bytes further on. */
    @Override
    public boolean reaches(byte[] bytes, int start, int length, int level) {
      return length - headerLength(bytes, start) > 8L * level;
    }

    /** Keys are compared byte by byte, then by length: the padded levels and the length order them. */
    @Override
    public boolean coveredBy(byte[] bytes, int start, int length, int levels) {
      return !reaches(bytes, start, length, levels);
    }

    @Override
    public long fingerprintAt(byte[] bytes, int start, int length, int level) {
      int header = headerLength(bytes, start);
      int skip = 8 * level;
      int from = start + header + skip;
      int n = Math.max(0, Math.min(8, length - header - skip));
      long v = 0;
      for (int i = 0; i < n; i++) {
        v = (v << 8) | (bytes[from + i] & 0xff);
      }
      return n == 8 ? v : v << (8 * (8 - n)); // short keys: pad with zero bytes on the right
    }

    @Override
    public boolean isExact() {
      return false;
    }

    @Override
    public String describe() {
      return name;
    }
  }

  abstract static class Exact implements KeyFingerprinter {
    private final String name;

    Exact(String name) {
      this.name = name;
    }

    @Override
    public boolean isExact() {
      return true;
    }

    @Override
    public String describe() {
      return name;
    }
  }
}
