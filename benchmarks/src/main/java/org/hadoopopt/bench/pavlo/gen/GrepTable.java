package org.hadoopopt.bench.pavlo.gen;

import java.util.SplittableRandom;
import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.pavlo.data.RowRandom;

/**
 * Grep(key, field): a unique 10-character key and 90 random characters; "XYZ" is planted in about
 * one field in 10,000 and cannot occur by chance (the alphabets have no 'X').
 */
final class GrepTable extends PavloTable {
  /** Rows at scale 1.0: 10 GB of 100-byte records. */
  static final long ROWS_AT_SCALE_1 = 100_000_000L;
  static final String PATTERN = "XYZ";
  static final int PATTERN_ONE_IN = 10_000;
  private static final long KEY_SPACE = 3_656_158_440_062_976L; // 36^10
  private static final long KEY_MULTIPLIER = 2357; // coprime to 36: i -> key is a bijection
  private static final String FIELD_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVW0123456789";

  GrepTable(long seed, long rows) {
    super(seed, rows);
  }

  @Override
  String name() {
    return PavloSchema.GREP;
  }

  @Override
  int approxBytesPerRow() {
    return 102;
  }

  @Override
  void appendRow(long i, StringBuilder out) {
    SplittableRandom r = RowRandom.of(seed, RowRandom.GREP, i);
    long offset = RowRandom.mix(seed) & Long.MAX_VALUE;
    RowRandom.base36(Math.floorMod(KEY_MULTIPLIER * i + offset % KEY_SPACE, KEY_SPACE), PavloSchema.GREP_KEY_LENGTH, out);
    out.append(PavloSchema.SEPARATOR);
    int start = out.length();
    for (int k = 0; k < PavloSchema.GREP_FIELD_LENGTH; k++) {
      out.append(FIELD_ALPHABET.charAt(r.nextInt(FIELD_ALPHABET.length())));
    }
    if (r.nextInt(PATTERN_ONE_IN) == 0) {
      int at = start + r.nextInt(PavloSchema.GREP_FIELD_LENGTH - PATTERN.length() + 1);
      out.replace(at, at + PATTERN.length(), PATTERN);
    }
  }
}
