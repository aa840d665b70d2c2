package org.hadoopopt.bench.pavlo.gen;

import java.util.SplittableRandom;
import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.pavlo.data.PageUrls;
import org.hadoopopt.pavlo.data.RowRandom;

/**
 * Rankings(pageURL, pageRank, avgDuration): about 58 bytes a row. pageRank is 1..10 for 99.8% of
 * pages and 11..1000 for the rest, so {@code pageRank > 10} selects about 0.2%. With the
 * {@link RankDistribution#SWEEP} distribution the ranks instead fall in tiers such that
 * {@code pageRank > 10, > 7, > 3, > 0} select 0.2%, 2.6%, 23% and 100% (the research's selectivity
 * sweep); the tier of row i comes from a Weyl sequence of i, so every run of consecutive rows holds
 * each tier's share to within a row or two, at any scale.
 */
final class RankingsTable extends PavloTable {
  /** Rows at scale 1.0 (one node of the original: ~1 GB). */
  static final long ROWS_AT_SCALE_1 = 18_000_000L;
  static final double HIGH_RANK_FRACTION = 0.002;

  /** pageRank thresholds of the sweep and the share of rows above each: {@code pageRank > T[k]} selects F[k]. */
  static final int[] SWEEP_THRESHOLDS = {10, 7, 3, 0};
  static final double[] SWEEP_FRACTIONS = {0.002, 0.026, 0.23, 1.0};
  /** 2^64 / the golden ratio: the Weyl sequence's step (its fractions are the most evenly spread). */
  private static final long WEYL = 0x9E3779B97F4A7C15L;

  private final RankDistribution ranks;

  RankingsTable(long seed, long rows) {
    this(seed, rows, RankDistribution.PAVLO);
  }

  RankingsTable(long seed, long rows, RankDistribution ranks) {
    super(seed, rows);
    this.ranks = ranks;
  }

  @Override
  String name() {
    return PavloSchema.RANKINGS;
  }

  @Override
  int approxBytesPerRow() {
    return 58;
  }

  @Override
  void appendRow(long i, StringBuilder out) {
    PageUrls.append(seed, i, out);
    SplittableRandom r = RowRandom.of(seed, RowRandom.RANKINGS, i);
    int rank = ranks == RankDistribution.SWEEP ? sweepRank(i, r)
        : r.nextDouble() < HIGH_RANK_FRACTION ? 11 + r.nextInt(990) : 1 + r.nextInt(10);
    out.append(PavloSchema.SEPARATOR).append(rank).append(PavloSchema.SEPARATOR).append(1 + r.nextInt(100));
  }

  /** Row i's rank in the sweep distribution: its tier from the Weyl sequence, the value in the tier at random. */
  static int sweepRank(long i, SplittableRandom r) {
    double u = ((i + 1) * WEYL >>> 11) * 0x1.0p-53; // in [0, 1), evenly spread over consecutive i
    int upper = 1000;
    for (int k = 0; k < SWEEP_THRESHOLDS.length; k++) {
      if (u < SWEEP_FRACTIONS[k]) {
        int lower = SWEEP_THRESHOLDS[k] + 1;
        return lower + r.nextInt(upper - lower + 1);
      }
      upper = SWEEP_THRESHOLDS[k];
    }
    throw new AssertionError(u); // the last fraction is 1.0
  }
}
