package org.hadoopopt.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.SuiteResults;

/**
 * The one line that says what a run shows: each headline task's best HadoopOpt speedup over stock
 * Hadoop beside the research's factor, the geometric mean, and where each peer stands against our
 * best (its time over ours, as a range over the tasks). Printed by {@code suite} and at the top
 * of report.html.
 */
public final class Headline {
  private Headline() {}

  public static String of(SuiteResults r) {
    List<String> tasks = ConsoleTable.headlineTasksRun(r);
    if (tasks.isEmpty()) {
      tasks = r.tasks();
    }
    StringBuilder b = new StringBuilder("Best HadoopOpt variant over stock Hadoop: ");
    List<String> parts = new ArrayList<>();
    for (String t : tasks) {
      CellResult best = r.best(t);
      if (best == null || Double.isNaN(r.speedup(best))) {
        continue;
      }
      PaperFactors.Factor f = PaperFactors.forTask(t);
      parts.add(String.format(Locale.ROOT, "%s %.2fx%s", t, r.speedup(best),
          f == null ? "" : String.format(Locale.ROOT, " (paper %sx)", trim(f.low()))));
    }
    b.append(parts.isEmpty() ? "no task measured" : String.join(", ", parts));
    double g = r.geometricMeanBestSpeedup(tasks);
    if (!Double.isNaN(g)) {
      b.append(String.format(Locale.ROOT, "; geometric mean %.2fx", g));
    }
    for (String peer : SuiteResults.PEERS) {
      double lo = Double.POSITIVE_INFINITY;
      double hi = 0;
      for (String t : tasks) {
        CellResult p = r.find(t, peer);
        CellResult best = r.best(t);
        if (p == null || best == null || p.seconds().isEmpty()) {
          continue;
        }
        double ratio = best.median() / p.median();
        lo = Math.min(lo, ratio);
        hi = Math.max(hi, ratio);
      }
      if (hi > 0) {
        b.append("; ").append(peer.equals(SuiteResults.DUCKDB) ? "DuckDB" : "Spark SQL").append(" takes ")
            .append(range(1 / hi, 1 / lo)).append(" of our best's time");
      }
    }
    return b.append('.').toString();
  }

  private static String range(double lo, double hi) {
    String a = String.format(Locale.ROOT, "%.2fx", lo);
    String z = String.format(Locale.ROOT, "%.2fx", hi);
    return a.equals(z) ? a : a + " to " + z;
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
