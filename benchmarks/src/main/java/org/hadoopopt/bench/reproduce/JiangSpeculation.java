package org.hadoopopt.bench.reproduce;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.util.ToolRunner;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.hadoopopt.bench.micro.MicroOptions;
import org.hadoopopt.bench.pavlo.jobs.GrepJob;
import org.hadoopopt.bench.results.ExperimentArgs;
import org.hadoopopt.bench.results.Finding;
import org.hadoopopt.bench.results.Findings;
import org.hadoopopt.bench.tools.Stats;

/**
 * Speculative execution with a slow node, the way Jiang et al. saw it (section 5.8: on EC2 nodes of
 * unequal speed, turning Hadoop's speculation on made Grep "even worse"), on the shared HDFS+YARN:
 * beside the cluster's NodeManager a second one ({@link SlowNodeManager}) whose processes share a
 * CPU quota. Each node takes two maps at a time, as the paper's TaskTrackers did (the jobs' map and
 * ApplicationMaster memory are sized to the nodes' memory so; the ApplicationMaster does not fit on
 * the second node, so it runs on the cluster's). The Pavlo Grep (the original code) over a Grep
 * file of small blocks, speculation on and off, alternated, with the second node slow (its quota a
 * fraction of a core) and with it as fast as the machine allows (no quota): Krevat et al.'s case,
 * speculation on an even cluster. Per job: which node ran each map and how many backup attempts
 * speculation launched.
 *
 * <p>Usage: {@code JiangSpeculation --findings FILE [--quick] [--work DIR] [--file-size S] [--block B]
 * [--slow-cores C] [--grep-source DIR] [--rounds R]}
 */
public final class JiangSpeculation {
  static final String PART = "jiang-spec";
  static final String KREVAT = "Krevat et al., CMU-PDL-10-108 (2010)";

  private JiangSpeculation() {}

  /** The jobs' container sizes for nodes of {@code fastMb}: two maps a node, the ApplicationMaster only on the fast one. */
  static final class Sizes {
    final int mapMb;
    final int amMb;
    final int slowNodeMb;

    Sizes(int fastMb, int step) {
      int m = mapFor(fastMb, step);
      this.mapMb = m;
      this.amMb = amFor(fastMb, step, m);
      this.slowNodeMb = 2 * m;
    }

    /**
     * The largest map (a multiple of the scheduler's step) for which an ApplicationMaster size
     * exists that fits the fast node with two maps, not with three, and not the slow node of two maps.
     */
    private static int mapFor(int fastMb, int step) {
      for (int m = (fastMb - step) / 4 / step * step; m >= step; m -= step) {
        if (amFor(fastMb, step, m) + 2 * m <= fastMb) {
          return m;
        }
      }
      throw new IllegalArgumentException("cannot size two maps a node for a NodeManager of " + fastMb + " MB (step "
          + step + " MB)");
    }

    /** The smallest ApplicationMaster above both the slow node (2 maps) and what leaves room for a third map. */
    private static int amFor(int fastMb, int step, int m) {
      return (Math.max(2 * m, fastMb - 3 * m) / step + 1) * step;
    }
  }

  public static void main(String[] args) throws Exception {
    Options own = new Options();
    own.addOption(Option.builder().longOpt("work").hasArg().desc("folder on the cluster's file system").build());
    own.addOption(Option.builder().longOpt("local").hasArg().desc("local folder for the slow node").build());
    own.addOption(Option.builder().longOpt("file-size").hasArg().desc("bytes of Grep rows").build());
    own.addOption(Option.builder().longOpt("block").hasArg().desc("block size: the maps").build());
    own.addOption(Option.builder().longOpt("slow-cores").hasArg().desc("the slow node's cores (e.g. 0.5)").build());
    own.addOption(Option.builder().longOpt("grep-source").hasArg().desc("a Pavlo set's grep folder to copy").build());
    own.addOption(Option.builder().longOpt("rounds").hasArg().desc("rounds").build());
    ExperimentArgs a = ExperimentArgs.parse("JiangSpeculation", args, own);
    long file = MicroOptions.parseSize("--file-size", a.line.getOptionValue("file-size", a.quick ? "64m" : "512m"));
    long block = MicroOptions.parseSize("--block", a.line.getOptionValue("block", a.quick ? "8m" : "64m"));
    double slow = Double.parseDouble(a.line.getOptionValue("slow-cores", "0.5"));
    int rounds = Integer.parseInt(a.line.getOptionValue("rounds", a.quick ? "1" : "2"));
    // jiang-sched's folder: its Grep file of the same size and blocks is reused
    Path work = new Path(a.line.getOptionValue("work", "/hadoopopt-reproduce/jiang"));
    File local = new File(a.line.getOptionValue("local", "jiang-spec-node")).getAbsoluteFile();
    String source = a.line.getOptionValue("grep-source");
    String confDir = System.getenv("HADOOP_CONF_DIR");
    if (confDir == null) {
      throw new IllegalStateException("HADOOP_CONF_DIR is not set: the slow node needs the cluster's configuration");
    }
    Findings.write(a.findings, PART, measure(new YarnConfiguration(), new File(confDir), work, local, file, block, slow,
        rounds, source == null ? null : new Path(source)));
  }

  /**
   * Measures on the cluster of {@code conf}, whose configuration folder is {@code confDir} (the
   * slow node's copy of it), the slow node's folders under {@code local}.
   */
  static List<Finding> measure(Configuration conf, File confDir, Path work, File local, long fileBytes, long block,
      double slowCores, int rounds, Path grepSource) throws Exception {
    String setting = String.format(Locale.ROOT, "the Pavlo Grep (original code), %s of Grep rows in %s blocks",
        MicroOptions.formatSize(fileBytes), MicroOptions.formatSize(block));
    Finding.Builder jiang = Finding.of(PART, JiangPaper.PAPER, "speculative execution makes a cluster with slow nodes"
        + " slower (on over off)")
        .paperAbove("section 5.8, Grep: with speculation on the job was \"even worse\" (no figure: the bound is"
            + " 1x); fast nodes taking slow nodes' blocks cost 20% (Hadoop) without it; " + JiangPaper.TASKS, 1.0)
        .unit("x");
    Finding.Builder krevat = Finding.of(PART, KREVAT, "speculative execution does not improve an even cluster"
        + " (off over on)")
        .paper("section 6: tuned Hadoop TeraSort on 1-25 even nodes (2 quad-core Xeon E5430, 4 SATA disks, 16 GB,"
            + " GbE): speculation \"did not improve performance\" (taken as 1x), so Table 4 turns it off", 1.0)
        .unit("x");
    String why = CpuLimit.unavailable();
    if (why != null) {
      why = "no slow node can be made here: " + why;
      return Arrays.asList(jiang.notReproducible(why), krevat.notReproducible(why));
    }
    FileSystem fs = work.getFileSystem(conf);
    Path in = new Path(work, "grep-" + MicroOptions.formatSize(block));
    long bytes = JiangScheduling.GrepInput.ensure(fs, in, grepSource, fileBytes, block);
    YarnClient yarn = YarnClient.createYarnClient();
    yarn.init(conf);
    yarn.start();
    try {
      List<NodeReport> nodes = yarn.getNodeReports(NodeState.RUNNING);
      if (nodes.size() != 1) {
        throw new IllegalStateException("the experiment needs a cluster of one NodeManager, not " + nodes.size());
      }
      NodeReport fast = nodes.get(0);
      Sizes sizes = new Sizes((int) fast.getCapability().getMemorySize(),
          conf.getInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 1024));
      try (SlowNodeManager slow = SlowNodeManager.start(confDir, local, sizes.slowNodeMb, yarn)) {
        return run(conf, fs, in, bytes, work, slow, sizes, slowCores, rounds, setting, jiang, krevat);
      }
    } finally {
      yarn.stop();
    }
  }

  /** One job's time, the maps each node ran, the backup attempts speculation launched. */
  static final class Run {
    final double seconds;
    final long launched;
    final long maps;
    final int slowNodeAttempts;
    final long lines;

    Run(double seconds, long launched, long maps, int slowNodeAttempts, long lines) {
      this.seconds = seconds;
      this.launched = launched;
      this.maps = maps;
      this.slowNodeAttempts = slowNodeAttempts;
      this.lines = lines;
    }
  }

  private static List<Finding> run(Configuration conf, FileSystem fs, Path in, long bytes, Path work,
      SlowNodeManager slow, Sizes sizes, double slowCores, int rounds, String setting, Finding.Builder jiang,
      Finding.Builder krevat) throws Exception {    // per configuration: [even off, even on, slow off, slow on]
    List<List<Run>> runs = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      runs.add(new ArrayList<>());
    }
    long throttledBefore = slow.throttledPeriods();
    for (int r = 0; r < rounds; r++) {
      for (int half = 0; half < 2; half++) {
        boolean slowNode = (half + r) % 2 == 1;
        slow.setCores(slowNode ? slowCores : 0);
        for (int k = 0; k < 2; k++) {
          boolean spec = (k + r) % 2 == 0;
          Run run = grep(conf, fs, in, new Path(work, "spec-out"), sizes, spec, slow);
          runs.get((slowNode ? 2 : 0) + (spec ? 1 : 0)).add(run);
          System.err.printf(Locale.ROOT, "[jiang-spec] round %d/%d, second node %s, speculation %s: %.2f s, %d maps"
              + " (%d attempts on the second node), %d attempts launched, %d lines%n", r + 1, rounds,
              slowNode ? "slow" : "even", spec ? "on" : "off", run.seconds, run.maps, run.slowNodeAttempts, run.launched,
              run.lines);
        }
      }
    }
    long throttled = slow.throttledPeriods() - throttledBefore;
    long lines = runs.get(0).get(0).lines;
    for (List<Run> l : runs) {
      for (Run x : l) {
        if (x.lines != lines) {
          throw new IllegalStateException("Grep's answers differ: " + x.lines + " and " + lines + " lines");
        }
      }
    }
    double evenOff = median(runs.get(0));
    double evenOn = median(runs.get(1));
    double slowOff = median(runs.get(2));
    double slowOn = median(runs.get(3));
    if (throttled <= 0) {
      throw new IllegalStateException("the slow node's quota never held it back (cpu.stat nr_throttled unchanged):"
          + " it was not slow");
    }
    if (runs.get(2).stream().anyMatch(x -> x.slowNodeAttempts == 0)) {
      throw new IllegalStateException("the slow node ran no map attempt in a job: it did not take part");
    }
    String cluster = String.format(Locale.ROOT, "%s; two NodeManagers on this machine (%d cores), two maps each (%d MB"
        + " maps, the %d MB ApplicationMaster on the first), the second's processes in %s; %d round(s), medians",
        setting, Runtime.getRuntime().availableProcessors(), sizes.mapMb, sizes.amMb, slow.describe(), rounds);
    List<Finding> out = new ArrayList<>();
    out.add(jiang.ours(String.format(Locale.ROOT, "second node limited to %.2f core: speculation on %.1f s / off %.1f s;"
        + " %s", slowCores, slowOn, slowOff, cluster), slowOn / slowOff)
        .measured(String.format(Locale.ROOT, "backup attempts launched per job: %s with speculation on, %s off; map"
            + " attempts on the slow node %s (on) and %s (off), of %d maps; the slow node cost %.2fx over the even"
            + " cluster (speculation off); its quota held it back in %d periods of 100 ms; %d matching rows in every job",
            extra(runs.get(3)),
            extra(runs.get(2)), slowMaps(runs.get(3)), slowMaps(runs.get(2)), runs.get(0).get(0).maps, slowOff / evenOff,
            throttled, lines)));
    out.add(krevat.ours(String.format(Locale.ROOT, "second node unlimited: speculation off %.1f s / on %.1f s; %s",
        evenOff, evenOn, cluster), evenOff / evenOn)
        .measured(String.format(Locale.ROOT, "backup attempts launched per job with speculation on: %s; Grep, not"
            + " TeraSort; bytes read %d", extra(runs.get(1)), bytes)));
    return out;
  }

  static Run grep(Configuration base, FileSystem fs, Path in, Path out, Sizes sizes, boolean speculative,
      SlowNodeManager slow) throws Exception {
    Configuration c = new Configuration(base);
    c.setBoolean(MRJobConfig.MAP_SPECULATIVE, speculative);
    c.setInt(MRJobConfig.MAP_MEMORY_MB, sizes.mapMb);
    c.setInt(MRJobConfig.MR_AM_VMEM_MB, sizes.amMb);
    fs.delete(out, true);
    GrepJob tool = new GrepJob();
    long t0 = System.nanoTime();
    int rc = ToolRunner.run(c, tool, new String[] {in.toString(), out.toString()});
    double seconds = (System.nanoTime() - t0) / 1e9;
    if (rc != 0) {
      throw new IllegalStateException("grep over " + in + " exited with " + rc);
    }
    Job job = tool.jobs().get(0);
    long maps = job.getTaskReports(TaskType.MAP).length;
    long launched = job.getCounters().findCounter(JobCounter.TOTAL_LAUNCHED_MAPS).getValue();
    String app = job.getJobID().toString().replaceFirst("^job_", "application_");
    return new Run(seconds, launched, maps, slow.containers(app), JiangScheduling.countLines(fs, out));
  }

  private static double median(List<Run> runs) {
    List<Double> s = new ArrayList<>();
    runs.forEach(r -> s.add(r.seconds));
    return Stats.median(s);
  }

  private static String extra(List<Run> runs) {
    List<String> l = new ArrayList<>();
    runs.forEach(r -> l.add(Long.toString(r.launched - r.maps)));
    return String.join(", ", l);
  }

  private static String slowMaps(List<Run> runs) {
    List<String> l = new ArrayList<>();
    runs.forEach(r -> l.add(Integer.toString(r.slowNodeAttempts)));
    return String.join(", ", l);
  }
}
