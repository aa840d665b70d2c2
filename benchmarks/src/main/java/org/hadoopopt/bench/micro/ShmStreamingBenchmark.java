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
import org.hadoopopt.shmstreaming.io.ShmIdentifierResolver;
import org.hadoopopt.shmstreaming.io.StreamBlocks;
import org.hadoopopt.shmstreaming.io.TaskTurns;

/**
 * The research's benchmarks, side by side in one run on the same data (LocalJobRunner), each
 * task through every transport it can take, alternated within each round, medians and bests of
 * wall and CPU time reported: stock Streaming over pipes ({@code pipes}); pipes with the
 * Java-side block handling ({@code textblocks}: block input, block output reader); shm with the
 * clients' record API ({@code shm}, records crossing in blocks); shm with the clients' block API
 * ({@code shm-block}, identity and grep); shm one ring record per record as before blocks
 * ({@code shm-records}, {@code stream.shm.blocks=false}); and the native Java job ({@code java}).
 * Tasks: identity over 8-byte and 100-byte lines (map-only), grep at 0.1% and 10% selectivity
 * (map-only), word count with and without a combiner and the inverted index (map + reduce), with
 * the C++ client; identity with the C client; identity and grep with the Python client; plus the
 * batch-size sweep. It fails when a run fails or when two variants of a task give different outputs.
 *
 * <pre>
 * java -cp ... [-Dshm.bench.mb=256] [-Dshm.bench.words.mb=64] [-Dshm.bench.short.mb=64] [-Dshm.bench.python.mb=64]
 *     [-Dshm.bench.reps=3] [-Dshm.bench.tasks=...] [-Dshm.bench.variants=...] \
 *     -Dshm.native.dir=shmstreaming/target/native -Dshm.python.dir=shmstreaming/src/main/python \
 *     [-Dout=shmstreaming.json] [-Dshm.bench.results=shmstreaming-results.md] org.hadoopopt.bench.micro.ShmStreamingBenchmark
 * </pre>
 * ({@code bin/hadoopopt micro --only shm} sets the folders.) Results: printed, as JSON in
 * {@code -Dout} (default {@code shmstreaming.json}) and as tables with the run's date, commit and
 * load average in {@code -Dshm.bench.results} (default beside the JSON, {@code .md}); work files
 * under the working folder.
 */
public final class ShmStreamingBenchmark {
  /** The shmstreaming build's native programs ({@code bin/identity}, ...): {@code target/native} of that module. */
  private static final String NATIVE_DIR = System.getProperty("shm.native.dir", "shmstreaming/target/native");
  /** The Python client and examples: {@code src/main/python} of the shmstreaming module. */
  private static final String PYTHON_DIR = System.getProperty("shm.python.dir", "shmstreaming/src/main/python");
  /** MB of the 100-byte-line and the word input (C and C++ rows). */
  private static final int MB = Integer.getInteger("shm.bench.mb", 32);
  /** MB of the word input (word count, inverted index). */
  private static final int WORDS_MB = Integer.getInteger("shm.bench.words.mb", MB);
  /** MB of the 8-byte-line input (one short word a line: the most records per byte). */
  private static final int SHORT_MB = Integer.getInteger("shm.bench.short.mb", MB);
  /** MB of the Python rows' input (a cut of the 100-byte-line input). */
  private static final int PYTHON_MB = Integer.getInteger("shm.bench.python.mb", Math.min(MB, 32));
  private static final int REPS = Integer.getInteger("shm.bench.reps", 3);
  /** Rounds run first and not recorded (JIT, page cache, the JNI library's first load). */
  private static final int WARMUP = Integer.getInteger("shm.bench.warmup", 1);
  private static final boolean PYTHON = Boolean.getBoolean("shm.bench.python");
  /** In about one 100-byte line in 1,000 (and once in every word file of the old grep row). */
  private static final String RARE = "XYZ";
  /** In about one 100-byte line in 10. */
  private static final String COMMON = "QQ9";
  /** A command prefix for the Streaming programs, to profile them (e.g. a script running perf or strace). */
  private static final String WRAP = System.getProperty("shm.bench.wrap", "");
  /**
   * Comma-separated subset of pipes,textblocks,shm,shm-block,shm-records,java (the batch sweep runs
   * with shm); add shm-turns for shm with {@code stream.shm.turns=true} beside each shm run.
   */
  private static final List<String> VARIANTS = Arrays.asList(System.getProperty("shm.bench.variants",
      "pipes,textblocks,shm,shm-block,shm-records,java").split(","));
  /** Comma-separated subset of the task names below. */
  private static final List<String> TASKS = Arrays.asList(System.getProperty("shm.bench.tasks",
      "identity8,identity100,grep0.1,grep10,wordcount,wordcount-combiner,invindex,c-identity100,"
          + "python-identity100,python-grep10,batch-sweep-identity").split(","));

  private Path work;
  private Path shmDir;
  private int runs;
  private StreamingRuns runner;
  private final Map<String, List<Double>> times = new LinkedHashMap<>();
  /** CPU seconds of this JVM and its reaped children (the Streaming programs) per run. */
  private final Map<String, List<Double>> cpu = new LinkedHashMap<>();
  private boolean warming;
  private final Map<String, byte[]> outputs = new LinkedHashMap<>();
  private String loadBefore;

  public static void main(String[] args) throws Exception {
    new ShmStreamingBenchmark().benchmark();
  }

  /** The Streaming command running example {@code name} of {@code client} ("cpp" or "python"). */
  private static String command(String client, String name, String... args) {
    return StreamingRuns.command(NATIVE_DIR, PYTHON_DIR, client, name, args);
  }

  /** One task: its input, programs (record API, block API or null), reducer and Java job. */
  private final class Row {
    final String task;
    final Path in;
    final String mapper;
    final String blockMapper;
    final String reducer;
    final boolean combiner;
    @SuppressWarnings("rawtypes")
    Class<? extends Mapper> javaMapper;
    @SuppressWarnings("rawtypes")
    Class<? extends Reducer> javaReducer;
    Class<?> outKey = Text.class;
    Class<?> outValue = Text.class;

    Row(String task, Path in, String mapper, String blockMapper, String reducer, boolean combiner) {
      this.task = task;
      this.in = in;
      this.mapper = mapper;
      this.blockMapper = blockMapper;
      this.reducer = reducer;
      this.combiner = combiner;
    }

    @SuppressWarnings("rawtypes")
    Row withJava(Class<? extends Mapper> m, Class<? extends Reducer> r, Class<?> key, Class<?> value) {
      javaMapper = m;
      javaReducer = r;
      outKey = key;
      outValue = value;
      return this;
    }

    void run() throws Exception {
      if (!TASKS.contains(task)) {
        return;
      }
      int reduces = reducer == null ? 0 : 1;
      List<String> extra = combiner ? Arrays.asList("-combiner", StreamingJavaJobs.TextSumCombiner.class.getName())
          : new ArrayList<>();
      streaming(task, "pipes", in, mapper, reducer, reduces, false, null, extra, Transport.PIPES);
      streaming(task, "textblocks", in, mapper, reducer, reduces, false, null, extra, Transport.TEXT_BLOCKS);
      streaming(task, "shm", in, mapper, reducer, reduces, true, null, extra, Transport.SHM);
      if (blockMapper != null) {
        streaming(task, "shm-block", in, blockMapper, reducer, reduces, true, null, extra, Transport.SHM);
      }
      streaming(task, "shm-records", in, mapper, reducer, reduces, true, null, extra, Transport.SHM_RECORDS);
      streaming(task, "shm-turns", in, mapper, reducer, reduces, true, null, extra, Transport.SHM);
      if (javaMapper != null) {
        ShmStreamingBenchmark.this.java(task, in, javaMapper, javaReducer, reduces, outKey, outValue);
      }
    }
  }

  private enum Transport { PIPES, TEXT_BLOCKS, SHM, SHM_RECORDS }

  private void benchmark() throws Exception {
    loadBefore = loadAverage();
    work = Files.createTempDirectory(Paths.get("").toAbsolutePath(), "shm-bench").toAbsolutePath();
    shmDir = Files.createDirectories(Paths.get("/dev/shm/hadoopopt-bench-" + ProcessHandle.current().pid()));
    runner = new StreamingRuns(work, shmDir);
    try {
      String[] dict = dictionary(10_000);
      Path words = work.resolve("words");
      Path shortLines = work.resolve("short");
      Path lines100 = work.resolve("lines100");
      Path python100 = work.resolve("python100");
      writeWords(words.resolve("w.txt"), dict, WORDS_MB);
      writeShortLines(shortLines.resolve("s.txt"), dict, SHORT_MB);
      writeLines100(lines100.resolve("l.txt"), MB);
      writeLines100(python100.resolve("p.txt"), PYTHON_MB);
      List<Row> rows = new ArrayList<>();
      rows.add(new Row("identity8", shortLines, command("cpp", "identity"), command("cpp", "identity_block"), null, false)
          .withJava(IdentityMapper.class, null, LongWritable.class, Text.class));
      rows.add(new Row("identity100", lines100, command("cpp", "identity"), command("cpp", "identity_block"), null, false)
          .withJava(IdentityMapper.class, null, LongWritable.class, Text.class));
      rows.add(new Row("grep0.1", lines100, command("cpp", "grep", RARE), command("cpp", "grep_block", RARE), null, false)
          .withJava(StreamingJavaJobs.GrepMapper.class, null, Text.class, Text.class));
      rows.add(new Row("grep10", lines100, command("cpp", "grep", COMMON), command("cpp", "grep_block", COMMON), null, false)
          .withJava(StreamingJavaJobs.GrepMapper.class, null, Text.class, Text.class));
      rows.add(new Row("wordcount", words, command("cpp", "wordcount", "map"), null, command("cpp", "wordcount", "reduce"),
          false).withJava(StreamingJavaJobs.WordMapper.class, StreamingJavaJobs.SumReducer.class, Text.class, IntWritable.class));
      rows.add(new Row("wordcount-combiner", words, command("cpp", "wordcount", "map"), null,
          command("cpp", "wordcount", "reduce"), true));
      rows.add(new Row("invindex", words, command("cpp", "invindex", "map"), null, command("cpp", "invindex", "reduce"),
          false).withJava(StreamingJavaJobs.IndexMapper.class, StreamingJavaJobs.IndexReducer.class, Text.class, Text.class));
      rows.add(new Row("c-identity100", lines100, Paths.get(NATIVE_DIR, "bin", "identity_c").toAbsolutePath().toString(),
          null, null, false));
      if (PYTHON) {
        rows.add(new Row("python-identity100", python100, command("python", "identity"),
            command("python", "identity_block"), null, false)
            .withJava(IdentityMapper.class, null, LongWritable.class, Text.class));
        rows.add(new Row("python-grep10", python100, command("python", "grep", COMMON), command("python", "grep_block", COMMON),
            null, false));
      }
      for (int rep = -WARMUP; rep < REPS; rep++) {
        warming = rep < 0;
        for (Row row : rows) {
          row.run();
        }
        if (TASKS.contains("batch-sweep-identity")) {
          for (int batch : new int[] {1, 16, 128, 1024, 4096}) {
            streaming("batch-sweep-identity", "batch=" + batch, shortLines, command("cpp", "identity"), null, 0,
                true, Integer.toString(batch), new ArrayList<>(), Transport.SHM_RECORDS);
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
      String batch, List<String> extra, Transport transport) throws Exception {
    boolean turns = variant.equals("shm-turns");
    if (batch == null && !VARIANTS.contains(variant)) {
      return;
    }
    Map<String, String> props = new LinkedHashMap<>();
    if (batch != null) {
      props.put(ShmChannel.BATCH_SIZE, batch);
    }
    if (turns) {
      props.put(TaskTurns.ENABLED, "true");
    }
    if (transport == Transport.SHM_RECORDS) {
      props.put(StreamBlocks.ENABLED, "false");
    }
    if (transport == Transport.TEXT_BLOCKS) {
      for (String side : new String[] {"stream.map.input", "stream.map.output", "stream.reduce.input", "stream.reduce.output"}) {
        props.put(side, ShmIdentifierResolver.TEXT_BLOCKS_ID);
      }
    }
    String wrap = WRAP.isEmpty() ? "" : WRAP + " ";
    StreamingRuns.Run run;
    try {
      run = runner.streaming(in, wrap + mapper, reducer == null ? null : wrap + reducer, reduces, shm, props, extra);
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
    job.set("bench.grep.pattern", task.equals("grep10") ? COMMON : RARE);
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
    ObjectNode json = Json.object().put("data_mb", MB).put("words_mb", WORDS_MB).put("short_mb", SHORT_MB).put("python_mb", PYTHON_MB)
        .put("reps", REPS).put("warmup", WARMUP);
    String date = java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC).withNano(0).toString();
    String commit = commit();
    String loadAfter = loadAverage();
    json.put("date", date).put("commit", commit).put("load_before", loadBefore).put("load_after", loadAfter);
    ObjectNode medians = json.putObject("medians_s");
    ObjectNode bests = json.putObject("bests_s");
    ObjectNode cpuMedians = json.putObject("cpu_medians_s");
    Map<String, Double> med = new LinkedHashMap<>();
    Map<String, Double> cpuMed = new LinkedHashMap<>();
    for (Map.Entry<String, List<Double>> e : times.entrySet()) {
      med.put(e.getKey(), Stats.median(e.getValue()));
      Json.number(medians, e.getKey(), Stats.median(e.getValue()));
      Json.number(bests, e.getKey(), Stats.best(e.getValue()));
      cpuMed.put(e.getKey(), Stats.median(cpu.get(e.getKey())));
      Json.number(cpuMedians, e.getKey(), Stats.median(cpu.get(e.getKey())));
    }
    StringBuilder md = new StringBuilder();
    md.append("# ShmStreaming benchmark results\n\n");
    md.append(String.format(Locale.ROOT, "Run %s, commit %s, load average (1, 5, 15 min) %s at the start, %s at the end; "
        + "LocalJobRunner, %d cores; inputs: 100-byte lines %d MB, word lines %d MB, 8-byte lines %d MB, Python rows %d MB; "
        + "%d rounds after %d warm-up round(s), variants alternated within each round. Seconds; \"x pipes\" is "
        + "stock pipes' median over the variant's (wall, then CPU: this JVM plus the programs).%n%n",
        date, commit, loadBefore, loadAfter, Runtime.getRuntime().availableProcessors(), MB, WORDS_MB, SHORT_MB, PYTHON_MB, REPS,
        WARMUP));
    ObjectNode ratios = json.putObject("ratios");
    String task = null;
    for (String key : times.keySet()) {
      String t = key.substring(0, key.indexOf('|'));
      String variant = key.substring(key.indexOf('|') + 1);
      if (!t.equals(task)) {
        task = t;
        md.append(String.format(Locale.ROOT, "%n## %s%n%n| variant | wall median | wall best | CPU median | x pipes (wall) | x pipes (CPU) |%n"
            + "|---|---:|---:|---:|---:|---:|%n", t));
      }
      Double pipes = med.get(t + "|pipes");
      Double pipesCpu = cpuMed.get(t + "|pipes");
      List<Double> all = times.get(key);
      md.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %s | %s |%n", variant, med.get(key), Stats.best(all),
          cpuMed.get(key), pipes == null ? "" : String.format(Locale.ROOT, "%.2f", pipes / med.get(key)),
          pipesCpu == null ? "" : String.format(Locale.ROOT, "%.2f", pipesCpu / cpuMed.get(key))));
      if (pipes != null && !variant.equals("pipes")) {
        ObjectNode r = ratios.with(t);
        Json.number(r, "pipes_over_" + variant, pipes / med.get(key));
        Json.number(r, "cpu_pipes_over_" + variant, pipesCpu / cpuMed.get(key));
      }
    }
    md.append("\n## Against the targets\n\n| measure | value |\n|---|---:|\n");
    target(md, json, "C++ identity, 100-byte lines: shm (record API) x pipes", med, "identity100|pipes", "identity100|shm");
    target(md, json, "C++ grep 0.1%: shm x pipes", med, "grep0.1|pipes", "grep0.1|shm");
    target(md, json, "C++ grep 10%: shm x pipes", med, "grep10|pipes", "grep10|shm");
    target(md, json, "C identity, 100-byte lines: shm x pipes", med, "c-identity100|pipes", "c-identity100|shm");
    target(md, json, "Python identity, 100-byte lines: shm x pipes", med, "python-identity100|pipes", "python-identity100|shm");
    target(md, json, "Python grep 10%: shm x pipes", med, "python-grep10|pipes", "python-grep10|shm");
    target(md, json, "C++ word count (reducer): shm x pipes", med, "wordcount|pipes", "wordcount|shm");
    target(md, json, "C++ word count with combiner: shm x pipes", med, "wordcount-combiner|pipes", "wordcount-combiner|shm");
    target(md, json, "C++ identity, 100-byte lines: shm x textblocks (the transport's own margin)", med,
        "identity100|textblocks", "identity100|shm");
    target(md, json, "C++ grep 10%: shm x textblocks", med, "grep10|textblocks", "grep10|shm");
    target(md, json, "C++ word count: shm x textblocks", med, "wordcount|textblocks", "wordcount|shm");
    target(md, json, "Python identity: shm x textblocks", med, "python-identity100|textblocks", "python-identity100|shm");
    target(md, json, "Python identity, block API: Java IdentityMapper x it (1 = as fast as Java)", med,
        "python-identity100|java", "python-identity100|shm-block");
    target(md, json, "C++ identity, 8-byte lines: shm x pipes", med, "identity8|pipes", "identity8|shm");
    Json.write(new java.io.File(System.getProperty("out", "shmstreaming.json")), json);
    String results = System.getProperty("shm.bench.results",
        System.getProperty("out", "shmstreaming.json").replaceAll("\\.json$", "") + ".md");
    Files.write(Paths.get(results), md.toString().getBytes(StandardCharsets.UTF_8));
    System.out.println(md);
    System.out.println("results: " + results);
  }

  private static void target(StringBuilder md, ObjectNode json, String what, Map<String, Double> med, String over, String under) {
    Double a = med.get(over);
    Double b = med.get(under);
    if (a == null || b == null) {
      return;
    }
    md.append(String.format(Locale.ROOT, "| %s | %.2f |%n", what, a / b));
    Json.number(json.with("targets"), what, a / b);
  }

  private static String loadAverage() {
    try {
      String[] f = new String(Files.readAllBytes(Paths.get("/proc/loadavg")), StandardCharsets.US_ASCII).split(" ");
      return f[0] + ", " + f[1] + ", " + f[2];
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** The checkout's commit (short), with "+changes" if the tree differs from it; "unknown" outside git. */
  private static String commit() {
    try {
      Process p = new ProcessBuilder("git", "rev-parse", "--short", "HEAD").redirectErrorStream(true).start();
      String c = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
      if (p.waitFor() != 0) {
        return "unknown";
      }
      Process d = new ProcessBuilder("git", "status", "--porcelain", "--untracked-files=no").redirectErrorStream(true).start();
      String dirty = new String(d.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
      d.waitFor();
      return dirty.isEmpty() ? c : c + "+changes";
    } catch (IOException | InterruptedException e) {
      return "unknown";
    }
  }

  /**
   * 100-byte lines (99 bytes and a newline), Pavlo's grep table's shape: a 10-byte key, a space
   * and 88 random letters; {@link #RARE} in about one line in 1,000, {@link #COMMON} in one in 10.
   */
  private static void writeLines100(Path file, int mb) throws IOException {
    Files.createDirectories(file.getParent());
    SplittableRandom rnd = new SplittableRandom(3);
    long lines = mb * (1L << 20) / 100;
    byte[] line = new byte[100];
    try (java.io.OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
      for (long l = 0; l < lines; l++) {
        for (int i = 0; i < 99; i++) {
          line[i] = (byte) ('a' + rnd.nextInt(26));
        }
        line[10] = ' ';
        line[99] = '\n';
        if (rnd.nextInt(1000) == 0) {
          System.arraycopy(RARE.getBytes(StandardCharsets.US_ASCII), 0, line, 11 + rnd.nextInt(80), RARE.length());
        }
        if (rnd.nextInt(10) == 0) {
          System.arraycopy(COMMON.getBytes(StandardCharsets.US_ASCII), 0, line, 11 + rnd.nextInt(80), COMMON.length());
        }
        out.write(line);
      }
    }
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
