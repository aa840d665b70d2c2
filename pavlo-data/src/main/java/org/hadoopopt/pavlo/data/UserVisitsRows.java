package org.hadoopopt.pavlo.data;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * UserVisits rows, {@code sourceIP|destURL|visitDate|adRevenue|userAgent|countryCode|languageCode|
 * searchWord|duration}: the one generator of them, for the benchmark's tables at any scale and for
 * the small tables of tests and micro-benchmarks. Row {@code i} is a function of the seed, {@code i}
 * and the parameters alone. destURL is a uniformly drawn {@link PageUrls} pageURL of the first
 * {@code pageUrls} Rankings rows. sourceIP is drawn from a pool of {@code ipPool} addresses whose first
 * 7 characters ("ddd.ddd") take {@code ipPrefixes} values (all of them once the pool is that large).
 * visitDate is uniform over {@code dateDays} days from {@code firstDate}; adRevenue uniform hundredths
 * in 0.01..999.99; userAgent, countryCode, languageCode and searchWord from the {@link Dictionaries};
 * duration 1..100.
 */
public final class UserVisitsRows {
  /** The benchmark's: the first 7 characters of sourceIP take exactly 2,000 values. */
  public static final int PAVLO_IP_PREFIXES = 2000;
  /** The benchmark's dates: 9,300 days from 1975-01-01, so 2000-01-15..22 selects 0.086% and 1984-01-01..1987-01-01 11.8%. */
  public static final LocalDate PAVLO_FIRST_DATE = LocalDate.of(1975, 1, 1);
  public static final int PAVLO_DATE_DAYS = 9300;
  /** adRevenue: uniform hundredths in 0.01..999.99. */
  public static final int MAX_CENTS = 99_999;
  /** "ddd.ddd" prefixes with both octets in 100..255 (always 7 characters): 156 x 156. */
  public static final int MAX_IP_PREFIXES = 156 * 156;

  private final long seed;
  private final long pageUrls;
  private final long ipPool;
  private final String[] prefixes;
  private final LocalDate firstDate;
  private final int dateDays;

  /**
   * @param pageUrls destURLs are the pageURLs of Rankings rows 0..pageUrls-1 (at least 1)
   * @param ipPool how many distinct sourceIPs may occur (at least 1)
   * @param ipPrefixes how many values their first 7 characters take (1..{@value #MAX_IP_PREFIXES})
   * @param dateDays visitDate lies in firstDate .. firstDate + dateDays - 1 (at least 1)
   */
  public UserVisitsRows(long seed, long pageUrls, long ipPool, int ipPrefixes, LocalDate firstDate, int dateDays) {
    if (pageUrls < 1 || ipPool < 1 || ipPrefixes < 1 || ipPrefixes > MAX_IP_PREFIXES || dateDays < 1) {
      throw new IllegalArgumentException("UserVisits rows need pageUrls >= 1 (" + pageUrls + "), ipPool >= 1 (" + ipPool
          + "), ipPrefixes in 1.." + MAX_IP_PREFIXES + " (" + ipPrefixes + "), dateDays >= 1 (" + dateDays + ")");
    }
    this.seed = seed;
    this.pageUrls = pageUrls;
    this.ipPool = ipPool;
    this.prefixes = prefixes(seed, ipPrefixes);
    this.firstDate = firstDate;
    this.dateDays = dateDays;
  }

  /** The benchmark's table: destURLs over {@code rankingsRows} pages, its prefixes and dates. */
  public static UserVisitsRows pavlo(long seed, long rankingsRows, long ipPool) {
    return new UserVisitsRows(seed, rankingsRows, ipPool, PAVLO_IP_PREFIXES, PAVLO_FIRST_DATE, PAVLO_DATE_DAYS);
  }

  /** {@code count} distinct "ddd.ddd" prefixes, chosen by the seed (the same first ones for every count). */
  private static String[] prefixes(long seed, int count) {
    List<Integer> pairs = new ArrayList<>();
    for (int a = 100; a <= 255; a++) {
      for (int b = 100; b <= 255; b++) {
        pairs.add(a * 256 + b);
      }
    }
    Collections.shuffle(pairs, new Random(RowRandom.mix(seed ^ RowRandom.DICTIONARY)));
    String[] p = new String[count];
    for (int i = 0; i < count; i++) {
      p[i] = (pairs.get(i) >> 8) + "." + (pairs.get(i) & 255);
    }
    return p;
  }

  /** Appends row {@code i} without its line terminator. */
  public void appendRow(long i, StringBuilder out) {
    SplittableRandom r = RowRandom.of(seed, RowRandom.USERVISITS, i);
    char sep = '|';
    appendIp(r.nextLong(ipPool), out);
    out.append(sep);
    PageUrls.append(seed, r.nextLong(pageUrls), out);
    out.append(sep).append(firstDate.plusDays(r.nextInt(dateDays)));
    int cents = 1 + r.nextInt(MAX_CENTS);
    out.append(sep).append(cents / 100).append('.').append((char) ('0' + cents % 100 / 10)).append((char) ('0' + cents % 10));
    out.append(sep).append(Dictionaries.pick(Dictionaries.USER_AGENTS, r));
    out.append(sep).append(Dictionaries.pick(Dictionaries.COUNTRY_CODES, r));
    out.append(sep).append(Dictionaries.pick(Dictionaries.LANGUAGE_CODES, r));
    out.append(sep).append(Dictionaries.pick(Dictionaries.SEARCH_WORDS, r));
    out.append(sep).append(1 + r.nextInt(100));
  }

  public String row(long i) {
    StringBuilder sb = new StringBuilder(160);
    appendRow(i, sb);
    return sb.toString();
  }

  /** Rows 0..count-1. */
  public String[] rows(int count) {
    String[] rows = new String[count];
    StringBuilder sb = new StringBuilder(160);
    for (int i = 0; i < count; i++) {
      sb.setLength(0);
      appendRow(i, sb);
      rows[i] = sb.toString();
    }
    return rows;
  }

  /** Address {@code j} of the pool: prefix j mod P, then a bijective scramble of j / P into two octets. */
  private void appendIp(long j, StringBuilder out) {
    int low = (int) (((j / prefixes.length) * 40503 + 1) & 0xFFFF);
    out.append(prefixes[(int) (j % prefixes.length)]).append('.').append(low >> 8).append('.').append(low & 255);
  }
}
