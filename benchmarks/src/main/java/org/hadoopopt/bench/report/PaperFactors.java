package org.hadoopopt.bench.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The speedups the research reports, shown beside ours: Jiang, Ooi, Shi, Wu, "The Performance
 * of MapReduce: An In-depth Study", PVLDB 3(1), 2010. Its headline: tuning the five factors
 * (I/O mode, indexing, decoding, key comparison/sorting, scheduling) makes Hadoop 2.5 to 3.5
 * times faster on the Pavlo benchmark overall, and the join more than 14 times faster (with a
 * partitioned, indexed join). Tasks for which we know only the overall range carry that range.
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

  public static final Factor OVERALL = new Factor(2.5, 3.5, "overall, Pavlo benchmark");

  private static final Map<String, Factor> BY_TASK;

  static {
    Map<String, Factor> m = new LinkedHashMap<>();
    String overall = "the paper's overall range";
    m.put("grep", new Factor(OVERALL.low, OVERALL.high, overall));
    m.put("selection", new Factor(OVERALL.low, OVERALL.high, overall));
    m.put("aggregation", new Factor(OVERALL.low, OVERALL.high, overall));
    m.put("aggregation-small", new Factor(OVERALL.low, OVERALL.high, overall));
    m.put("join", new Factor(14, 14, "more than 14x (partitioned, indexed join)"));
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
