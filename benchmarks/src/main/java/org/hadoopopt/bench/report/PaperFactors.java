package org.hadoopopt.bench.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The speedups the research reports per task, shown beside ours: Jiang, Ooi, Shi, Wu, "The
 * Performance of MapReduce: An In-depth Study", PVLDB 3(1), 2010. Its Table 1 gives the tuned
 * over the original Hadoop per task: grep 1.47x, aggregation 1.54x, join 14.68x; for selection
 * the index experiments give a factor of about 2 (range index, high selectivity). Its overall
 * 2.5-3.5x is a summary over the benchmark, not a per-task figure, so no task carries it.
 */
public final class PaperFactors {
  /** The citation shown in the report. */
  public static final String SOURCE = "Jiang, Ooi, Shi, Wu: The Performance of MapReduce: An In-depth Study, PVLDB 3(1), 2010";

  /** A reported speedup range (low == high for a single figure) and what it refers to. */
  public static final class Factor {
    private final double low;
    private final double high;
    private final String note;

    Factor(double low, double high, String note) {
      this.low = low;
      this.high = high;
      this.note = note;
    }

    public double low() {
      return low;
    }

    public double high() {
      return high;
    }

    public String note() {
      return note;
    }
  }

  /** The summary over the whole benchmark (abstract and conclusion), for the report's text only. */
  public static final Factor OVERALL = new Factor(2.5, 3.5, "overall, Pavlo benchmark");

  private static final Map<String, Factor> BY_TASK;

  static {
    Map<String, Factor> m = new LinkedHashMap<>();
    m.put("grep", new Factor(1.47, 1.47, "Table 1, grep"));
    m.put("selection", new Factor(2, 2, "range index, selection (index experiments)"));
    m.put("aggregation", new Factor(1.54, 1.54, "Table 1, aggregation"));
    m.put("join", new Factor(14.68, 14.68, "Table 1, join (partitioned, indexed)"));
    BY_TASK = Collections.unmodifiableMap(m);
  }

  private PaperFactors() {}

  /** The reported factor for a task, or null when the paper gives none. */
  public static Factor forTask(String task) {
    return BY_TASK.get(task);
  }

  public static Map<String, Factor> all() {
    return BY_TASK;
  }
}
