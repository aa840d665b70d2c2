package org.hadoopopt.bench.pavlo;

import java.util.Locale;

/**
 * How every variant of a task prints its numbers, so that baseline and optimized outputs can be
 * compared byte for byte: sums of adRevenue with exactly 2 decimals, averages with exactly 6.
 */
public final class PavloOutput {
  private PavloOutput() {}

  /** Hundredths as a decimal with exactly 2 decimals: 12345 is "123.45", -5 is "-0.05". */
  public static String revenue(long cents) {
    long abs = Math.abs(cents);
    String s = (abs / 100) + "." + (abs % 100 < 10 ? "0" : "") + (abs % 100);
    return cents < 0 ? "-" + s : s;
  }

  /** avgPageRank of the join: sum / count as a double, with exactly 6 decimals. */
  public static String average(long sum, long count) {
    return String.format(Locale.ROOT, "%.6f", (double) sum / count);
  }

  /** The value column(s) of the join's one output line: {@code totalRevenue TAB avgPageRank}. */
  public static String joinValue(long revenueCents, long pageRankSum, long visits) {
    return revenue(revenueCents) + "\t" + average(pageRankSum, visits);
  }
}
