package org.hadoopopt.bench.suite;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.apache.hadoop.util.VersionInfo;
import org.hadoopopt.bench.ideal.HardwareProbe;
import org.hadoopopt.bench.ideal.HardwareProfile;
import org.hadoopopt.bench.ideal.IdealModel;
import org.hadoopopt.bench.ideal.KrevatModel;
import org.hadoopopt.bench.pavlo.BadRecords;
import org.hadoopopt.bench.tools.Jobs;
import org.hadoopopt.bench.tools.ToolArgs;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;
import org.hadoopopt.bench.report.HtmlReport;
import org.hadoopopt.bench.report.ResultsMarkdown;
import org.hadoopopt.bench.results.Answer;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.BuildCommit;
import org.hadoopopt.bench.results.SuiteResults;
import org.hadoopopt.bench.pavlo.Task;
import org.hadoopopt.bench.report.ConsoleTable;

/**
 * {@code suite [--scale S] [--seed N] [--maps M] [--runs N] [--tasks t,..] [--variants v,..]
 * [--cluster local|embedded|LABEL] [--out DIR] [--partitions N] [--peers duckdb,spark|none] [--no-duckdb] [--no-ideal] WORK}:
 * the benchmark. Generates (or reuses) the set under WORK, makes the copies the variants read,
 * then runs every task in every available variant, variants alternated within each round; checks
 * each answer against the baseline's (and stops at the first difference), adds the peers'
 * columns (DuckDB, Spark SQL: same files, same SQL, answers checked) and the hardware ideal, and writes DIR/results.json and DIR/report.html and prints the
 * table. Progress and the table go to stdout; Hadoop's logs to stderr.
 */
public final class SuiteTool extends Configured implements Tool {
  /** {@code hadoopopt.bench.suite.probe.bytes}, default 268435456: size of the disk probe file of the hardware measurement. */
  public static final String PROBE_BYTES = "hadoopopt.bench.suite.probe.bytes";
  /** Krevat's n for the suite's jobs: they run on one machine (local job runner, one DataNode). */
  static final int KREVAT_NODES = 1;

  /** Thrown when a variant's answer differs from the baseline's. */
  public static class AnswerMismatchException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    AnswerMismatchException(String message) {
      super(message);
    }
  }

  private final PrintStream progress;

  public SuiteTool() {
    this(System.out);
  }

  public SuiteTool(PrintStream progress) {
    this.progress = progress;
  }

  public static final String USAGE = "suite [--scale S] [--seed N] [--maps M] [--runs N] [--tasks t,..] [--variants v,..]"
      + " [--cluster local|embedded|LABEL] [--out DIR] [--partitions N] [--peers duckdb,spark|none] [--no-duckdb] [--no-ideal] WORK";

  @Override
  public int run(String[] args) throws Exception {
    ToolArgs a;
    Configuration conf = new Configuration(getConf());
    List<Task> tasks;
    List<JobVariant> variants;
    try {
      a = ToolArgs.parse(args, SuiteOptions.VALUED, SuiteOptions.FLAGS, 1);
      SuiteOptions.apply(a, conf);
      tasks = SuiteOptions.getTasks(conf);
      variants = SuiteOptions.getVariants(conf);
      SuiteOptions.getRuns(conf);
      SuiteOptions.getPartitions(conf);
      SuiteOptions.isDuckDb(conf);
      PeerSupport.checkRuntimes(conf);
      SuiteOptions.isIdeal(conf);
      PavloGenerator.getScale(conf);
      BadRecords.isSkipBad(conf);
      Jobs.isLocalShipJobJar(conf);
      LoadSettings.compress(conf);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage() + "\nusage: " + USAGE + "\n  tasks: " + Task.names() + "\n  variants: "
          + String.join(",", JobVariant.DEFAULTS));
      return 2;
    }
    File out = new File(SuiteOptions.getOut(conf)).getAbsoluteFile();
    out.mkdirs();
    Programs programs = Programs.ofDriver();
    SuitePlan plan = new SuitePlan(tasks, variants, new Availability(programs, conf));
    if (!Jobs.isLocalRunner(conf)) {
      for (String program : plan.programs()) {
        String why = ContainerClasses.jobJarMissing(program, programs.programClass(program));
        if (why != null) {
          System.err.println(why);
          return 2;
        }
      }
    }
    SuiteResults results = new SuiteResults();
    describe(results, conf, a.positional(0));
    for (String n : plan.notices()) {
      progress.println("notice: " + n);
      results.notices().add(n);
    }
    DataPrep prep = new DataPrep(conf, programs, new Path(a.positional(0)), progress);
    prep.recordInto(results);
    try {
      SpaceCheck.check(conf, plan, prep.setDir(), out, !SuiteOptions.getPeers(conf).isEmpty());
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      return 2;
    }
    Set<String> tables = new TreeSet<>();
    for (Task t : plan.tasks()) {
      tables.addAll(t.tables());
    }
    prep.ensureSet(tables);
    Map<String, List<Path>> inputs = prepareInputs(plan, prep);
    IdealModel model = null;
    KrevatModel krevat = null;
    int replication = 1;
    if (SuiteOptions.isIdeal(conf)) {
      progress.print("hardware: ");
      HardwareProfile hw = HardwareProbe.loadOrMeasure(out, conf.getLong(PROBE_BYTES, 256L << 20));
      results.hardware().putAll(hw.toMap());
      progress.printf(Locale.ROOT, "disk read %.0f MB/s, write %.0f MB/s, memory copy %.0f MB/s, parse %.0f MB/s per core x %d%n",
          hw.diskRead() / 1e6, hw.diskWrite() / 1e6, hw.memory() / 1e6, hw.parsePerCore() / 1e6, hw.cores());
      model = new IdealModel(hw);
      // one node: the local job runner and bin/cluster's single DataNode; a block has at most one replica per node
      replication = Math.min(KREVAT_NODES, Math.max(1, conf.getInt("dfs.replication", 1)));
      if (!hw.hasKrevat()) {
        results.notices().add("no Krevat column: this machine gave no verified cold disk read (O_DIRECT) or loopback"
            + " measurement (the hardware line on stderr says why)");
      } else {
        krevat = KrevatModel.of(hw, KREVAT_NODES);
        progress.printf(Locale.ROOT, "Krevat model: n=%d, cold disk read %.0f MB/s, loopback network %.0f MB/s, memory %.1f GB,"
            + " r=%d%n", KREVAT_NODES, hw.coldDiskRead() / 1e6, hw.network() / 1e6, hw.memoryBytes() / 1e9, replication);
      }
    }
    PatchedJvm patched = null;
    try {
      if (plan.tasks().stream().anyMatch(t -> plan.variants(t).stream().anyMatch(JobVariant::patched))) {
        // started before any timing, reused by every patched execution
        patched = new PatchedJvm(PatchedClasses.jar(conf), new File(out, "patched-jvm"));
      }
      runRounds(conf, plan, inputs, new Path(a.positional(0), "out"), results, programs, patched);
      List<String> peers = SuiteOptions.getPeers(conf);
      Path outRoot = new Path(a.positional(0), "out");
      if (peers.contains(SuiteResults.DUCKDB)) {
        new DuckDbColumn(progress).run(prep, out, outRoot, plan.tasks(), SuiteOptions.getRuns(conf), results);
      }
      if (peers.contains(SuiteResults.SPARK)) {
        new SparkColumn(progress).run(conf, prep, out, outRoot, plan.tasks(), SuiteOptions.getRuns(conf), results);
      }
    } finally {
      if (patched != null) {
        patched.close();
      }
      if (model != null) {
        addIdeal(results, model, krevat, replication);
      }
      write(results, out);
    }
    ConsoleTable.print(results, progress);
    for (CellResult c : results.cells()) {
      String trees = Execution.treeTimes(c);
      if (trees != null) {
        progress.println("B+-tree reads, " + trees);
      }
    }
    progress.println("results: " + new File(out, "results.md") + " and " + new File(out, "results.json") + ", report: "
        + new File(out, "report.html"));
    return 0;
  }

  private void describe(SuiteResults r, Configuration conf, String work) {
    Map<String, String> m = r.run();
    m.put("started", Instant.now().toString());
    m.put("commit", BuildCommit.get());
    m.put("loadAverageStart", loadAverage());
    m.put("scale", Double.toString(PavloGenerator.getScale(conf)));
    m.put("seed", Long.toString(PavloGenerator.getSeed(conf)));
    m.put("runs", Integer.toString(SuiteOptions.getRuns(conf)));
    m.put("cluster", SuiteOptions.getCluster(conf));
    m.put("fileSystem", conf.get("fs.defaultFS", "file:///"));
    m.put("framework", Jobs.framework(conf));
    m.put("work", work);
    m.put("hadoop", VersionInfo.getVersion());
    m.put("java", System.getProperty("java.version"));
    m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    m.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
  }

  /** Makes every copy the plan reads before any timing starts. */
  private static Map<String, List<Path>> prepareInputs(SuitePlan plan, DataPrep prep) throws Exception {
    Map<String, List<Path>> inputs = new HashMap<>();
    for (Task t : plan.tasks()) {
      for (JobVariant v : plan.variants(t)) {
        List<Path> paths = new ArrayList<>();
        for (String table : t.tables()) {
          paths.add(prep.input(v.decoder().input(table), table));
        }
        inputs.put(t.name() + "/" + v.name(), paths);
      }
    }
    return inputs;
  }

  private void runRounds(Configuration conf, SuitePlan plan, Map<String, List<Path>> inputs, Path outRoot,
      SuiteResults results, Programs programs, PatchedJvm patched) throws Exception {
    int runs = SuiteOptions.getRuns(conf);
    int total = runs * plan.executionsPerRound();
    int done = 0;
    Map<Task, Answer> baseline = new HashMap<>();
    boolean floor = programs.has(Task.FLOOR.program());
    total += floor ? runs : 0;
    for (int round = 0; round < runs; round++) {
      if (floor) {
        // Hadoop's job floor, each round beside the tasks: what the shortest of them cannot go below
        progress.printf(Locale.ROOT, "[%d/%d] round %d  %-18s %-18s ", ++done, total, round + 1, Task.FLOOR, SuiteResults.EMPTY_JOB);
        progress.flush();
        Execution e = Execution.run(programs, conf, Task.FLOOR, JobVariant.BASELINE, new ArrayList<>(),
            new Path(outRoot, Task.FLOOR.name()), patched);
        CellResult c = results.cell(SuiteResults.FLOOR, SuiteResults.EMPTY_JOB);
        c.addSeconds(e.seconds);
        c.counters().putAll(e.counters);
        progress.printf(Locale.ROOT, "%7.2f s%n", e.seconds);
      }
      for (Task t : plan.tasks()) {
        Map<JobVariant, Answer> answers = new LinkedHashMap<>();
        for (JobVariant v : plan.variants(t, round)) {
          progress.printf(Locale.ROOT, "[%d/%d] round %d  %-18s %-18s ", ++done, total, round + 1, t, v);
          progress.flush();
          Execution e = Execution.run(programs, conf, t, v, inputs.get(t.name() + "/" + v.name()),
              new Path(outRoot, t.name() + "/" + v.name()), patched);
          CellResult c = results.cell(t.name(), v.name());
          if (c.seconds().isEmpty()) {
            c.setStorage(v.decoder().input() == JobVariant.Input.TEXT ? CellResult.Storage.TEXT : CellResult.Storage.LOADED);
            for (String table : t.tables()) {
              if (v.decoder().input(table) != JobVariant.Input.TEXT) {
                c.copies().add(DataPrep.copyName(v.decoder().input(table), table));
              }
            }
          }
          c.addSeconds(e.seconds);
          c.setAnswer(e.answer.lines().size(), e.answer.sha256());
          c.counters().putAll(e.counters);
          answers.put(v, e.answer);
          progress.printf(Locale.ROOT, "%7.2f s  %d lines%n", e.seconds, e.answer.lines().size());
        }
        Answer base = baseline.computeIfAbsent(t, k -> answers.get(JobVariant.BASELINE));
        for (Map.Entry<JobVariant, Answer> e : answers.entrySet()) {
          check(results, base, t.name(), e.getKey().name(), e.getValue());
        }
      }
    }
  }

  /** Records whether ANSWER equals the baseline's; stops the suite at the first difference. */
  static void check(SuiteResults results, Answer base, String task, String variant, Answer answer) {
    String diff = base.firstDifference(answer);
    results.cell(task, variant).setAnswerMatchesBaseline(diff == null);
    if (diff != null) {
      throw new AnswerMismatchException("task " + task + ", variant " + variant
          + ": the answer differs from the baseline's at " + diff);
    }
  }

  private static void addIdeal(SuiteResults results, IdealModel model, KrevatModel krevat, int replication) {
    for (CellResult c : results.cells()) {
      Map<String, Long> k = c.counters();
      if (k.containsKey(Execution.INPUT_BYTES)) {
        long in = k.get(Execution.INPUT_BYTES);
        long shuffle = k.getOrDefault(Execution.SHUFFLE_BYTES, 0L);
        long out = k.getOrDefault(Execution.OUTPUT_BYTES, 0L);
        c.setIdealSeconds(model.idealSeconds(in, shuffle, out));
        if (krevat != null) {
          c.setKrevatSeconds(krevat.secondsFromCounters(in, shuffle, out, replication));
        }
      }
    }
  }

  private static void write(SuiteResults results, File out) throws IOException {
    results.run().put("ended", Instant.now().toString());
    results.run().put("loadAverageEnd", loadAverage());
    Files.write(new File(out, "results.json").toPath(), ResultsJson.write(results).getBytes(StandardCharsets.UTF_8));
    Files.write(new File(out, "results.md").toPath(),
        ResultsMarkdown.render(ResultsMarkdown.one(results), null).getBytes(StandardCharsets.UTF_8));
    HtmlReport.write(results, new File(out, "report.html"));
  }

  /** The 1, 5 and 15 minute load averages (Linux), or "unknown". */
  static String loadAverage() {
    try {
      String[] f = new String(Files.readAllBytes(new File("/proc/loadavg").toPath()), StandardCharsets.US_ASCII).split(" ");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new SuiteTool(), args));
  }
}
