package org.hadoopopt.inputformats.record;

import java.math.BigDecimal;

/**
 * Exact fixed-point decimals: a long count of millionths. Sums of adRevenue are then exact and the
 * same whichever format the rows came from (a double would make them depend on summation order).
 */
public final class Decimals {
  /** Digits kept after the point. */
  public static final int SCALE = 6;
  public static final long ONE = 1_000_000L;

  private Decimals() {}

  /** Appends the value with at least 2 and at most 6 decimals, trailing zeros beyond 2 dropped. */
  public static void format(long micros, StringBuilder out) {
    if (micros < 0) {
      out.append('-');
    }
    // Math.abs(Long.MIN_VALUE) overflows; work on the negative remainder instead.
    long whole = Math.abs(micros / ONE);
    long frac = Math.abs(micros % ONE);
    out.append(whole).append('.');
    String f = Long.toString(frac + ONE).substring(1); // 6 digits, zero-padded
    int end = SCALE;
    while (end > 2 && f.charAt(end - 1) == '0') {
      end--;
    }
    out.append(f, 0, end);
  }

  public static String toString(long micros) {
    StringBuilder sb = new StringBuilder();
    format(micros, sb);
    return sb.toString();
  }

  public static BigDecimal toBigDecimal(long micros) {
    return BigDecimal.valueOf(micros, SCALE);
  }

  public static double toDouble(long micros) {
    return micros / (double) ONE;
  }
}
