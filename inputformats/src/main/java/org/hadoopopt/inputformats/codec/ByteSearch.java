package org.hadoopopt.inputformats.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds a byte string in a byte array eight positions at a time (SWAR: "SIMD within a register",
 * the zero-byte test on longs); only positions the word test flags are compared in full. The pushed-down
 * substring predicate of the record readers uses it; the JDK's Vector API is an incubator module,
 * off by default, so this stays within plain longs.
 */
public final class ByteSearch {
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  private ByteSearch() {}

  /** The index of the first {@code target} in {@code b[from, to)}, or {@code to}, eight bytes at a time. */
  public static int indexOf(byte[] b, int from, int to, byte target) {
    return ByteScan.indexOf(b, from, to, target);
  }

  /** The index of the first LF or CR in {@code b[from, to)}, or {@code to}: the line splitter's search, eight bytes at a time. */
  public static int indexOfLineEnd(byte[] b, int from, int to) {
    return ByteScan.indexOfEither(b, from, to, (byte) '\n', (byte) '\r');
  }

  /**
   * The index of the first LF, CR or {@code d} in {@code b[from, to)}, or {@code to}: the line
   * splitter's search when it also counts a line's delimiters (one pass instead of two).
   */
  public static int indexOfLineEndOr(byte[] b, int from, int to, byte d) {
    return ByteScan.indexOfAny(b, from, to, (byte) '\n', (byte) '\r', d);
  }

  /**
   * The first index of {@code p} (non-empty) in {@code b[from, to)} (wholly inside it), or -1: the
   * first byte is searched eight positions at a time ({@link ByteScan#indexOf}), each hit compared in
   * full. The fastest of the three here on Grep's fields (see {@code SubstringSearchBenchmark}).
   */
  public static int indexOf(byte[] b, int from, int to, byte[] p) {
    int lastStart = to - p.length; // the last position where p may start
    byte first = p[0];
    for (int i = from; i <= lastStart; i++) {
      i = ByteScan.indexOf(b, i, lastStart + 1, first);
      if (i > lastStart) {
        return -1;
      }
      if (matchesAt(b, i, p)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The same search testing the first and the last byte of {@code p} at eight positions at once
   * (two loads a word), then comparing candidates in full: fewer candidates when the first byte is
   * common, more work per word when it is rare.
   */
  public static int indexOfFirstLast(byte[] b, int from, int to, byte[] p) {
    int m = p.length;
    int lastStart = to - m;
    if (m == 1) {
      return indexOf(b, from, to, p);
    }
    long first = ONES * (p[0] & 0xff);
    long last = ONES * (p[m - 1] & 0xff);
    int i = from;
    // Words at i and i + m - 1 must both lie in b[from, to): i + m - 1 + 8 <= to.
    for (; i + 7 <= lastStart; i += 8) {
      long x = (long) LONGS.get(b, i) ^ first;
      long y = (long) LONGS.get(b, i + m - 1) ^ last;
      // Each term flags every zero byte, and maybe bytes after one: candidates, all checked in full.
      long cand = (x - ONES) & ~x & (y - ONES) & ~y & HIGHS;
      while (cand != 0) {
        int k = i + (Long.numberOfTrailingZeros(cand) >>> 3);
        if (b[k] == p[0] && matchesAt(b, k, p)) {
          return k;
        }
        cand &= cand - 1;
      }
    }
    for (; i <= lastStart; i++) {
      if (b[i] == p[0] && matchesAt(b, i, p)) {
        return i;
      }
    }
    return -1;
  }

  /** The plain loop: first byte, then the rest; the yardstick the SWAR search is measured against. */
  public static int indexOfPlain(byte[] b, int from, int to, byte[] p) {
    byte f = p[0];
    for (int i = from, last = to - p.length; i <= last; i++) {
      if (b[i] == f && matchesAt(b, i, p)) {
        return i;
      }
    }
    return -1;
  }

  private static boolean matchesAt(byte[] b, int at, byte[] p) {
    for (int j = 1; j < p.length; j++) {
      if (b[at + j] != p[j]) {
        return false;
      }
    }
    return true;
  }
}
