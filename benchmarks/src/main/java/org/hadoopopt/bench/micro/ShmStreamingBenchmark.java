package org.hadoopopt.bench.micro;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.hadoopopt.bench.tools.Json;
import org.hadoopopt.bench.tools.Stats;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.FileOutputFormat;
import org.apache.hadoop.mapred.JobClient;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Mapper;
import org.apache.hadoop.mapred.Reducer;
import org.apache.hadoop.mapred.lib.IdentityMapper;
import org.apache.hadoop.fs.FileUtil;
import org.hadoopopt.shmstreaming.io.ShmChannel;
import org.hadoopopt.shmstreaming.io.TaskTurns;

/**
 * The research's benchmarks, side by side in one run on the same data (LocalJobRunner): identity
 * (map-only), grep (map-only), word count and inverted index (map + reduce), each through pipes,
 * through shm and as a native Java job, alternated, medians reported; plus the batch-size sweep.
 * It fails when a run fails or when pipes and shm give different outputs.
 *
 * <pre>
 * java -cp ... [-Dshm.bench.mb=32] [-Dshm.bench.reps=3] [-Dshm.bench.python=true] \
 *     -Dshm.native.dir=shmstreaming/target/native -Dshm.python.dir=shmstreaming/src/main/python \
 *     [-Dout=shmstreaming.json] org.hadoopopt.bench.micro.ShmStreamingBenchmark
 * </pre>
 * ({@code bin/hadoopopt micro --only shm} sets the folders.) Results: printed, and as JSON in
 * {@code -Dout} (default {@code shmstreaming.json}); work files under the working folder.
 */
public final class ShmStreamingBenchmark {
  /** The shmstreaming build's native programs ({@code bin/identity}, ...): {@code target/native} of that module. */
  private static final String NATIVE_DIR = System.getProperty("shm.native.dir", "shmstreaming/target/native");
  /** The Python client and examples: {@code src/main/python} of the shmstreaming module. */
  private static final String PYTHON_DIR = System.getProperty("shm.python.dir", "shmstreaming/src/main/python");
  private static final int MB = Integer.getInteger("shm.bench.mb", 32);
  private static final int REPS = Integer.getInteger("shm.bench.reps", 3);
  /** Rounds run first and not recorded (JIT, page cache, the JNI library's first load). */
  private static final int WARMUP = Integer.getInteger("shm.bench.warmup", 1);
  private static final boolean PYTHON = Boolean.getBoolean("shm.bench.python");
  private static final String GREP_PATTERN = "xyz";
  /** A command prefix for the Streaming programs, to profile them (e.g. a script running perf or strace). */
  private static final String WRAP = System.getProperty("shm.bench.wrap", "");
  /**
   * Comma-separated subset of pipes,shm,java (the batch sweep runs with shm), to profile one
   * variant alone; add shm-turns for shm with {@code stream.shm.turns=true} beside each shm run.
   */
  private static final List<String> VARIANTS = Arrays.asList(System.getProperty("shm.bench.variants", "pipes,shm,java")
      .split(","));
  /** Comma-separated subset of identity,grep,wordcount,invindex,python-identity,batch-sweep-identity. */
  private static final List<String> TASKS = Arrays.asList(System.getProperty("shm.bench.tasks",
      "identity,grep,wordcount,invindex,python-identity,batch-sweep-identity").split(","));

  private Path work;
  private Path shmDir;
  private int runs;
  private StreamingRuns runner;
  private final Map<String, List<Double>> times = new LinkedHashMap<>();
  /** CPU seconds of this JVM and its reaped children (the Streaming programs) per run. */
  private final Map<String, List<Double>> cpu = new LinkedHashMap<>();
  private boolean warming;
  private final Map<String, byte[]> outputs = new LinkedHashMap<>();

  public static void main(String[] args) throws Exception {
    new ShmStreamingBenchmark().benchmark();
  }

  /** The Streaming command running example {@code name} of {@code client} ("cpp" or "python"). */
  private static String command(String client, String name, String... args) {
    return StreamingRuns.command(NATIVE_DIR, PYTHON_DIR, client, name, args);
  }

  private void benchmark() throws Exception {
    work = Files.createTempDirectory(Paths.get("").toAbsolutePath(), "shm-bench").toAbsolutePath();
    shmDir = Files.createDirectories(Paths.get("/dev/shm/hadoopopt-bench-" + ProcessHandle.current().pid()));
    runner = new StreamingRuns(work, shmDir);
    try {
      String[] dict = dictionary(10_000);
      Path words = work.resolve("words");
      Path shortLines = work.resolve("short");
      writeWords(words.resolve("w.txt"), dict, MB);
      writeShortLines(shortLines.resolve("s.txt"), dict, MB);
      for (int rep = -WARMUP; rep < REPS; rep++) {
        warming = rep < 0;
        if (TASKS.contains("identity")) { // the record-heavy case: one short word a line, map-only
          streaming("identity", "pipes", shortLines, command("cpp", "identity"), null, 0, false, null);
          streaming("identity", "shm", shortLines, command("cpp", "identity"), null, 0, true, null);
          streaming("identity", "shm-turns", shortLines, command("cpp", "identity"), null, 0, true, null);
          java("identity", shortLines, IdentityMapper.class, null, 0, LongWritable.class, Text.class);
        }
        if (TASKS.contains("grep")) {
          streaming("grep", "pipes", words, command("cpp", "grep", GREP_PATTERN), null, 0, false, null);
          streaming("grep", "shm", words, command("cpp", "grep", GREP_PATTERN), null, 0, true, null);
          streaming("grep", "shm-turns", words, command("cpp", "grep", GREP_PATTERN), null, 0, true, null);
          java("grep", words, StreamingJavaJobs.GrepMapper.class, null, 0, Text.class, Text.class);
        }
        if (TASKS.contains("wordcount")) {
          streaming("wordcount", "pipes", words, command("cpp", "wordcount", "map"),
              command("cpp", "wordcount", "reduce"), 1, false, null);
          streaming("wordcount", "shm", words, command("cpp", "wordcount", "map"),
              command("cpp", "wordcount", "reduce"), 1, true, null);
          streaming("wordcount", "shm-turns", words, command("cpp", "wordcount", "map"),
              command("cpp", "wordcount", "reduce"), 1, true, null);
          java("wordcount", words, StreamingJavaJobs.WordMapper.class, StreamingJavaJobs.SumReducer.class, 1, Text.class, IntWritable.class);
        }
        if (TASKS.contains("invindex")) {
          streaming("invindex", "pipes", words, command("cpp", "invindex", "map"),
              command("cpp", "invindex", "reduce"), 1, false, null);
          streaming("invindex", "shm", words, command("cpp", "invindex", "map"),
              command("cpp", "invindex", "reduce"), 1, true, null);
          streaming("invindex", "shm-turns", words, command("cpp", "invindex", "map"),
              command("cpp", "invindex", "reduce"), 1, true, null);
          java("invindex", words, StreamingJavaJobs.IndexMapper.class, StreamingJavaJobs.IndexReducer.class, 1, Text.class, Text.class);
        }
        if (PYTHON && TASKS.contains("python-identity")) {
          streaming("python-identity", "pipes", shortLines, command("python", "identity"), null, 0, false, null);
          streaming("python-identity", "shm", shortLines, command("python", "identity"), null, 0, true, null);
          streaming("python-identity", "shm-turns", shortLines, command("python", "identity"), null, 0, true, null);
        }
        if (TASKS.contains("batch-sweep-identity")) {
          for (int batch : new int[] {1, 16, 128, 1024, 4096}) {
            streaming("batch-sweep-identity", "batch=" + batch, shortLines, command("cpp", "identity"), null, 0,
                true, Integer.toString(batch));
          }
        }
      }
      report();
    } finally {
      FileUtil.fullyDelete(work.toFile());
      FileUtil.fullyDelete(shmDir.toFile());
    }
  }

  private void streaming(String task, String variant, Path in, String mapper, String reducer, int reduces, boolean shm,
      String batch) throws Exception {
    boolean turns = variant.equals("shm-turns");
    if (!VARIANTS.contains(turns ? variant : shm ? "shm" : "pipes")) {
      return;
    }
    Map<String, String> props = new LinkedHashMap<>();
    if (batch != null) {
      props.put(ShmChannel.BATCH_SIZE, batch);
    }
    if (turns) {
      props.put(TaskTurns.ENABLED, "true");
    }
    String wrap = WRAP.isEmpty() ? "" : WRAP + " ";
    StreamingRuns.Run run;
    try {
      run = runner.streaming(in, wrap + mapper, reducer == null ? null : wrap + reducer, reduces, shm, props);
    } catch (Exception e) {
      throw new java.io.IOException(task + " " + variant + " failed", e);
    }
    record(task, variant, run.seconds, run.cpuSeconds);
    byte[] prev = outputs.putIfAbsent(task, run.output);
    if (prev != null && !Arrays.equals(prev, run.output)) {
      throw new IllegalStateException(task + " " + variant + ": output differs from the first run's");
    }
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private void java(String task, Path in, Class<? extends Mapper> mapper, Class<? extends Reducer> reducer, int reduces,
      Class<?> outKey, Class<?> outValue) throws Exception {
    if (!VARIANTS.contains("java")) {
      return;
    }
    JobConf job = new JobConf(StreamingRuns.localConf(work));
    job.setInt("mapreduce.task.io.sort.mb", 100);
    job.set("bench.grep.pattern", GREP_PATTERN);
    job.setMapperClass(mapper);
    if (reducer != null) {
      job.setReducerClass(reducer);
    }
    job.setNumReduceTasks(reduces);
    job.setOutputKeyClass(outKey);
    job.setOutputValueClass(outValue);
    Path out = work.resolve("java-out" + (runs++));
    FileInputFormat.setInputPaths(job, new org.apache.hadoop.fs.Path(in.toString()));
    FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(out.toString()));
    StreamingRuns.settle();
    double c0 = StreamingRuns.cpuSeconds();
    long t0 = System.nanoTime();
    JobClient.runJob(job);
    record(task, "java", (System.nanoTime() - t0) / 1e9, StreamingRuns.cpuSeconds() - c0);
    FileUtil.fullyDelete(out.toFile());
  }

  private void record(String task, String variant, double seconds, double cpuSeconds) {
    System.out.printf(Locale.ROOT, "BENCH %-22s %-10s %7.2f s  cpu %7.2f s%s%n", task, variant, seconds, cpuSeconds,
        warming ? "  (warm-up)" : "");
    if (!warming) {
      times.computeIfAbsent(task + "|" + variant, k -> new ArrayList<>()).add(seconds);
      cpu.computeIfAbsent(task + "|" + variant, k -> new ArrayList<>()).add(cpuSeconds);
    }
  }

  private void report() throws IOException {
    ObjectNode json = Json.object().put("data_mb", MB).put("reps", REPS).put("warmup", WARMUP);
    ObjectNode medians = json.putObject("medians_s");
    StringBuilder text = new StringBuilder("\nShmStreaming benchmark, LocalJobRunner, " + MB + " MB per input, median of " + REPS + "\n");
    Map<String, Double> med = new LinkedHashMap<>();
    for (Map.Entry<String, List<Double>> e : times.entrySet()) {
      double m = Stats.median(e.getValue());
      med.put(e.getKey(), m);
      Json.number(medians, e.getKey(), m);
      text.append(String.format(Locale.ROOT, "  %-34s %7.2f s  %s%n", e.getKey(), m, e.getValue()));
    }
    ObjectNode cpuMedians = json.putObject("cpu_medians_s");
    Map<String, Double> cpuMed = new LinkedHashMap<>();
    for (Map.Entry<String, List<Double>> e : cpu.entrySet()) {
      double m = Stats.median(e.getValue());
      cpuMed.put(e.getKey(), m);
      Json.number(cpuMedians, e.getKey(), m);
      text.append(String.format(Locale.ROOT, "  cpu %-30s %7.2f s  %s%n", e.getKey(), m, e.getValue()));
    }
    ObjectNode ratios = json.putObject("ratios");
    for (String task : new String[] {"identity", "grep", "wordcount", "invindex", "python-identity"}) {
      for (String variant : new String[] {"shm", "shm-turns"}) {
        Double pipes = med.get(task + "|pipes");
        Double shm = med.get(task + "|" + variant);
        if (pipes == null || shm == null) {
          continue;
        }
        Double java = med.get(task + "|java");
        double removedShare = java == null || pipes <= java ? Double.NaN : (pipes - shm) / (pipes - java);
        String removed = Double.isNaN(removedShare) ? "null" : String.format(Locale.ROOT, "%.3f", removedShare);
        double cpuRatio = cpuMed.get(task + "|pipes") / cpuMed.get(task + "|" + variant);
        String name = variant.equals("shm") ? task : task + " (turns)";
        ObjectNode r = ratios.putObject(name);
        Json.number(r, "pipes_over_shm", pipes / shm);
        Json.number(r, "cpu_pipes_over_shm", cpuRatio);
        Json.number(r, "overhead_removed", removedShare);
        text.append(String.format(Locale.ROOT,
            "  %-24s pipes/shm = %.3f (cpu %.3f)   share of the pipes' overhead over Java removed = %s%n",
            name, pipes / shm, cpuRatio, removed));
      }
    }
    Json.write(new java.io.File(System.getProperty("out", "shmstreaming.json")), json);
    System.out.println(text);
  }

  private static String[] dictionary(int n) {
    SplittableRandom rnd = new SplittableRandom(10_000);
    String[] d = new String[n];
    for (int i = 0; i < n; i++) {
      StringBuilder w = new StringBuilder();
      int len = 2 + rnd.nextInt(8);
      for (int k = 0; k < len; k++) {
        w.append((char) ('a' + rnd.nextInt(26)));
      }
      d[i] = w.toString();
    }
    return d;
  }

  /** Random dictionary words, 10-20 a line. */
  private static void writeWords(Path file, String[] dict, int mb) throws IOException {
    Files.createDirectories(file.getParent());
    SplittableRandom rnd = new SplittableRandom(1);
    long limit = mb * (1L << 20);
    long written = 0;
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      StringBuilder line = new StringBuilder();
      while (written < limit) {
        line.setLength(0);
        int n = 10 + rnd.nextInt(11);
        for (int k = 0; k < n; k++) {
          if (k > 0) {
            line.append(' ');
          }
          line.append(dict[rnd.nextInt(dict.length)]);
        }
        line.append('\n');
        w.write(line.toString());
        written += line.length();
      }
    }
  }

  /** One short dictionary word a line: the most records per byte. */
  private static void writeShortLines(Path file, String[] dict, int mb) throws IOException {
    Files.createDirectories(file.getParent());
    SplittableRandom rnd = new SplittableRandom(2);
    long limit = mb * (1L << 20);
    long written = 0;
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      while (written < limit) {
        String word = dict[rnd.nextInt(dict.length)];
        w.write(word);
        w.write('\n');
        written += word.length() + 1;
      }
    }
  }
}
