package org.hadoopopt.inputformats.record;

import java.io.DataInput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A reusable string field: a slice of some byte array (like Hive's VarChar writable). Decoders
 * either point it at their input buffer ({@link #setView}, no copy) or copy into its own array
 * ({@link #copyOf}); either way the content is valid until the record is decoded again, so a
 * mapper that keeps a value past {@code map()} must copy it ({@link #toString()} or
 * {@link #copyOf}).
 */
public final class ByteSlice implements Comparable<ByteSlice> {
  private static final byte[] EMPTY = new byte[0];
  private byte[] bytes = EMPTY;
  private int offset;
  private int length;
  private byte[] own = EMPTY;

  /** Points at {@code b[off, off+len)} without copying. */
  public void setView(byte[] b, int off, int len) {
    bytes = b;
    offset = off;
    length = len;
  }

  /** Copies {@code b[off, off+len)} into this slice's own array. */
  public void copyOf(byte[] b, int off, int len) {
    ensureOwn(len);
    System.arraycopy(b, off, own, 0, len);
    setView(own, 0, len);
  }

  /** Reads {@code len} bytes into this slice's own array. */
  public void readFrom(DataInput in, int len) throws IOException {
    ensureOwn(len);
    in.readFully(own, 0, len);
    setView(own, 0, len);
  }

  public void setString(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    copyOf(b, 0, b.length);
  }

  public void clear() {
    setView(EMPTY, 0, 0);
  }

  private void ensureOwn(int len) {
    if (own.length < len) {
      own = new byte[Math.max(len, own.length * 2)];
    }
  }

  public byte[] bytes() {
    return bytes;
  }

  public int offset() {
    return offset;
  }

  public int length() {
    return length;
  }

  public byte byteAt(int i) {
    return bytes[offset + i];
  }

  /** Whether the content equals the bytes of {@code ascii} (compared byte by byte, no allocation). */
  public boolean contentEquals(CharSequence ascii) {
    if (ascii.length() != length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (bytes[offset + i] != (byte) ascii.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int compareTo(ByteSlice o) {
    return Arrays.compareUnsigned(bytes, offset, offset + length, o.bytes, o.offset, o.offset + o.length);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ByteSlice)) {
      return false;
    }
    ByteSlice s = (ByteSlice) o;
    return Arrays.equals(bytes, offset, offset + length, s.bytes, s.offset, s.offset + s.length);
  }

  @Override
  public int hashCode() {
    int h = 1;
    for (int i = offset; i < offset + length; i++) {
      h = 31 * h + bytes[i];
    }
    return h;
  }

  /** The content decoded as UTF-8 (allocates). */
  @Override
  public String toString() {
    return new String(bytes, offset, length, StandardCharsets.UTF_8);
  }
}
