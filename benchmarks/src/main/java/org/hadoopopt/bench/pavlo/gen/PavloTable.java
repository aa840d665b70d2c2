package org.hadoopopt.bench.pavlo.gen;

/** One generated table: how many rows at the set's scale, and the text of row {@code i}. */
abstract class PavloTable {
  final long seed;
  final long rows;

  PavloTable(long seed, long rows) {
    this.seed = seed;
    this.rows = rows;
  }

  /** The directory name under the set's root (see PavloSchema). */
  abstract String name();

  /** A rough size, only for progress reporting. */
  abstract int approxBytesPerRow();

  /** Appends row {@code i} without its line terminator. */
  abstract void appendRow(long i, StringBuilder out);
}
