package org.hadoopopt.bench.pavlo.gen;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** The four tables of a set with a given (seed, scale): row counts and generators. */
final class PavloTables {
  static final List<String> ALL = Collections.unmodifiableList(Arrays.asList("grep", "rankings", "uservisits", "documents"));

  private PavloTables() {}

  static long rows(long atScale1, double scale) {
    return Math.round(atScale1 * scale);
  }

  /** The tables named in {@code names} (a subset of {@link #ALL}), in {@link #ALL}'s order. */
  static List<PavloTable> create(long seed, double scale, List<String> names) {
    return create(seed, scale, names, RankDistribution.PAVLO);
  }

  static List<PavloTable> create(long seed, double scale, List<String> names, RankDistribution ranks) {
    long rankings = rows(RankingsTable.ROWS_AT_SCALE_1, scale);
    if (rankings < 1) {
      throw new IllegalArgumentException("scale " + scale + " is too small: Rankings would have no rows");
    }
    List<PavloTable> tables = new ArrayList<>();
    for (String n : ALL) {
      if (!names.contains(n)) {
        continue;
      }
      switch (n) {
        case "grep":
          tables.add(new GrepTable(seed, rows(GrepTable.ROWS_AT_SCALE_1, scale)));
          break;
        case "rankings":
          tables.add(new RankingsTable(seed, rankings, ranks));
          break;
        case "uservisits":
          tables.add(new UserVisitsTable(seed, rows(UserVisitsTable.ROWS_AT_SCALE_1, scale), rankings,
              UserVisitsTable.ipPool(scale)));
          break;
        default:
          tables.add(new DocumentsTable(seed, rows(DocumentsTable.ROWS_AT_SCALE_1, scale), rankings));
      }
    }
    return tables;
  }
}
