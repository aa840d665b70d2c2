package org.hadoopopt.inputformats.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds a byte in an array eight bytes at a time (SWAR: "SIMD within a register"): the text
 * decoder's delimiter search touches every byte of the input, so this is its inner loop.
 */
final class ByteScan {
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  private ByteScan() {}

  /** The eight bytes at {@code b[i]} as a little-endian long ({@code b[i]} lowest); needs {@code i + 8 <= b.length}. */
  static long word(byte[] b, int i) {
    return (long) LONGS.get(b, i);
  }

  /** The index (0..7) of the first byte of {@code w} (lowest first) equal to {@code t1} or {@code t2}, or 8. */
  static int firstOfEither(long w, byte t1, byte t2) {
    long x1 = w ^ (ONES * (t1 & 0xff));
    long x2 = w ^ (ONES * (t2 & 0xff));
    return Long.numberOfTrailingZeros(((x1 - ONES) & ~x1 | (x2 - ONES) & ~x2) & HIGHS) >>> 3;
  }

  /** The index of the first {@code target} in {@code b[from, to)}, or {@code to} if there is none. */
  static int indexOf(byte[] b, int from, int to, byte target) {
    long pattern = ONES * (target & 0xff);
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long x = (long) LONGS.get(b, i) ^ pattern; // a zero byte where b[i + k] == target
      long found = (x - ONES) & ~x & HIGHS; // the lowest set high bit marks the first zero byte exactly
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (b[i] == target) {
        return i;
      }
    }
    return to;
  }

  /** The index of the first {@code t1} or {@code t2} in {@code b[from, to)}, or {@code to} if there is none. */
  static int indexOfEither(byte[] b, int from, int to, byte t1, byte t2) {
    long p1 = ONES * (t1 & 0xff);
    long p2 = ONES * (t2 & 0xff);
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long w = (long) LONGS.get(b, i);
      long x1 = w ^ p1;
      long x2 = w ^ p2;
      // Each term's lowest set bit is exact for its byte, so the lowest of their union is the first of either.
      long found = ((x1 - ONES) & ~x1 | (x2 - ONES) & ~x2) & HIGHS;
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (b[i] == t1 || b[i] == t2) {
        return i;
      }
    }
    return to;
  }

  /** The index of the first {@code t1}, {@code t2} or {@code t3} in {@code b[from, to)}, or {@code to} if there is none. */
  static int indexOfAny(byte[] b, int from, int to, byte t1, byte t2, byte t3) {
    long p1 = ONES * (t1 & 0xff);
    long p2 = ONES * (t2 & 0xff);
    long p3 = ONES * (t3 & 0xff);
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long w = (long) LONGS.get(b, i);
      long x1 = w ^ p1;
      long x2 = w ^ p2;
      long x3 = w ^ p3;
      long found = ((x1 - ONES) & ~x1 | (x2 - ONES) & ~x2 | (x3 - ONES) & ~x3) & HIGHS;
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
    }
    for (; i < to; i++) {
      byte c = b[i];
      if (c == t1 || c == t2 || c == t3) {
        return i;
      }
    }
    return to;
  }
}
