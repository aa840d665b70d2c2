package org.hadoopopt.bench.report;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.hadoopopt.bench.pavlo.Task;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.SuiteResults;

/** The table {@code bench} prints at the end: one row per task and variant. */
public final class ConsoleTable {
  /** The tasks of the headline target (geometric mean of the best variants' speedups). */
  public static final List<String> HEADLINE_TASKS = Arrays.asList(
      Task.GREP.name(), Task.SELECTION.name(), Task.AGGREGATION.name(), Task.JOIN.name());

  private ConsoleTable() {}

  public static void print(SuiteResults r, PrintStream out) {
    if (!r.prep().isEmpty()) {
      double total = 0;
      out.println("loading and conversion (seconds, before any query):");
      for (java.util.Map.Entry<String, Double> e : r.prep().entrySet()) {
        out.printf(Locale.ROOT, "  %-58s %8.1f%n", e.getKey(), e.getValue());
        total += e.getValue();
      }
      out.printf(Locale.ROOT, "  %-58s %8.1f%n", "total", total);
    }
    String fmt = "%-18s %-18s %4s %10s %8s %7s %7s %9s  %s%n";
    out.printf(Locale.ROOT, fmt, "task", "variant", "runs", "median s", "speedup", "paper", "Krevat", "cpu-floor",
        "answer");
    for (String task : r.tasks()) {
      CellResult best = r.best(task);
      for (CellResult c : r.cells()) {
        if (!c.task().equals(task)) {
          continue;
        }
        String answer = c.answerLines() + " lines"
            + (c.answerMatchesBaseline() == null ? "" : c.answerMatchesBaseline() ? ", = baseline" : ", DIFFERS");
        PaperFactors.Factor f = PaperFactors.forTask(task);
        String paper = c == best && f != null ? num(f.low(), "%.2fx") : "";
        out.printf(Locale.ROOT, fmt, c.task(), c.variant() + (c == best ? " *" : ""), c.seconds().size(),
            num(c.median(), "%.2f"), num(r.speedup(c), "%.2fx"), paper, num(c.krevatRatio(), "%.1f"),
            c.idealSeconds() == null ? "-" : num(c.median() / c.idealSeconds(), "%.1f"), answer);
      }
    }
    List<String> headline = headlineTasksRun(r);
    out.printf(Locale.ROOT, "geometric mean of the best variant's speedup over %s: %s%n",
        headline.isEmpty() ? "(none of " + HEADLINE_TASKS + " ran)" : String.join(", ", headline),
        num(r.geometricMeanBestSpeedup(headline), "%.2fx"));
    out.println("(* the task's best HadoopOpt variant; paper: the research's factor for the task; Krevat: measured over"
        + " Krevat et al.'s model (cold disk, loopback network); cpu-floor: measured over our CPU-bound extension)");
    out.println(Headline.of(r));
    out.flush();
  }

  /** The headline tasks this run measured. */
  public static List<String> headlineTasksRun(SuiteResults r) {
    List<String> t = new java.util.ArrayList<>(HEADLINE_TASKS);
    t.retainAll(r.tasks());
    return t;
  }

  private static String num(double v, String fmt) {
    return Double.isNaN(v) || Double.isInfinite(v) ? "-" : String.format(Locale.ROOT, fmt, v);
  }
}
