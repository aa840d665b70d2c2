package org.hadoopopt.bench.pavlo.gen;

import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.pavlo.data.UserVisitsRows;

/**
 * UserVisits: about 130 bytes a row, made by {@link UserVisitsRows} (the one generator of them).
 * destURL is a uniformly drawn Rankings pageURL. sourceIP is drawn from a pool of max(2,000, 2M x
 * scale) addresses whose first 7 characters ("ddd.ddd") take exactly 2,000 values. visitDate is
 * uniform over 9,300 days from 1975-01-01, so an 8-day range selects 0.086% and
 * 1984-01-01..1987-01-01 selects 11.8%.
 */
final class UserVisitsTable extends PavloTable {
  /** Rows at scale 1.0 (one node of the original: ~20 GB). */
  static final long ROWS_AT_SCALE_1 = 155_000_000L;
  static final long IP_POOL_AT_SCALE_1 = 2_000_000L;
  static final int IP_PREFIXES = UserVisitsRows.PAVLO_IP_PREFIXES;
  static final int DATE_DAYS = UserVisitsRows.PAVLO_DATE_DAYS;

  private final UserVisitsRows generator;

  UserVisitsTable(long seed, long rows, long rankingsRows, long ipPool) {
    super(seed, rows);
    this.generator = UserVisitsRows.pavlo(seed, rankingsRows, ipPool);
  }

  static long ipPool(double scale) {
    return Math.max(IP_PREFIXES, Math.round(IP_POOL_AT_SCALE_1 * scale));
  }

  @Override
  String name() {
    return PavloSchema.USERVISITS;
  }

  @Override
  int approxBytesPerRow() {
    return 130;
  }

  @Override
  void appendRow(long i, StringBuilder out) {
    generator.appendRow(i, out);
  }
}
