package org.hadoopopt.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.LoadStep;
import org.hadoopopt.bench.results.SuiteResults;

/**
 * The one line that says what a run shows: each headline task's best HadoopOpt speedup over stock
 * Hadoop beside the research's factor, the geometric mean, then where we stand against the peers
 * like with like ({@link LikeWithLike}): our best on the text over each peer on the same text, our
 * best on a loaded copy over each peer on its own storage, each side's loading time, and Hadoop's
 * job floor. Printed by {@code suite} and at the top of report.html.
 */
public final class Headline {
  private Headline() {}

  public static String of(SuiteResults r) {
    List<String> tasks = ConsoleTable.headlineTasksRun(r);
    if (tasks.isEmpty()) {
      tasks = r.queryTasks();
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
    for (CellResult.Storage storage : CellResult.Storage.values()) {
      List<String> columns = storage == CellResult.Storage.TEXT ? LikeWithLike.RAW_PEERS : LikeWithLike.LOADED_PEERS;
      List<String> sentences = new ArrayList<>();
      for (String column : columns) {
        List<String> each = new ArrayList<>();
        for (String t : tasks) {
          double ratio = LikeWithLike.of(r, t, storage).oursOver(column);
          if (!Double.isNaN(ratio)) {
            each.add(String.format(Locale.ROOT, "%s %.2fx", t, ratio));
          }
        }
        if (!each.isEmpty()) {
          sentences.add("over " + LikeWithLike.label(column) + " " + String.join(", ", each));
        }
      }
      if (!sentences.isEmpty()) {
        b.append(storage == CellResult.Storage.TEXT ? ". Raw against raw, our time " : ". Loaded against loaded, our time ")
            .append(String.join("; ", sentences));
      }
    }
    List<String> loads = new ArrayList<>();
    for (LoadStep.Side side : new LoadStep.Side[] {LoadStep.Side.HADOOPOPT, LoadStep.Side.DUCKDB, LoadStep.Side.SPARK}) {
      if (r.loading().stream().anyMatch(l -> l.side() == side)) {
        loads.add(side.label() + " " + LoadStep.format(r.loadSeconds(side), "%.1f s"));
      }
    }
    if (!loads.isEmpty()) {
      b.append("; loading: ").append(String.join(", ", loads));
    }
    CellResult floor = r.floor();
    if (floor != null) {
      b.append(String.format(Locale.ROOT, "; Hadoop's job floor %.2f s", floor.median()));
    }
    return b.append('.').toString();
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
