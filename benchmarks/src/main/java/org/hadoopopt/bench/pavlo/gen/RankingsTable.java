package org.hadoopopt.bench.pavlo.gen;

import java.util.SplittableRandom;
import org.hadoopopt.bench.pavlo.PavloSchema;

/**
 * Rankings(pageURL, pageRank, avgDuration): about 58 bytes a row. pageRank is 1..10 for 99.8% of
 * pages and 11..1000 for the rest, so {@code pageRank > 10} selects about 0.2%.
 */
final class RankingsTable extends PavloTable {
  /** Rows at scale 1.0 (one node of the original: ~1 GB). */
  static final long ROWS_AT_SCALE_1 = 18_000_000L;
  static final double HIGH_RANK_FRACTION = 0.002;
  private static final long TOKEN_SPACE = 2_821_109_907_456L; // 36^8
  private static final long TOKEN_MULTIPLIER = 7919; // coprime to 36

  RankingsTable(long seed, long rows) {
    super(seed, rows);
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
    appendPageUrl(seed, i, out);
    SplittableRandom r = RowRandom.of(seed, RowRandom.RANKINGS, i);
    int rank = r.nextDouble() < HIGH_RANK_FRACTION ? 11 + r.nextInt(990) : 1 + r.nextInt(10);
    out.append(PavloSchema.SEPARATOR).append(rank).append(PavloSchema.SEPARATOR).append(1 + r.nextInt(100));
  }

  /**
   * The pageURL of Rankings row {@code i}: a function of (seed, i) alone, so UserVisits and
   * Documents can link to it. Unique, because it embeds a bijective token of i.
   */
  static void appendPageUrl(long seed, long i, StringBuilder out) {
    SplittableRandom r = RowRandom.of(seed, RowRandom.PAGE_URL, i);
    out.append("http://");
    RowRandom.letters(r, 5 + r.nextInt(11), out);
    out.append(".com/");
    RowRandom.letters(r, 8 + r.nextInt(17), out);
    out.append('/');
    RowRandom.base36(Math.floorMod(TOKEN_MULTIPLIER * i + 12345, TOKEN_SPACE), 8, out);
    out.append(".html");
  }
}
