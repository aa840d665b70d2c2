package org.hadoopopt.bench.suite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormatCounter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormatCounter;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.jobs.BaselineTool;
import org.hadoopopt.bench.pavlo.HadoopOptKeys;
import org.hadoopopt.bench.tools.Jobs;
import org.hadoopopt.bench.tools.TaskJars;
import org.hadoopopt.bench.results.Answer;
import org.hadoopopt.bench.pavlo.Task;
import org.hadoopopt.inputformats.btree.BTreeCounter;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.directio.client.DirectIoStatistics;

/** One timed run of a task in a variant: the program, its keys and jars, its answer and counters. */
final class Execution {
  /** Counter names in results.json (sums over the program's jobs). */
  /** The job's input size for the ideal: Hadoop's bytes-read counter, at most its input paths' size. */
  static final String INPUT_BYTES = "inputBytes";
  /** Hadoop's {@code File Input Format} bytes-read counter as reported. */
  static final String INPUT_BYTES_COUNTER = "inputBytesCounter";
  static final String OUTPUT_BYTES = "outputBytes";
  static final String SHUFFLE_BYTES = "shuffleBytes";
  static final String MAP_OUTPUT_MATERIALIZED_BYTES = "mapOutputMaterializedBytes";
  static final String MAP_INPUT_RECORDS = "mapInputRecords";
  static final String SPILLED_RECORDS = "spilledRecords";
  static final String CPU_MILLIS = "cpuMillis";
  static final String MAP_OUTPUT_RECORDS = "mapOutputRecords";
  /** Records hadoop-patches' fingerprint-sort patch sorted (the +pfs/+pfsh variants' proof; 0 elsewhere). */
  static final String PATCH_RECORDS_SORTED = "patchRecordsSorted";
  static final String JOBS = "jobs";
  /**
   * Bytes the {@code +dio} variants read from local block files through the direct I/O client, this
   * JVM's count before and after the run (the local job runner's tasks run here); absent elsewhere.
   */
  static final String DIRECT_BYTES = "directBytes";
  /**
   * The B+-tree reader's counters ({@link BTreeCounter}) of a {@code bdbtree} run, by their names in
   * results.json; only present when the run read trees. Per opened tree, STAGE (link or copy into
   * the task), OPEN (JE environment) and SCAN (cursor) nanoseconds show where the time goes.
   */
  static final Map<BTreeCounter, String> TREE_COUNTERS = treeCounters();

  final double seconds;
  final Answer answer;
  final Map<String, Long> counters;

  /** Each counter's name in camel case, under "tree": TREES_TOTAL is treesTotal, BYTES_COPIED treeBytesCopied. */
  private static Map<BTreeCounter, String> treeCounters() {
    Map<BTreeCounter, String> m = new java.util.EnumMap<>(BTreeCounter.class);
    for (BTreeCounter c : BTreeCounter.values()) {
      StringBuilder name = new StringBuilder();
      for (String word : c.name().toLowerCase(java.util.Locale.ROOT).split("_")) {
        name.append(name.length() == 0 ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
      }
      m.put(c, name.indexOf("trees") == 0 ? name.toString() : "tree" + Character.toUpperCase(name.charAt(0)) + name.substring(1));
    }
    return java.util.Collections.unmodifiableMap(m);
  }

  private Execution(double seconds, Answer answer, Map<String, Long> counters) {
    this.seconds = seconds;
    this.answer = answer;
    this.counters = counters;
  }

  /**
   * Runs the task in the variant over INPUTS (one per task table) into OUT (replaced); the patched
   * variants in PATCHED (null when the plan has none).
   */
  static Execution run(Programs programs, Configuration base, Task task, JobVariant v, List<Path> inputs, Path out,
      PatchedJvm patched) throws Exception {
    Configuration conf = configure(base, task, v);
    List<String> args = new ArrayList<>(task.options());
    if (v.decoder() != JobVariant.Decoder.BASELINE) {
      args.add("--variant");
      args.add(v.decoder().label());
    }
    for (Path p : inputs) {
      args.add(p.toString());
    }
    args.add(out.toString());
    FileSystem fs = out.getFileSystem(conf);
    fs.delete(out, true);
    fs.mkdirs(out.getParent());
    if (v.patched()) {
      PatchedJvm.Result r = patched.run(conf, task.program(), args, v);
      return new Execution(r.seconds, Answer.read(fs, out), r.counters);
    }
    Tool tool = programs.tool(task.program());
    long directBefore = DirectIoStatistics.directBytes();
    long t0 = System.nanoTime();
    int rc = ToolRunner.run(conf, tool, args.toArray(new String[0]));
    double seconds = (System.nanoTime() - t0) / 1e9;
    if (rc != 0) {
      throw new IllegalStateException(task + " in variant " + v + " exited with " + rc + " (args " + args + ")");
    }
    Map<String, Long> counters = counters(tool);
    if (v.has(JobVariant.Modifier.DIO) && Jobs.isLocalRunner(conf)) {
      long direct = DirectIoStatistics.directBytes() - directBefore;
      counters.put(DIRECT_BYTES, direct);
      if (direct == 0) {
        // a +dio time that measured streaming would be reported as direct I/O's
        throw new IllegalStateException(task + " in variant " + v + " read no byte through direct I/O: the client's"
            + " builder or the DataNode's plugin declined every block (their WARN lines in the log say why)");
      }
    }
    return new Execution(seconds, Answer.read(fs, out), counters);
  }

  /**
   * Hadoop's switch for the JVM's cache of HDFS clients. A task of the local job runner gets its
   * HDFS client from that cache, made from the configuration that first asked (the suite's, without
   * the direct I/O builder): a job's own client keys, the builder among them, never reach its
   * reads. The {@code +dio} variants' jobs there make their own clients, as a YARN container does.
   */
  static final String HDFS_CACHE_OFF = "fs.hdfs.impl.disable.cache";

  /** Hadoop's minimum split size (FileInputFormat). */
  static final String SPLIT_MINSIZE = "mapreduce.input.fileinputformat.split.minsize";

  /** Whether the variant switches on one of our map-output collectors. */
  static boolean collector(JobVariant v) {
    return v.has(JobVariant.Modifier.FP) || v.has(JobVariant.Modifier.FPH) || v.has(JobVariant.Modifier.HASH);
  }

  /** {@link #configure(Configuration, JobVariant)}, and one map per file for the aggregations' collector variants. */
  static Configuration configure(Configuration base, Task task, JobVariant v) {
    Configuration conf = configure(base, v);
    if (task.program().equals(Task.AGGREGATION.program()) && collector(v) && SuiteOptions.aggregationWholeFiles(conf)
        && conf.getLong(SPLIT_MINSIZE, 0) <= 1) { // unset, or Hadoop's default (mapred-default.xml: 0)
      conf.setLong(SPLIT_MINSIZE, Long.MAX_VALUE); // see SuiteOptions.AGGREGATION_WHOLE_FILES
    }
    if (parallelReduceApplies(task, v) && SuiteOptions.aggregationParallelReduce(conf)) {
      parallelReduce(conf, Runtime.getRuntime().availableProcessors(), Jobs.isLocalRunner(conf));
    }
    return conf;
  }

  /**
   * The aggregations' collector variants, and every non-baseline variant of the date-range
   * aggregation: there the indexed variants (mti, bdbi, bdbtree) read a tenth of the rows, the
   * reduce side is then a large part of their time, and the scans they are compared with (mt, bdb,
   * mtp) get the same reduce side so the comparison stays one of reading and grouping.
   */
  static boolean parallelReduceApplies(Task task, JobVariant v) {
    if (!task.program().equals(Task.AGGREGATION.program())) {
      return false;
    }
    return collector(v) || v.decoder().pages()
        || (task.name().equals(Task.AGGREGATION_DATES.name()) && v.decoder() != JobVariant.Decoder.BASELINE);
  }

  /** Hadoop's reducer count, local-runner reduce threads and reduce input buffer (see SuiteOptions.AGGREGATION_PARALLEL_REDUCE). */
  static final String REDUCES = "mapreduce.job.reduces";
  static final String LOCAL_REDUCES = "mapreduce.local.reduce.tasks.maximum";
  static final String REDUCE_INPUT_BUFFER = "mapreduce.reduce.input.buffer.percent";
  /** The reduce input kept in memory: 0.6 of the reduce's heap, below the shuffle's 0.7 (Hadoop's {@code mapreduce.reduce.shuffle.input.buffer.percent}). */
  static final float REDUCE_INPUT_IN_MEMORY = 0.6f;

  /**
   * Sets each reduce-side key that the run left unset or at Hadoop's default (mapred-default.xml);
   * the reduce threads of the local job runner only when the job runs there (LOCAL).
   */
  static void parallelReduce(Configuration conf, int cores, boolean local) {
    if (conf.getInt(REDUCES, 1) == 1) {
      conf.setInt(REDUCES, cores);
    }
    if (local && conf.getInt(LOCAL_REDUCES, 1) == 1) {
      conf.setInt(LOCAL_REDUCES, cores);
    }
    if (conf.getFloat(REDUCE_INPUT_BUFFER, 0f) == 0f) {
      conf.setFloat(REDUCE_INPUT_BUFFER, REDUCE_INPUT_IN_MEMORY);
    }
  }

  /** The base configuration plus the variant's keys and task jars. */
  static Configuration configure(Configuration base, JobVariant v) {
    Configuration conf = new Configuration(base);
    if (v.decoder() != JobVariant.Decoder.BASELINE) {
      TaskJars.ship(conf, TaskJars.INPUTFORMATS);
    }
    if (v.has(JobVariant.Modifier.FP) || v.has(JobVariant.Modifier.FPH)) {
      HadoopOptKeys.fingerprint(conf, v.has(JobVariant.Modifier.FPH));
    }
    if (v.has(JobVariant.Modifier.HASH)) {
      HadoopOptKeys.hashGroup(conf);
    }
    if (v.has(JobVariant.Modifier.DIO)) {
      HadoopOptKeys.directIo(conf);
      if (Jobs.isLocalRunner(conf)) {
        conf.setBoolean(HDFS_CACHE_OFF, true);
      }
    }
    if (v.has(JobVariant.Modifier.JIANG)) {
      JiangTuned.apply(conf);
    }
    if (v.has(JobVariant.Modifier.PFS) || v.has(JobVariant.Modifier.PFSH)) {
      HadoopOptKeys.patchSort(conf, v.has(JobVariant.Modifier.PFSH));
    }
    return conf;
  }

  /** Sums of the counters the report uses over the program's jobs (empty if it does not expose them). */
  static Map<String, Long> counters(Tool tool) throws Exception {
    Map<String, Long> m = new LinkedHashMap<>();
    if (!(tool instanceof BaselineTool)) {
      return m;
    }
    List<Job> jobs = ((BaselineTool) tool).jobs();
    m.put(JOBS, (long) jobs.size());
    for (Job j : jobs) {
      Counters c = j.getCounters();
      if (c == null) {
        continue; // history not reachable: no counters, no ideal
      }
      long counted = c.findCounter(FileInputFormatCounter.BYTES_READ).getValue();
      add(m, INPUT_BYTES_COUNTER, counted);
      add(m, INPUT_BYTES, inputBytes(j, counted));
      add(m, OUTPUT_BYTES, c.findCounter(FileOutputFormatCounter.BYTES_WRITTEN).getValue());
      add(m, SHUFFLE_BYTES, c.findCounter(TaskCounter.REDUCE_SHUFFLE_BYTES).getValue());
      add(m, MAP_OUTPUT_MATERIALIZED_BYTES, c.findCounter(TaskCounter.MAP_OUTPUT_MATERIALIZED_BYTES).getValue());
      add(m, MAP_INPUT_RECORDS, c.findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue());
      add(m, SPILLED_RECORDS, c.findCounter(TaskCounter.SPILLED_RECORDS).getValue());
      add(m, CPU_MILLIS, c.findCounter(TaskCounter.CPU_MILLISECONDS).getValue());
      add(m, MAP_OUTPUT_RECORDS, c.findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue());
      add(m, PATCH_RECORDS_SORTED, c.findCounter(HadoopOptKeys.PATCH_SORT_COUNTERS, "RECORDS_SORTED").getValue());
      if (c.findCounter(BTreeCounter.TREES_TOTAL).getValue() > 0) {
        for (Map.Entry<BTreeCounter, String> t : TREE_COUNTERS.entrySet()) {
          add(m, t.getValue(), c.findCounter(t.getKey()).getValue());
        }
      }
    }
    return m;
  }

  /**
   * COUNTED capped at the size of the job's input paths: with several local maps at once, Hadoop's
   * counter of its own readers takes deltas of the JVM-wide statistics and so counts the other
   * maps' reads too; no job reads more than its input (the local file system's checksum files
   * aside). Our scan readers count their own thread's reads and are right either way.
   */
  static long inputBytes(Job job, long counted) {
    try {
      long size = 0;
      Configuration conf = job.getConfiguration();
      Path[] paths = org.apache.hadoop.mapreduce.lib.input.FileInputFormat.getInputPaths(job);
      if (paths.length == 0) {
        return counted;
      }
      for (Path p : paths) {
        size += p.getFileSystem(conf).getContentSummary(p).getLength();
      }
      return Math.min(counted, size);
    } catch (java.io.IOException | RuntimeException e) {
      return counted; // input gone or not a file input: the counter as it is
    }
  }

  /**
   * Where a B+-tree run's time went, per opened tree, from the cell's counters (its last round):
   * staging (link or copy into the task), JE open, cursor scan; null for a run that read no tree.
   */
  static String treeTimes(CellResult c) {
    Map<String, Long> k = c.counters();
    Long opened = k.get(TREE_COUNTERS.get(BTreeCounter.TREES_OPENED));
    if (opened == null) {
      return null;
    }
    double per = Math.max(1, opened) * 1e6;
    return String.format(java.util.Locale.ROOT,
        "%s/%s: %d of %d trees opened; per tree: stage %.2f ms, JE open %.2f ms, cursor scan %.2f ms; %d records",
        c.task(), c.variant(), opened, k.get(TREE_COUNTERS.get(BTreeCounter.TREES_TOTAL)),
        k.get(TREE_COUNTERS.get(BTreeCounter.STAGE_NANOS)) / per, k.get(TREE_COUNTERS.get(BTreeCounter.OPEN_NANOS)) / per,
        k.get(TREE_COUNTERS.get(BTreeCounter.SCAN_NANOS)) / per, k.get(TREE_COUNTERS.get(BTreeCounter.RECORDS_SCANNED)));
  }

  private static void add(Map<String, Long> m, String key, long v) {
    m.merge(key, v, Long::sum);
  }
}
