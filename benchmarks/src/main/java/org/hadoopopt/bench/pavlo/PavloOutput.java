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

  /** avgPageRank of the join: sum / count as a double, with exactly 6 decimals. */
  public static String average(long sum, long count) {
    return String.format(Locale.ROOT, "%.6f", (double) sum / count);
  }

  /** The value column(s) of the join's one output line: {@code totalRevenue TAB avgPageRank}. */
  public static String joinValue(long revenueMicros, long pageRankSum, long visits) {
    return revenue(revenueMicros) + "\t" + average(pageRankSum, visits);
  }
}
