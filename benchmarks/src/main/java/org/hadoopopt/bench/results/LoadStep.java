package org.hadoopopt.bench.results;

import java.util.Locale;

/**
 * One step of making data before any query, timed: generating the set, a copy our variants read
 * (converted, or loaded: partitioned, sorted and indexed), a peer's load into its own storage, the
 * peers' local copy of a set in HDFS. A step whose output an earlier run made and this run reused
 * keeps the seconds it took then ({@link #reused}), so a loaded comparison always carries both
 * sides' loading times.
 */
public final class LoadStep {
  /** Who pays for the step: the data set itself, our loaded copies, or a peer's own storage. */
  public enum Side {
    /** Generating the set, and the peers' local copy of a set in HDFS: paid by every column alike. */
    SET("set"),
    /** A copy our loaded variants read (KVSF conversion, the loader's partitioned and indexed copies). */
    HADOOPOPT("HadoopOpt"),
    /** DuckDB's load of a table into its own storage (a database file). */
    DUCKDB(SuiteResults.DUCKDB_LOADED),
    /** Spark SQL's one-time write of a table as Parquet. */
    SPARK(SuiteResults.SPARK_PARQUET);

    private final String label;

    Side(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }

    /** The side of LABEL (case ignored), as results.json writes it. */
    public static Side of(String label) {
      for (Side s : values()) {
        if (s.label.equalsIgnoreCase(label) || s.name().equalsIgnoreCase(label)) {
          return s;
        }
      }
      throw new IllegalArgumentException("unknown loading side '" + label + "'");
    }
  }

  /**
   * What the reports print for a loading time nobody measured (a copy an earlier run made without
   * recording how long that took): words, never a number or NaN.
   */
  public static final String UNKNOWN = "unknown (made by an earlier run that did not time it)";

  private final Side side;
  private final String step;
  private final String copy;
  private final double seconds;
  private final boolean reused;

  /**
   * @param copy what the step made, as cells name the copies they read ({@link CellResult#copies()}),
   *     e.g. {@code loaded-kvsf/uservisits} or {@code duckdb/rankings}; null for a step no cell reads
   */
  public LoadStep(Side side, String step, String copy, double seconds, boolean reused) {
    this.side = side;
    this.step = step;
    this.copy = copy;
    this.seconds = seconds;
    this.reused = reused;
  }

  public Side side() {
    return side;
  }

  public String step() {
    return step;
  }

  /** The copy made, or null. */
  public String copy() {
    return copy;
  }

  /** The seconds the step took (when reused: when an earlier run made it; NaN if that run did not say). */
  public double seconds() {
    return seconds;
  }

  /** Whether this run reused the output of an earlier one. */
  public boolean reused() {
    return reused;
  }

  /** The step as the console and the report list it. */
  public String describe() {
    return side.label() + ": " + step + (reused ? " (made by an earlier run, reused)" : "");
  }

  /** SECONDS in FORMAT (e.g. {@code %.1f}), or {@link #UNKNOWN} when they are NaN. */
  public static String format(double seconds, String format) {
    return Double.isNaN(seconds) || Double.isInfinite(seconds) ? UNKNOWN : String.format(Locale.ROOT, format, seconds);
  }

  @Override
  public String toString() {
    return describe() + " " + format(seconds, "%.1f s");
  }
}
