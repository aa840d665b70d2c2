package org.hadoopopt.bench.suite;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.bench.tools.ConfValues;
import org.hadoopopt.bench.tools.Jobs;
import org.hadoopopt.bench.tools.PosixLocalFileSystem;
import org.hadoopopt.bench.tools.ToolArgs;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;
import org.hadoopopt.bench.results.SuiteResults;
import org.hadoopopt.bench.pavlo.Task;

/**
 * The suite's settings. Each {@code --option} of {@code suite} sets one key, so {@code -D} works
 * too; a bad value fails before anything runs, naming the key.
 */
public final class SuiteOptions {
  /** {@code hadoopopt.bench.suite.runs}, default 3: rounds; every variant runs once per round. */
  public static final String RUNS = "hadoopopt.bench.suite.runs";
  /** {@code hadoopopt.bench.suite.tasks}, default all: comma-separated tasks (grep, selection, aggregation, aggregation-small, aggregation-dates, join, udf), {@code headline} (grep, selection, aggregation, join) or {@code all}. */
  public static final String TASKS = "hadoopopt.bench.suite.tasks";
  /** {@code hadoopopt.bench.suite.variants}, default {@code all} ({@link JobVariant#DEFAULTS}): comma-separated variants, or {@code all}, or {@code quick} ({@link JobVariant#QUICK}); baseline is always added. */
  public static final String VARIANTS = "hadoopopt.bench.suite.variants";
  /** {@code hadoopopt.bench.suite.out}, default {@code bench-results}: local folder of results.json, report.html, hardware.json. */
  public static final String OUT = "hadoopopt.bench.suite.out";
  /** {@code hadoopopt.bench.suite.partitions}, default 4: partitions of the loaded (indexed) copies. */
  public static final String PARTITIONS = "hadoopopt.bench.suite.partitions";
  /** {@code hadoopopt.bench.suite.duckdb}, default true: time the DuckDB peer ({@code --no-duckdb} drops it from {@link #PEERS}). */
  public static final String DUCKDB = "hadoopopt.bench.suite.duckdb";
  /**
   * {@code hadoopopt.bench.suite.aggregation.whole.files}, default {@code true}: the aggregation
   * tasks' variants with a map-output collector ({@code +fp}, {@code +fph}, {@code +hash}) read one
   * map per input file ({@code mapreduce.input.fileinputformat.split.minsize} set to its maximum,
   * unless the run sets it above Hadoop's default of 0): the map-side grouping reduces more the more
   * of the input one map sees (scale 0.1, large aggregation: a 32 MB split's 236,000 rows hold 138,000 sourceIPs, a 275 MB
   * file's 1.94M rows 200,000). {@code false} keeps Hadoop's block-sized splits.
   */
  public static final String AGGREGATION_WHOLE_FILES = "hadoopopt.bench.suite.aggregation.whole.files";
  /**
   * {@code hadoopopt.bench.suite.aggregation.parallel.reduce}, default {@code true}: the same
   * aggregation variants ({@link #AGGREGATION_WHOLE_FILES}'s), and every variant but the baseline of
   * the date-range aggregation ({@code aggregation-dates}: the indexed variants and the scans they
   * are compared with), run their reduce side on every core
   * and in memory, through Hadoop's own keys, each set only when the run leaves it unset or at
   * Hadoop's default: as many reducers as cores ({@code mapreduce.job.reduces}), as many run at once
   * in the local job runner ({@code mapreduce.local.reduce.tasks.maximum}), and the reduce input
   * kept in memory ({@code mapreduce.reduce.input.buffer.percent} 0.6, Hadoop's default 0 merges it
   * to disk and reads it back). With whole-file maps the map outputs are small (the hash-grouped
   * large aggregation shuffles 40 MB), and the local runner starts the reduce only after every map,
   * on one thread: the reduce side was about a third of the job's time. {@code false} keeps Hadoop's
   * one reducer, merged on disk.
   */
  public static final String AGGREGATION_PARALLEL_REDUCE = "hadoopopt.bench.suite.aggregation.parallel.reduce";
  /** Hadoop's {@code mapreduce.local.map.tasks.maximum}: set to the cores unless given when jobs run in the local job runner (on the local file system or HDFS). */
  static final String LOCAL_MAPS = "mapreduce.local.map.tasks.maximum";
  /**
   * HDFS's {@code dfs.client.block.write.locateFollowingBlock.initial.delay.ms} (Hadoop's default
   * 400): how long a writer's {@code close()} sleeps before asking the NameNode again whether its
   * last block is complete. The first ask nearly always comes before the DataNode's block report,
   * so every task's output file cost 400 ms on HDFS (JFR: each map attempt's close in
   * {@code DFSOutputStream.completeFile}'s sleep), more than an indexed selection's reading. The
   * suite sets {@link #CLOSE_POLL_MS} unless the run gives the key, for every variant alike.
   */
  static final String CLOSE_POLL_KEY = "dfs.client.block.write.locateFollowingBlock.initial.delay.ms";
  /** HDFS's retry count for the same wait (Hadoop's default 5); raised with the shorter first wait (doubling each time). */
  static final String CLOSE_RETRIES_KEY = "dfs.client.block.write.locateFollowingBlock.retries";
  static final int CLOSE_POLL_MS = 2;
  /**
   * Hadoop's {@code fs.file.impl}: the local file system's class. Unless the run gives it, the suite
   * sets {@link PosixLocalFileSystem}, Hadoop's own with file modes set through java.nio instead of
   * a {@code chmod} process per file when Hadoop's native library is absent (as here): the local
   * job runner stages every job on the local file system (JFR: 24 such processes per job, about 4 ms
   * each, on the submitting thread). For every variant alike; only with the local job runner (on
   * the local file system or HDFS), whose tasks run in this JVM.
   */
  static final String LOCAL_FS_KEY = "fs.file.impl";
  /**
   * 2 ms doubled 14 times: up to 33 s for the block report, Hadoop's 12.4 s and more. The DataNode
   * reports a finished block within a few ms here, so a 10 ms first wait still cost each output
   * file (every map's, and the job's _SUCCESS on the job's critical path) about 10 ms.
   */
  static final int CLOSE_RETRIES = 14;
  /**
   * {@code hadoopopt.bench.suite.peers}, default {@code duckdb}: comma-separated peers run on the same
   * files with the same SQL ({@code duckdb}, {@code spark}), or {@code none}. A peer whose runtime is
   * missing fails the run before anything is generated.
   */
  public static final String PEERS = "hadoopopt.bench.suite.peers";
  /**
   * {@code hadoopopt.bench.suite.spark.classpath}, no default: the Spark SQL peer's JVM classpath
   * (benchmarks-spark's jar and its runtime dependencies; {@code bin/hadoopopt bench} sets it).
   */
  public static final String SPARK_CLASSPATH = "hadoopopt.bench.suite.spark.classpath";
  /** {@code hadoopopt.bench.suite.spark.java.opts}, default {@code -Xmx3g}: JVM options of the Spark SQL peer (local mode, one thread per core). */
  public static final String SPARK_JAVA_OPTS = "hadoopopt.bench.suite.spark.java.opts";
  /** {@code hadoopopt.bench.suite.ideal}, default true: measure the hardware (once per out folder) and report measured/ideal. */
  public static final String IDEAL = "hadoopopt.bench.suite.ideal";
  /** {@code hadoopopt.bench.suite.cluster}, default {@code embedded}: a label for the report; {@code local} also switches to the local file system and job runner. */
  public static final String CLUSTER = "hadoopopt.bench.suite.cluster";

  /** The command-line options, each the last part of a key above (plus the generator's). */
  static final List<String> VALUED = ToolArgs.names("scale", "seed", "maps", "runs", "tasks", "variants", "out",
      "partitions", "cluster", "peers");
  static final List<String> FLAGS = ToolArgs.names("no-duckdb", "no-ideal");

  private SuiteOptions() {}

  static void apply(ToolArgs a, Configuration conf) {
    copy(a, "scale", conf, PavloGenerator.SCALE);
    copy(a, "seed", conf, PavloGenerator.SEED);
    copy(a, "maps", conf, PavloGenerator.MAPS);
    copy(a, "runs", conf, RUNS);
    copy(a, "tasks", conf, TASKS);
    copy(a, "variants", conf, VARIANTS);
    copy(a, "out", conf, OUT);
    copy(a, "partitions", conf, PARTITIONS);
    copy(a, "cluster", conf, CLUSTER);
    copy(a, "peers", conf, PEERS);
    if (a.has("no-duckdb")) {
      conf.setBoolean(DUCKDB, false);
    }
    if (a.has("no-ideal")) {
      conf.setBoolean(IDEAL, false);
    }
    if ("local".equals(getCluster(conf))) {
      conf.set("fs.defaultFS", "file:///");
      conf.set("mapreduce.framework.name", "local");
    }
    // In the local job runner (also on HDFS) as many maps at once as cores: the ideal's input size
    // no longer trusts the overcounting counter (Execution.inputBytes).
    if (Jobs.isLocalRunner(conf) && conf.get(LOCAL_MAPS) == null) {
      conf.setInt(LOCAL_MAPS, Runtime.getRuntime().availableProcessors());
    }
    if (Jobs.onlyDefault(conf, CLOSE_POLL_KEY) && Jobs.onlyDefault(conf, CLOSE_RETRIES_KEY)) {
      conf.setInt(CLOSE_POLL_KEY, CLOSE_POLL_MS);
      conf.setInt(CLOSE_RETRIES_KEY, CLOSE_RETRIES);
    }
    // Only where every task runs in this JVM: YARN's containers would need the class on their class path.
    if (Jobs.isLocalRunner(conf) && Jobs.onlyDefault(conf, LOCAL_FS_KEY)) {
      conf.set(LOCAL_FS_KEY, PosixLocalFileSystem.class.getName());
    }
  }

  private static void copy(ToolArgs a, String option, Configuration conf, String key) {
    if (a.get(option) != null) {
      conf.set(key, a.get(option));
    }
  }

  /** {@link #AGGREGATION_WHOLE_FILES}; a value other than true or false fails naming the key. */
  public static boolean aggregationWholeFiles(Configuration conf) {
    String v = conf.getTrimmed(AGGREGATION_WHOLE_FILES, "true");
    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(AGGREGATION_WHOLE_FILES + " must be true or false, not '" + v + "'");
    }
    return Boolean.parseBoolean(v);
  }

  /** {@link #AGGREGATION_PARALLEL_REDUCE}; a value other than true or false fails naming the key. */
  public static boolean aggregationParallelReduce(Configuration conf) {
    String v = conf.getTrimmed(AGGREGATION_PARALLEL_REDUCE, "true");
    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(AGGREGATION_PARALLEL_REDUCE + " must be true or false, not '" + v + "'");
    }
    return Boolean.parseBoolean(v);
  }

  public static void setRuns(Configuration conf, int runs) {
    conf.setInt(RUNS, runs);
  }

  public static int getRuns(Configuration conf) {
    return ConfValues.getInt(conf, RUNS, 3, 1);
  }

  public static void setTasks(Configuration conf, String... tasks) {
    conf.setStrings(TASKS, tasks);
  }

  public static List<Task> getTasks(Configuration conf) {
    List<Task> out = new ArrayList<>();
    String[] names = conf.getTrimmedStrings(TASKS);
    if (names.length == 0) {
      return Task.ALL;
    }
    for (String n : names) {
      try {
        List<Task> named = n.equals("all") ? Task.ALL : n.equals("headline") ? Task.HEADLINE
            : Collections.singletonList(Task.forName(n));
        for (Task t : named) {
          if (!out.contains(t)) {
            out.add(t);
          }
        }
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(TASKS + ": " + e.getMessage());
      }
    }
    return out;
  }

  public static void setVariants(Configuration conf, String... variants) {
    conf.setStrings(VARIANTS, variants);
  }

  /** The variants, baseline first (every speedup and answer check needs it). */
  public static List<JobVariant> getVariants(Configuration conf) {
    String[] names = conf.getTrimmedStrings(VARIANTS);
    List<String> specs = new ArrayList<>(Arrays.asList("baseline"));
    specs.addAll(names.length == 0 ? JobVariant.DEFAULTS : Arrays.asList(names));
    try {
      return JobVariant.parseList(specs);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(VARIANTS + ": " + e.getMessage());
    }
  }

  public static void setOut(Configuration conf, String dir) {
    conf.set(OUT, dir);
  }

  public static String getOut(Configuration conf) {
    return conf.getTrimmed(OUT, "bench-results");
  }

  public static void setPartitions(Configuration conf, int n) {
    conf.setInt(PARTITIONS, n);
  }

  public static int getPartitions(Configuration conf) {
    return ConfValues.getInt(conf, PARTITIONS, 4, 1);
  }

  public static boolean isDuckDb(Configuration conf) {
    return ConfValues.getBoolean(conf, DUCKDB, true);
  }

  public static void setPeers(Configuration conf, String... peers) {
    conf.setStrings(PEERS, peers);
  }

  /** The peers to run, in {@link SuiteResults#PEERS} order ({@link #DUCKDB} false removes duckdb). */
  public static List<String> getPeers(Configuration conf) {
    List<String> named = new ArrayList<>();
    for (String p : conf.getTrimmedStrings(PEERS, SuiteResults.DUCKDB)) {
      if (p.equals("none")) {
        continue;
      }
      if (!SuiteResults.isPeer(p)) {
        throw new IllegalArgumentException(PEERS + ": unknown peer '" + p + "'; peers: "
            + String.join(",", SuiteResults.PEERS) + " or none");
      }
      named.add(p);
    }
    List<String> out = new ArrayList<>();
    for (String p : SuiteResults.PEERS) {
      if (named.contains(p) && !(p.equals(SuiteResults.DUCKDB) && !isDuckDb(conf))) {
        out.add(p);
      }
    }
    return out;
  }

  /** The Spark peer's classpath entries, each checked to exist (empty when the key is unset). */
  public static List<String> getSparkClasspath(Configuration conf) {
    List<String> out = new ArrayList<>();
    for (String e : conf.getTrimmed(SPARK_CLASSPATH, "").split(java.io.File.pathSeparator)) {
      if (e.isEmpty()) {
        continue;
      }
      if (!new java.io.File(e).exists()) {
        throw new IllegalArgumentException(SPARK_CLASSPATH + ": " + e + " does not exist");
      }
      out.add(e);
    }
    return out;
  }

  public static String getSparkJavaOpts(Configuration conf) {
    return conf.getTrimmed(SPARK_JAVA_OPTS, "-Xmx3g");
  }

  public static boolean isIdeal(Configuration conf) {
    return ConfValues.getBoolean(conf, IDEAL, true);
  }

  public static String getCluster(Configuration conf) {
    return conf.getTrimmed(CLUSTER, "embedded");
  }
}
