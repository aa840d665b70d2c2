package org.hadoopopt.bench.pavlo;

import java.util.Locale;
import org.hadoopopt.inputformats.record.ColumnGrammar;

/**
 * How every variant of a task prints its numbers, so that baseline and optimized outputs can be
 * compared byte for byte: sums of adRevenue with exactly 2 decimals, averages with exactly 6.
 */
public final class PavloOutput {
  private PavloOutput() {}

  /**
   * A sum of adRevenue in millionths (how every reader holds a DECIMAL, {@link ColumnGrammar}) as
   * a decimal with exactly 2 decimals: 123450000 is "123.45", -50000 is "-0.05". The columns have at
   * most 2 decimals, so their sums are whole hundredths.
   *
   * @throws IllegalArgumentException for a value with more than 2 decimals
   */
  public static String revenue(long micros) {
    if (micros % ColumnGrammar.DECIMAL_STEP != 0) {
      throw new IllegalArgumentException("adRevenue sum " + micros + " millionths has more than 2 decimals");
    }
    long cents = micros / ColumnGrammar.DECIMAL_STEP;
    long abs = Math.abs(cents);
    String s = (abs / 100) + "." + (abs % 100 < 10 ? "0" : "") + (abs % 100);
    return cents < 0 ? "-" + s : s;
  }

  /** Bytes {@link #revenue(long, byte[])} may write: a sign, 19 digits, a point. */
  public static final int REVENUE_BYTES = 21;

  /**
   * {@link #revenue(long)}'s text as bytes at the start of TO (at least {@link #REVENUE_BYTES}
   * long), without a String: the optimized variants' reducers write a line per group.
   * @return the length
   */
  public static int revenue(long micros, byte[] to) {
    if (micros % ColumnGrammar.DECIMAL_STEP != 0) {
      throw new IllegalArgumentException("adRevenue sum " + micros + " millionths has more than 2 decimals");
    }
    long cents = micros / ColumnGrammar.DECIMAL_STEP;
    long abs = Math.abs(cents);
    // digits right to left into the end of the buffer, then moved to its start
    int at = to.length;
    to[--at] = (byte) ('0' + abs % 10);
    to[--at] = (byte) ('0' + abs / 10 % 10);
    to[--at] = '.';
    long whole = abs / 100;
    do {
      to[--at] = (byte) ('0' + whole % 10);
      whole /= 10;
    } while (whole != 0);
    if (cents < 0) {
      to[--at] = '-';
    }
    int n = to.length - at;
    System.arraycopy(to, at, to, 0, n);
    return n;
  }

  /** avgPageRank of the join: sum / count as a double, with exactly 6 decimals. */
  public static String average(long sum, long count) {
    return String.format(Locale.ROOT, "%.6f", (double) sum / count);
  }

  /** The value column(s) of the join's one output line: {@code totalRevenue TAB avgPageRank}. */
  public static String joinValue(long revenueMicros, long pageRankSum, long visits) {
    return revenue(revenueMicros) + "\t" + average(pageRankSum, visits);
  }
}
