package org.hadoopopt.pavlo.data;

import java.util.SplittableRandom;

/**
 * The random stream of one row: seeded by a mix of (seed, stream, row index) only, so a row's
 * bytes do not depend on which map task writes it or on any row before it.
 */
public final class RowRandom {
  private RowRandom() {}

  /** Stream ids: one per table, plus separate ones for values other tables need (pageURLs). */
  public static final int GREP = 1;
  public static final int RANKINGS = 2;
  public static final int USERVISITS = 3;
  public static final int DOCUMENTS = 4;
  public static final int PAGE_URL = 5;
  public static final int DICTIONARY = 6;

  public static SplittableRandom of(long seed, int stream, long row) {
    return new SplittableRandom(mix(mix(seed * 0x9E3779B97F4A7C15L + stream) + row));
  }

  /** SplitMix64's finalizer: every input bit affects every output bit. */
  public static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** Lower-case letters, {@code length} of them. */
  public static void letters(SplittableRandom r, int length, StringBuilder out) {
    for (int i = 0; i < length; i++) {
      out.append((char) ('a' + r.nextInt(26)));
    }
  }

  /** {@code value} in base 36 (digits, lower-case letters), left-padded with '0' to {@code width}. */
  public static void base36(long value, int width, StringBuilder out) {
    char[] c = new char[width];
    for (int i = width - 1; i >= 0; i--) {
      int d = (int) (value % 36);
      c[i] = (char) (d < 10 ? '0' + d : 'a' + d - 10);
      value /= 36;
    }
    out.append(c);
  }
}
