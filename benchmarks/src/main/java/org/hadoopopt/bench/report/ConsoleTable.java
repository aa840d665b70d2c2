package org.hadoopopt.bench.report;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.hadoopopt.bench.pavlo.Task;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.LoadStep;
import org.hadoopopt.bench.results.SuiteResults;

/**
 * What {@code bench} prints at the end: the loading steps of every side, one row per task and
 * variant, Hadoop's job floor, and the like-with-like tables ({@link LikeWithLike}): raw against
 * raw, loaded against loaded with each side's loading time.
 */
public final class ConsoleTable {
  /** The tasks of the headline target (geometric mean of the best variants' speedups). */
  public static final List<String> HEADLINE_TASKS = Arrays.asList(
      Task.GREP.name(), Task.SELECTION.name(), Task.AGGREGATION.name(), Task.JOIN.name());

  private ConsoleTable() {}

  public static void print(SuiteResults r, PrintStream out) {
    if (!r.loading().isEmpty()) {
      out.println("loading and conversion (seconds, before any query; a copy an earlier run made counts what making it took):");
      for (LoadStep l : r.loading()) {
        out.printf(Locale.ROOT, "  %-84s %8s%n", l.describe(), LoadStep.format(l.seconds(), "%.1f"));
      }
      StringBuilder totals = new StringBuilder();
      for (LoadStep.Side side : LoadStep.Side.values()) {
        if (r.loading().stream().anyMatch(l -> l.side() == side)) {
          totals.append(totals.length() == 0 ? "" : ", ").append(side.label()).append(' ')
              .append(LoadStep.format(r.loadSeconds(side), "%.1f s"));
        }
      }
      out.println("  per side: " + totals);
    }
    String fmt = "%-18s %-18s %-7s %4s %10s %8s %7s %7s %9s  %s%n";
    out.printf(Locale.ROOT, fmt, "task", "variant", "reads", "runs", "median s", "speedup", "paper", "Krevat", "cpu-floor",
        "answer");
    for (String task : r.tasks()) {
      CellResult best = r.best(task);
      for (CellResult c : r.cells()) {
        if (!c.task().equals(task)) {
          continue;
        }
        String answer = SuiteResults.isFloor(c) ? "-" : c.answerLines() + " lines"
            + (c.answerMatchesBaseline() == null ? "" : c.answerMatchesBaseline() ? ", = baseline" : ", DIFFERS");
        PaperFactors.Factor f = PaperFactors.forTask(task);
        String paper = c == best && f != null ? num(f.low(), "%.2fx") : "";
        out.printf(Locale.ROOT, fmt, c.task(), c.variant() + (c == best && !SuiteResults.isFloor(c) ? " *" : ""),
            c.storage().label(), c.seconds().size(), num(c.median(), "%.2f"), num(r.speedup(c), "%.2fx"), paper,
            num(c.krevatRatio(), "%.1f"), c.idealSeconds() == null ? "-" : num(c.median() / c.idealSeconds(), "%.1f"), answer);
      }
    }
    List<String> headline = headlineTasksRun(r);
    out.printf(Locale.ROOT, "geometric mean of the best variant's speedup over %s: %s%n",
        headline.isEmpty() ? "(none of " + HEADLINE_TASKS + " ran)" : String.join(", ", headline),
        num(r.geometricMeanBestSpeedup(headline), "%.2fx"));
    out.println("(* the task's best HadoopOpt variant; reads: the generated text or a loaded copy; paper: the research's factor"
        + " for the task; Krevat: measured over Krevat et al.'s model (cold disk, loopback network); cpu-floor: measured over"
        + " our CPU-bound extension)");
    printLikeWithLike(r, out);
    String floor = floorLine(r);
    if (floor != null) {
      out.println(floor);
    }
    out.println(Headline.of(r));
    out.flush();
  }

  private static void printLikeWithLike(SuiteResults r, PrintStream out) {
    List<LikeWithLike.Row> raw = LikeWithLike.rows(r, CellResult.Storage.TEXT);
    if (raw.stream().anyMatch(x -> !x.peers().isEmpty())) {
      out.println("raw against raw, everyone on the same generated text (medians, s; ours over the peer's: at most 1.00x is as fast or faster):");
      String fmt = "  %-18s %-28s %10s %10s %12s %12s%n";
      out.printf(Locale.ROOT, fmt, "task", "ours (best on text)", "DuckDB", "Spark SQL", "ours/DuckDB", "ours/Spark");
      for (LikeWithLike.Row x : raw) {
        out.printf(Locale.ROOT, fmt, x.task(), ours(x), median(x.peer(SuiteResults.DUCKDB)), median(x.peer(SuiteResults.SPARK)),
            num(x.oursOver(SuiteResults.DUCKDB), "%.2fx"), num(x.oursOver(SuiteResults.SPARK), "%.2fx"));
      }
    }
    List<LikeWithLike.Row> loaded = LikeWithLike.rows(r, CellResult.Storage.LOADED);
    if (loaded.stream().anyMatch(x -> !x.peers().isEmpty())) {
      out.println("loaded against loaded, each on its own storage, [its loading time for the task's tables] (medians, s):");
      String fmt = "  %-18s %-34s %-20s %-20s %12s %12s%n";
      out.printf(Locale.ROOT, fmt, "task", "ours (best on a loaded copy)", "DuckDB's tables", "Spark on Parquet", "ours/DuckDB",
          "ours/Spark");
      for (LikeWithLike.Row x : loaded) {
        out.printf(Locale.ROOT, fmt, x.task(), ours(x) + load(r, x.ours()), median(x.peer(SuiteResults.DUCKDB_LOADED))
            + load(r, x.peer(SuiteResults.DUCKDB_LOADED)), median(x.peer(SuiteResults.SPARK_PARQUET))
            + load(r, x.peer(SuiteResults.SPARK_PARQUET)), num(x.oursOver(SuiteResults.DUCKDB_LOADED), "%.2fx"),
            num(x.oursOver(SuiteResults.SPARK_PARQUET), "%.2fx"));
      }
    }
  }

  /**
   * Hadoop's job floor and how far grep's and selection's best are from it (the tasks it dominates),
   * or null when the floor was not measured.
   */
  static String floorLine(SuiteResults r) {
    CellResult floor = r.floor();
    if (floor == null) {
      return null;
    }
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
        "Hadoop's job floor (an empty job, same runner and cluster): %.2f s", floor.median()));
    for (String t : Arrays.asList(Task.GREP.name(), Task.SELECTION.name())) {
      for (CellResult.Storage s : CellResult.Storage.values()) {
        CellResult best = r.best(t, s);
        if (best != null) {
          b.append(String.format(Locale.ROOT, "; %s %s (%s) %.2f s = floor + %.2f s", t, best.variant(), s.label(),
              best.median(), best.median() - floor.median()));
        }
      }
    }
    return b.toString();
  }

  private static String ours(LikeWithLike.Row x) {
    return x.ours() == null ? "-" : String.format(Locale.ROOT, "%.2f (%s)", x.ours().median(), x.ours().variant());
  }

  private static String median(CellResult c) {
    return c == null ? "-" : String.format(Locale.ROOT, "%.2f", c.median());
  }

  private static String load(SuiteResults r, CellResult c) {
    return c == null ? "" : " [" + LoadStep.format(r.loadSeconds(c), "%.1f") + "]";
  }

  /** The headline tasks this run measured. */
  public static List<String> headlineTasksRun(SuiteResults r) {
    List<String> t = new java.util.ArrayList<>(HEADLINE_TASKS);
    t.retainAll(r.tasks());
    return t;
  }

  static String num(double v, String fmt) {
    return Double.isNaN(v) || Double.isInfinite(v) ? "-" : String.format(Locale.ROOT, fmt, v);
  }
}
