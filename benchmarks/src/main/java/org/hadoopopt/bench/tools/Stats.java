package org.hadoopopt.bench.tools;

import java.util.Collection;

/**
 * The one median of the benchmark programs: the middle value of the sorted sample, the mean of
 * the two middle values when the count is even (the textbook definition, as R's and NumPy's
 * {@code median}); NaN for an empty sample or one holding NaN (a failed measurement is not
 * silently left out).
 */
public final class Stats {
  private Stats() {}

  public static double median(Collection<Double> xs) {
    if (xs.isEmpty() || xs.stream().anyMatch(d -> d.isNaN())) {
      return Double.NaN;
    }
    double[] a = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = a.length;
    return n % 2 == 1 ? a[n / 2] : (a[n / 2 - 1] + a[n / 2]) / 2;
  }

  /** The smallest value (the best time), NaN for an empty sample. */
  public static double best(Collection<Double> xs) {
    return xs.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
  }
}
