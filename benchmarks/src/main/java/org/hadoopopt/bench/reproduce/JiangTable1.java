package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.ExperimentArgs;
import org.hadoopopt.bench.results.Findings;
import org.hadoopopt.bench.results.Finding;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.bench.report.PaperFactors;

/**
 * Jiang et al. (VLDB 2010), Table 1: the tuned Hadoop over the original per task (grep 1.47x,
 * aggregation 1.54x, join 14.68x; selection about 2x from the index experiments) beside the
 * suite's same ratios (grep mt, selection mti, aggregation the better of mt and mt+fph, join
 * partition, each over the baseline), one suite run with the local runner; and the parallel
 * databases over Hadoop beside DuckDB over our baseline. The paper gives that last comparison as
 * one range, 3.1-6.5x (its abstract, from Pavlo et al.'s DBMS-X and Vertica runs); per-task
 * DBMS-X and Vertica figures were not found for this report, so the range's two ends are compared
 * with the lowest and highest per-task DuckDB ratio.
 *
 * <p>Usage: {@code JiangTable1 --findings FILE [--quick] [--work DIR] [--set DIR] [--scale S] [--runs N]}
 */
public final class JiangTable1 {
  static final String PART = "jiang-table1";
  static final String[][] TASKS = {{"grep", "mt"}, {"selection", "mti"}, {"aggregation", "mt", "mt+fph"},
      {"join", "partition"}};
  static final double PAPER_DB_LOW = 3.1;
  static final double PAPER_DB_HIGH = 6.5;

  private JiangTable1() {}

  public static void main(String[] args) throws Exception {
    Options own = suiteOptions();
    ExperimentArgs a = ExperimentArgs.parse("JiangTable1", args, own);
    double scale = Double.parseDouble(a.line.getOptionValue("scale", a.quick ? "0.001" : "0.1"));
    String set = a.line.getOptionValue("set");
    File work = new File(a.line.getOptionValue("work", "build/jiang-suite-work"));
    int runs = Integer.parseInt(a.line.getOptionValue("runs", "1"));
    Findings.write(a.findings, PART, measure(new Configuration(), work, new File(a.findings.getParentFile(),
        "jiang-table1-suite"), scale, a.quick || set == null ? null : new Path(set), runs));
  }

  static Options suiteOptions() {
    Options own = new Options();
    own.addOption(Option.builder().longOpt("work").hasArg().desc("the suite's work folder (data, loaded copies)").build());
    own.addOption(Option.builder().longOpt("set").hasArg().desc("a generated Pavlo set of that scale, seed 42, to use").build());
    own.addOption(Option.builder().longOpt("scale").hasArg().desc("scale of the set").build());
    own.addOption(Option.builder().longOpt("runs").hasArg().desc("rounds of the suite").build());
    return own;
  }

  static List<Finding> measure(Configuration conf, File work, File out, double scale, Path set, int runs)
      throws Exception {
    JiangSuite.Cells cells = JiangSuite.run(conf, work, out, scale, set, "--runs", Integer.toString(runs),
        "--tasks", "grep,selection,aggregation,join", "--variants", "baseline,mt,mti,mt+fph,partition",
        "--peers", "duckdb");
    String where = String.format(Locale.ROOT, "scale %s, local runner, %d round%s", scale, runs, runs == 1 ? "" : "s");
    List<Finding> out2 = new ArrayList<>();
    double lowDb = Double.NaN;
    double highDb = Double.NaN;
    String lowTask = "";
    String highTask = "";
    StringBuilder perTask = new StringBuilder();
    for (String[] t : TASKS) {
      String task = t[0];
      double base = cells.median(task, "baseline");
      String best = null;
      double bestSec = Double.NaN;
      for (int i = 1; i < t.length; i++) {
        double s = cells.median(task, t[i]);
        if (!Double.isNaN(s) && (best == null || s < bestSec)) {
          best = t[i];
          bestSec = s;
        }
      }
      PaperFactors.Factor f = PaperFactors.forTask(task);
      Finding.Builder b = Finding.of(PART, JiangScheduling.PAPER, "Table 1: " + task + ", tuned Hadoop over the original")
          .paper(f.note(), f.low()).unit("x");
      if (Double.isNaN(base) || best == null) {
        out2.add(b.notReproducible("the suite ran no " + (Double.isNaN(base) ? "baseline" : "optimized variant")
            + " of " + task + ": " + cells.notice(t[1])));
      } else {
        out2.add(b.ours(String.format(Locale.ROOT, "%s over baseline, %s: %.1f s / %.1f s", best, where, base, bestSec),
            base / bestSec).measured(""));
      }
      double duck = cells.median(task, "duckdb");
      if (!Double.isNaN(duck) && !Double.isNaN(base)) {
        double r = base / duck;
        perTask.append(String.format(Locale.ROOT, "%s%s %.1fx", perTask.length() == 0 ? "" : ", ", task, r));
        if (Double.isNaN(lowDb) || r < lowDb) {
          lowDb = r;
          lowTask = task;
        }
        if (Double.isNaN(highDb) || r > highDb) {
          highDb = r;
          highTask = task;
        }
      }
    }
    String noFigures = "per-task DBMS-X and Vertica figures not found for this report; the paper's range compared"
        + " with ours; DuckDB over the baseline per task: " + perTask;
    Finding.Builder low = Finding.of(PART, JiangScheduling.PAPER, "parallel databases over Hadoop, low end")
        .paper("DBMS-X / Vertica over Hadoop, abstract (from Pavlo et al.): 3.1x low end", PAPER_DB_LOW).unit("x");
    Finding.Builder high = Finding.of(PART, JiangScheduling.PAPER, "parallel databases over Hadoop, high end")
        .paper("DBMS-X / Vertica over Hadoop, abstract (from Pavlo et al.): 6.5x high end", PAPER_DB_HIGH).unit("x");
    if (Double.isNaN(lowDb)) {
      String why = "DuckDB did not run: " + cells.notice("duckdb");
      out2.add(low.notReproducible(why));
      out2.add(high.notReproducible(why));
    } else {
      out2.add(low.ours("DuckDB over our baseline, lowest task (" + lowTask + "), " + where, lowDb).measured(noFigures));
      out2.add(high.ours("DuckDB over our baseline, highest task (" + highTask + "), " + where, highDb).measured(noFigures));
    }
    return out2;
  }
}
