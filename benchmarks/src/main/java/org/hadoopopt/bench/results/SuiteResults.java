package org.hadoopopt.bench.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one {@code suite} run produced: a description of the run, every (task, variant)
 * cell, the peers' cells (variants {@value #DUCKDB} and {@value #SPARK}), the hardware measured, and the
 * notices (variants skipped and why). Written as results.json by the suite's {@code ResultsJson}.
 */
public final class SuiteResults {
  /** The variant name of the stock Hadoop cells, the measure of every speedup. */
  public static final String BASELINE = "baseline";
  /** The variant name of the DuckDB reference cells. */
  public static final String DUCKDB = "duckdb";
  /** The variant name of the Spark SQL peer cells. */
  public static final String SPARK = "spark";
  /** The peers (systems a Hadoop user would pick instead), in column order. */
  public static final java.util.List<String> PEERS = java.util.Arrays.asList(DUCKDB, SPARK);

  private final Map<String, String> run = new LinkedHashMap<>();
  private final List<CellResult> cells = new ArrayList<>();
  private final List<String> notices = new ArrayList<>();
  private final Map<String, Double> hardware = new LinkedHashMap<>();
  private final Map<String, Double> prep = new LinkedHashMap<>();

  /** Scale, seed, runs, cluster, Hadoop version, machine, start time, ... (strings). */
  public Map<String, String> run() {
    return run;
  }

  public List<CellResult> cells() {
    return cells;
  }

  public List<String> notices() {
    return notices;
  }

  /** The hardware profile the ideal times came from (bytes/s), empty when not measured. */
  public Map<String, Double> hardware() {
    return hardware;
  }

  /**
   * Seconds spent making the data before any query (generating, converting, loading with indexes,
   * copying for the peers), one entry per step in the order run; 0 for a step whose result was
   * reused. The original benchmark reports load times beside query times; so does the report.
   */
  public Map<String, Double> prep() {
    return prep;
  }

  /** The cell, created (in first-use order) if missing. */
  public CellResult cell(String task, String variant) {
    CellResult c = find(task, variant);
    if (c == null) {
      c = new CellResult(task, variant);
      cells.add(c);
    }
    return c;
  }

  public CellResult find(String task, String variant) {
    for (CellResult c : cells) {
      if (c.task().equals(task) && c.variant().equals(variant)) {
        return c;
      }
    }
    return null;
  }

  /** Baseline median / this cell's median; NaN when either is missing. */
  public double speedup(CellResult c) {
    CellResult b = find(c.task(), BASELINE);
    return b == null ? Double.NaN : b.median() / c.median();
  }

  /** The distinct tasks, in first-seen order. */
  public List<String> tasks() {
    List<String> t = new ArrayList<>();
    for (CellResult c : cells) {
      if (!t.contains(c.task())) {
        t.add(c.task());
      }
    }
    return t;
  }

  /** Whether VARIANT names a peer's cells rather than a Hadoop variant. */
  public static boolean isPeer(String variant) {
    return PEERS.contains(variant);
  }

  /** The fastest cell of a task among Hadoop variants (peers excluded), or null. */
  public CellResult best(String task) {
    CellResult best = null;
    for (CellResult c : cells) {
      if (c.task().equals(task) && !isPeer(c.variant()) && !c.seconds().isEmpty()
          && (best == null || c.median() < best.median())) {
        best = c;
      }
    }
    return best;
  }

  /** The geometric mean over the given tasks of best-variant speedups; NaN if a task is missing. */
  public double geometricMeanBestSpeedup(List<String> tasks) {
    double logSum = 0;
    int n = 0;
    for (String t : tasks) {
      CellResult b = best(t);
      if (b == null || Double.isNaN(speedup(b))) {
        continue;
      }
      logSum += Math.log(speedup(b));
      n++;
    }
    return n == 0 ? Double.NaN : Math.exp(logSum / n);
  }
}
