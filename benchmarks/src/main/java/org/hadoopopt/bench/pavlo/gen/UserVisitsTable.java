package org.hadoopopt.bench.pavlo.gen;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.hadoopopt.bench.pavlo.PavloSchema;

/**
 * UserVisits: about 130 bytes a row. destURL is a uniformly drawn Rankings pageURL. sourceIP is
 * drawn from a pool of max(2,000, 2M x scale) addresses whose first 7 characters ("ddd.ddd") take
 * exactly 2,000 values. visitDate is uniform over 9,300 days from 1975-01-01, so an 8-day range
 * selects 0.086% and 1984-01-01..1987-01-01 selects 11.8%.
 */
final class UserVisitsTable extends PavloTable {
  /** Rows at scale 1.0 (one node of the original: ~20 GB). */
  static final long ROWS_AT_SCALE_1 = 155_000_000L;
  static final long IP_POOL_AT_SCALE_1 = 2_000_000L;
  static final int IP_PREFIXES = 2000;
  static final LocalDate FIRST_DATE = LocalDate.of(1975, 1, 1);
  static final int DATE_DAYS = 9300;
  /** adRevenue: uniform hundredths in 0.01..999.99. */
  static final int MAX_CENTS = 99_999;

  private final long rankingsRows;
  private final long ipPool;
  private final String[] prefixes;

  UserVisitsTable(long seed, long rows, long rankingsRows, long ipPool) {
    super(seed, rows);
    this.rankingsRows = rankingsRows;
    this.ipPool = ipPool;
    this.prefixes = prefixes(seed);
  }

  static long ipPool(double scale) {
    return Math.max(IP_PREFIXES, Math.round(IP_POOL_AT_SCALE_1 * scale));
  }

  /** 2,000 distinct "ddd.ddd" prefixes (both octets 100..255, so always 7 characters), chosen by the seed. */
  private static String[] prefixes(long seed) {
    List<Integer> pairs = new ArrayList<>();
    for (int a = 100; a <= 255; a++) {
      for (int b = 100; b <= 255; b++) {
        pairs.add(a * 256 + b);
      }
    }
    Collections.shuffle(pairs, new Random(RowRandom.mix(seed ^ RowRandom.DICTIONARY)));
    String[] p = new String[IP_PREFIXES];
    for (int i = 0; i < IP_PREFIXES; i++) {
      p[i] = (pairs.get(i) >> 8) + "." + (pairs.get(i) & 255);
    }
    return p;
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
    SplittableRandom r = RowRandom.of(seed, RowRandom.USERVISITS, i);
    char sep = PavloSchema.SEPARATOR;
    appendIp(r.nextLong(ipPool), out);
    out.append(sep);
    RankingsTable.appendPageUrl(seed, r.nextLong(rankingsRows), out);
    out.append(sep).append(FIRST_DATE.plusDays(r.nextInt(DATE_DAYS)));
    int cents = 1 + r.nextInt(MAX_CENTS);
    out.append(sep).append(cents / 100).append('.').append((char) ('0' + cents % 100 / 10)).append((char) ('0' + cents % 10));
    out.append(sep).append(Dictionaries.pick(Dictionaries.USER_AGENTS, r));
    out.append(sep).append(Dictionaries.pick(Dictionaries.COUNTRY_CODES, r));
    out.append(sep).append(Dictionaries.pick(Dictionaries.LANGUAGE_CODES, r));
    out.append(sep).append(Dictionaries.pick(Dictionaries.SEARCH_WORDS, r));
    out.append(sep).append(1 + r.nextInt(100));
  }

  /** Address {@code j} of the pool: prefix j mod 2000, then a bijective scramble of j / 2000 into two octets. */
  private void appendIp(long j, StringBuilder out) {
    int low = (int) (((j / IP_PREFIXES) * 40503 + 1) & 0xFFFF);
    out.append(prefixes[(int) (j % IP_PREFIXES)]).append('.').append(low >> 8).append('.').append(low & 255);
  }
}
