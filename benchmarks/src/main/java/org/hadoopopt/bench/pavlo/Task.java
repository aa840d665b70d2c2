package org.hadoopopt.bench.pavlo;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** One Pavlo task of the suite: the program that runs it, its options, and the tables it reads (in argument order). */
public final class Task {
  public static final Task GREP = new Task("grep", "grep", false, list(), PavloSchema.GREP);
  public static final Task SELECTION = new Task("selection", "selection", false, list(), PavloSchema.RANKINGS);
  /** The benchmark's "large" aggregation: GROUP BY the whole sourceIP. */
  public static final Task AGGREGATION = new Task("aggregation", "aggregation", true, list(), PavloSchema.USERVISITS);
  /** The benchmark's "small" aggregation: GROUP BY SUBSTR(sourceIP, 1, 7). */
  public static final Task AGGREGATION_SMALL =
      new Task("aggregation-small", "aggregation", true, list("--prefix", "7"), PavloSchema.USERVISITS);
  /** Aggregation over the 1984..1987 visitDate range (about 12% of the rows): where a date index helps. */
  public static final Task AGGREGATION_DATES = new Task("aggregation-dates", "aggregation", true,
      list("--from", DateBounds.FROM, "--to", DateBounds.TO), PavloSchema.USERVISITS);
  public static final Task JOIN = new Task("join", "join", true, list(), PavloSchema.RANKINGS, PavloSchema.USERVISITS);
  public static final Task UDF = new Task("udf", "udf", true, list(), PavloSchema.DOCUMENTS);
  /**
   * Hadoop's job floor: an empty job ({@code floor}) through the same runner and cluster, timed
   * every round beside the tasks; no table, no answer, not a task of {@link #ALL}.
   */
  public static final Task FLOOR = new Task("floor", "floor", false, list());

  /** Every task, in the order the suite runs them. */
  public static final List<Task> ALL = Collections.unmodifiableList(
      Arrays.asList(GREP, SELECTION, AGGREGATION, AGGREGATION_SMALL, AGGREGATION_DATES, JOIN, UDF));

  /**
   * {@code --tasks headline}: the four tasks of the research's headline factors and of our
   * geometric-mean target (grep, selection, the large aggregation, join).
   */
  public static final List<Task> HEADLINE = Collections.unmodifiableList(Arrays.asList(GREP, SELECTION, AGGREGATION, JOIN));

  /** The date range of {@link #AGGREGATION_DATES} (inclusive). */
  public static final class DateBounds {
    public static final String FROM = "1984-01-01";
    public static final String TO = "1987-01-01";

    private DateBounds() {}
  }

  private final String name;
  private final String program;
  private final boolean reduces;
  private final List<String> options;
  private final List<String> tables;

  private Task(String name, String program, boolean reduces, List<String> options, String... tables) {
    this.name = name;
    this.program = program;
    this.reduces = reduces;
    this.options = options;
    this.tables = Collections.unmodifiableList(Arrays.asList(tables));
  }

  private static List<String> list(String... s) {
    return Collections.unmodifiableList(Arrays.asList(s));
  }

  public static Task forName(String name) {
    for (Task t : ALL) {
      if (t.name.equals(name)) {
        return t;
      }
    }
    throw new IllegalArgumentException("unknown task '" + name + "'; tasks: " + names());
  }

  public static String names() {
    StringBuilder b = new StringBuilder();
    for (Task t : ALL) {
      b.append(b.length() == 0 ? "" : ",").append(t.name);
    }
    return b.toString();
  }

  public String name() {
    return name;
  }

  public String program() {
    return program;
  }

  /** Whether the job has a map-output sort (so a map-output collector matters). */
  public boolean reduces() {
    return reduces;
  }

  public List<String> options() {
    return options;
  }

  public List<String> tables() {
    return tables;
  }

  @Override
  public String toString() {
    return name;
  }
}
