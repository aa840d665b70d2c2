package org.hadoopopt.pavlo.data;

import java.util.SplittableRandom;

/**
 * The pageURL of Rankings row {@code i}: a function of (seed, i) alone, so UserVisits and Documents
 * rows can link to it without the Rankings table at hand. Unique, because it embeds a bijective
 * token of i.
 */
public final class PageUrls {
  private static final long TOKEN_SPACE = 2_821_109_907_456L; // 36^8
  private static final long TOKEN_MULTIPLIER = 7919; // coprime to 36

  private PageUrls() {}

  public static void append(long seed, long i, StringBuilder out) {
    SplittableRandom r = RowRandom.of(seed, RowRandom.PAGE_URL, i);
    out.append("http://");
    RowRandom.letters(r, 5 + r.nextInt(11), out);
    out.append(".com/");
    RowRandom.letters(r, 8 + r.nextInt(17), out);
    out.append('/');
    RowRandom.base36(Math.floorMod(TOKEN_MULTIPLIER * i + 12345, TOKEN_SPACE), 8, out);
    out.append(".html");
  }

  public static String of(long seed, long i) {
    StringBuilder sb = new StringBuilder(64);
    append(seed, i, sb);
    return sb.toString();
  }
}
