package org.hadoopopt.bench.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one {@code suite} run produced: a description of the run, every (task, variant)
 * cell, the peers' cells (on the text: {@value #DUCKDB}, {@value #SPARK}; on their own loaded
 * storage: {@value #DUCKDB_LOADED}, {@value #SPARK_PARQUET}), Hadoop's job floor ({@value #FLOOR}),
 * the loading steps of every side, the hardware measured, and the notices (variants skipped and
 * why). Written as results.json by the suite's {@code ResultsJson}.
 */
public final class SuiteResults {
  /** The variant name of the stock Hadoop cells, the measure of every speedup. */
  public static final String BASELINE = "baseline";
  /** DuckDB over the generated text (views on {@code read_csv}, parsed on every query). */
  public static final String DUCKDB = "duckdb";
  /** DuckDB over its own tables, loaded once from the text (the load timed). */
  public static final String DUCKDB_LOADED = "duckdb-loaded";
  /** Spark SQL over the generated text. */
  public static final String SPARK = "spark";
  /** Spark SQL over Parquet it wrote once from the text (the write timed). */
  public static final String SPARK_PARQUET = "spark-parquet";
  /** The peers one can ask for ({@code --peers}), in column order: each runs on the text and on its own storage. */
  public static final List<String> PEERS = Arrays.asList(DUCKDB, SPARK);
  /** Every peer column, in order: each peer on the text, then on its loaded storage. */
  public static final List<String> PEER_COLUMNS = Arrays.asList(DUCKDB, DUCKDB_LOADED, SPARK, SPARK_PARQUET);
  /**
   * The task name of Hadoop's job floor: an empty job (empty splits, no record, an empty output
   * committed) through the same runner and cluster, timed each round as the tasks are.
   */
  public static final String FLOOR = "floor";
  /** The floor's one variant. */
  public static final String EMPTY_JOB = "empty-job";

  private final Map<String, String> run = new LinkedHashMap<>();
  private final List<CellResult> cells = new ArrayList<>();
  private final List<String> notices = new ArrayList<>();
  private final Map<String, Double> hardware = new LinkedHashMap<>();
  private final List<LoadStep> loading = new ArrayList<>();

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
   * The steps that made data before any query (generating, converting, loading with indexes, the
   * peers' loads into their own storage, copying for the peers), in the order run. The original
   * benchmark reports load times beside query times; so does the report, per side.
   */
  public List<LoadStep> loading() {
    return loading;
  }

  /** Seconds of every loading step of SIDE (steps reused count what they took when made). */
  public double loadSeconds(LoadStep.Side side) {
    double s = 0;
    for (LoadStep l : loading) {
      if (l.side() == side) {
        s += l.seconds();
      }
    }
    return s;
  }

  /**
   * Seconds spent making the copies the cell read (its {@link CellResult#copies()}): the loading
   * time that goes with a loaded cell; 0 for a cell of the text; NaN when a copy has no step.
   */
  public double loadSeconds(CellResult c) {
    double s = 0;
    for (String copy : c.copies()) {
      double made = Double.NaN;
      for (LoadStep l : loading) {
        if (copy.equals(l.copy())) {
          made = Double.isNaN(made) ? l.seconds() : made + l.seconds();
        }
      }
      s += made;
    }
    return s;
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
    return PEER_COLUMNS.contains(variant);
  }

  /** Whether the cell is Hadoop's job floor. */
  public static boolean isFloor(CellResult c) {
    return c.task().equals(FLOOR);
  }

  /** The fastest cell of a task among Hadoop variants (peers excluded), or null. */
  public CellResult best(String task) {
    return best(task, null);
  }

  /** The fastest Hadoop variant of the task reading STORAGE (null: either), or null. */
  public CellResult best(String task, CellResult.Storage storage) {
    CellResult best = null;
    for (CellResult c : cells) {
      if (c.task().equals(task) && !isPeer(c.variant()) && !c.seconds().isEmpty()
          && (storage == null || c.storage() == storage) && (best == null || c.median() < best.median())) {
        best = c;
      }
    }
    return best;
  }

  /** Hadoop's job floor cell of this run, or null when it was not measured. */
  public CellResult floor() {
    CellResult f = find(FLOOR, EMPTY_JOB);
    return f == null || f.seconds().isEmpty() ? null : f;
  }

  /** The tasks of the queries (the job floor is not one). */
  public List<String> queryTasks() {
    List<String> t = tasks();
    t.remove(FLOOR);
    return t;
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
