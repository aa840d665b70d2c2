package org.hadoopopt.bench.pavlo.gen;

import java.util.Locale;

/**
 * How Rankings' pageRank is drawn ({@link PavloGenerator#RANKS}): {@code pavlo}, the original
 * benchmark's (1..10 for 99.8% of rows, 11..1000 for 0.2%), or {@code sweep}, tiers for the
 * research's selectivity sweep: {@code pageRank > 10, > 7, > 3, > 0} select 0.2%, 2.6%, 23%, 100%.
 */
public enum RankDistribution {
  PAVLO,
  SWEEP;

  /** The distribution named {@code v} (case-insensitive); an unknown name fails naming {@code key}. */
  public static RankDistribution parse(String v, String key) {
    try {
      return valueOf(v.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(key + " must be pavlo or sweep, not '" + v + "'");
    }
  }

  /** The pageRank thresholds of the sweep: {@code pageRank > thresholds()[k]} selects {@link #sweepFractions()}[k]. */
  public static int[] sweepThresholds() {
    return RankingsTable.SWEEP_THRESHOLDS.clone();
  }

  /** The share of rows each sweep threshold selects. */
  public static double[] sweepFractions() {
    return RankingsTable.SWEEP_FRACTIONS.clone();
  }
}
