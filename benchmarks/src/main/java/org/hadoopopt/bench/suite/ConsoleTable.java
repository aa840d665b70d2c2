package org.hadoopopt.bench.suite;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The table {@code bench} prints at the end: one row per task and variant. */
public final class ConsoleTable {
  /** The tasks of the headline target (geometric mean of the best variants' speedups). */
  public static final List<String> HEADLINE_TASKS = Arrays.asList(
      Task.GREP.name(), Task.SELECTION.name(), Task.AGGREGATION.name(), Task.JOIN.name());

  private ConsoleTable() {}

  public static void print(SuiteResults r, PrintStream out) {
    String fmt = "%-18s %-18s %4s %10s %8s %10s  %s%n";
    out.printf(Locale.ROOT, fmt, "task", "variant", "runs", "median s", "speedup", "meas/ideal", "answer");
    for (String task : r.tasks()) {
      for (CellResult c : r.cells()) {
        if (!c.task().equals(task)) {
          continue;
        }
        String answer = c.answerLines() + " lines"
            + (c.answerMatchesBaseline() == null ? "" : c.answerMatchesBaseline() ? ", = baseline" : ", DIFFERS");
        out.printf(Locale.ROOT, fmt, c.task(), c.variant(), c.seconds().size(), num(c.median(), "%.2f"),
            num(r.speedup(c), "%.2fx"), c.idealSeconds() == null ? "-" : num(c.median() / c.idealSeconds(), "%.1f"),
            answer);
      }
    }
    List<String> headline = headlineTasksRun(r);
    out.printf(Locale.ROOT, "geometric mean of the best variant's speedup over %s: %s%n",
        headline.isEmpty() ? "(none of " + HEADLINE_TASKS + " ran)" : String.join(", ", headline),
        num(r.geometricMeanBestSpeedup(headline), "%.2fx"));
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
