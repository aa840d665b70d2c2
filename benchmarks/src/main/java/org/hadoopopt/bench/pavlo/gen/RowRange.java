package org.hadoopopt.bench.pavlo.gen;

/** One record of the generator's input: rows [start, end) of one table, for one map task. */
final class RowRange {
  final int table;
  final long start;
  final long end;

  RowRange(int table, long start, long end) {
    this.table = table;
    this.start = start;
    this.end = end;
  }
}
