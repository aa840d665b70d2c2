package org.hadoopopt.bench.micro;

import org.hadoopopt.bench.results.BuildCommit;
import java.io.BufferedWriter;
import java.io.File;
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
import org.hadoopopt.fingerprint.collector.HashGroupCollector;
import org.hadoopopt.fingerprint.shuffle.FingerprintShuffle;
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
 * ({@code shm-records}, {@code stream.shm.blocks=false}); for the tasks with a reducer, pipes and shm with
 * mapred-fingerprint's collectors and reduce-side merge on as an operator turns them on with {@code conf/}
 * ({@code pipes-fp}, {@code shm-fp}: {@link #fingerprintPlugins}); and the native Java job ({@code java}).
 * Tasks: identity over 8-byte and 100-byte lines (map-only), grep at 0.1% and 10% selectivity
 * (map-only), word count with and without a combiner and the inverted index (map + reduce), with
 * the C++ client; identity with the C client; identity, grep (0.1% and 10%) and word count with the
 * Python client; plus the batch-size sweep. Only the inputs the chosen tasks read are written. It
 * fails when a run fails or when a run's output differs from the task's first (compared by SHA-256,
 * so outputs of gigabytes are never held in memory).
 *
 * <pre>
 * java -cp ... [-Dshm.bench.mb=256] [-Dshm.bench.words.mb=64] [-Dshm.bench.short.mb=64] [-Dshm.bench.python.mb=64]
 *     [-Dshm.bench.reps=3] [-Dshm.bench.warmup=1] [-Dshm.bench.tasks=...] [-Dshm.bench.variants=...] \
 *     -Dshm.native.dir=shmstreaming/target/native -Dshm.python.dir=shmstreaming/src/main/python \
 *     [-Dout=shmstreaming.json] [-Dshm.bench.results=shmstreaming-results.md] [-Dshm.bench.append=true] \
 *     org.hadoopopt.bench.micro.ShmStreamingBenchmark
 * </pre>
 * ({@code bin/hadoopopt micro --only shm} sets the folders.) Results: printed, as JSON in
 * {@code -Dout} (default {@code shmstreaming.json}: every sample, medians, bests, ratios) and as tables
 * with each part's date and load average and the commit in {@code -Dshm.bench.results} (default beside
 * the JSON, {@code .md}); work files under the working folder. With {@code -Dshm.bench.append=true} a
 * call adds its rounds (and tasks) to the run in {@code -Dout} as one more part, so a run too long for
 * one call (jobs of a gigabyte, five rounds) is made in parts into one results file ({@link ShmBenchResults}).
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
  /** Add this call's rounds to the run already in {@code -Dout} (same commit and inputs) instead of starting a new one. */
  private static final boolean APPEND = Boolean.getBoolean("shm.bench.append");
  /** Rounds run first and not recorded (JIT, page cache, the JNI library's first load). */
  private static final int WARMUP = Integer.getInteger("shm.bench.warmup", 1);
  /** Comma-separated subset of the task names below. */
  private static final List<String> TASKS = Arrays.asList(System.getProperty("shm.bench.tasks",
      "identity8,identity100,grep0.1,grep10,wordcount,wordcount-combiner,invindex,c-identity100,"
          + "python-identity100,python-grep0.1,python-grep10,python-wordcount,batch-sweep-identity").split(","));
  /** The Python rows (default: only where {@code shm.bench.tasks} names a Python task). */
  private static final boolean PYTHON = Boolean.parseBoolean(System.getProperty("shm.bench.python",
      Boolean.toString(System.getProperty("shm.bench.tasks", "").contains("python-"))));
  /** In about one 100-byte line in 1,000 (and once in every word file of the old grep row). */
  private static final String RARE = "XYZ";
  /** In about one 100-byte line in 10. */
  private static final String COMMON = "QQ9";
  /** A command prefix for the Streaming programs, to profile them (e.g. a script running perf or strace). */
  private static final String WRAP = System.getProperty("shm.bench.wrap", "");
  /**
   * Comma-separated subset of pipes,textblocks,shm,shm-block,shm-records,pipes-fp,shm-fp,java (the batch sweep runs
   * with shm); add shm-turns for shm with {@code stream.shm.turns=true} beside each shm run.
   */
  private static final List<String> VARIANTS = Arrays.asList(System.getProperty("shm.bench.variants",
      "pipes,textblocks,shm,shm-block,shm-records,java").split(","));
  private Path work;
  private Path shmDir;
  private int runs;
  private StreamingRuns runner;
  private ShmBenchResults results;
  private boolean warming;
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

    /** Every variant of the task once, in the order of {@code round} ({@link Rounds#order}). */
    void run(int round) throws Exception {
      int reduces = reducer == null ? 0 : 1;
      List<String> extra = combiner ? Arrays.asList("-combiner", StreamingJavaJobs.TextSumCombiner.class.getName())
          : new ArrayList<>();
      for (String variant : Rounds.order(VARIANTS, round)) {
        switch (variant) {
          case "pipes":
            streaming(task, variant, in, mapper, reducer, reduces, false, null, extra, Transport.PIPES);
            break;
          case "textblocks":
            streaming(task, variant, in, mapper, reducer, reduces, false, null, extra, Transport.TEXT_BLOCKS);
            break;
          case "shm":
          case "shm-turns":
            streaming(task, variant, in, mapper, reducer, reduces, true, null, extra, Transport.SHM);
            break;
          case "shm-block":
            if (blockMapper != null) {
              streaming(task, variant, in, blockMapper, reducer, reduces, true, null, extra, Transport.SHM);
            }
            break;
          case "shm-records":
            streaming(task, variant, in, mapper, reducer, reduces, true, null, extra, Transport.SHM_RECORDS);
            break;
          case "pipes-fp":
            if (reducer != null) {
              streaming(task, variant, in, mapper, reducer, reduces, false, null, extra, Transport.PIPES_FINGERPRINT);
            }
            break;
          case "shm-fp":
            if (reducer != null) {
              streaming(task, variant, in, mapper, reducer, reduces, true, null, extra, Transport.SHM_FINGERPRINT);
            }
            break;
          case "java":
            if (javaMapper != null) {
              ShmStreamingBenchmark.this.java(task, in, javaMapper, javaReducer, reduces, outKey, outValue);
            }
            break;
          default:
            throw new IllegalArgumentException("shm.bench.variants: unknown variant " + variant
                + " (pipes, textblocks, shm, shm-block, shm-records, shm-turns, pipes-fp, shm-fp, java)");
        }
      }
    }
  }

  private enum Transport { PIPES, TEXT_BLOCKS, SHM, SHM_RECORDS, PIPES_FINGERPRINT, SHM_FINGERPRINT }

  /**
   * The map-output collectors and the shuffle an operator turns on with {@code conf/mapred-hashgroup-site.xml},
   * {@code conf/mapred-fingerprint-site.xml} and {@code conf/mapred-fingerprint-merge-site.xml} (the chain compat's
   * all-on configuration sets): hash grouping for jobs with a combiner, the fingerprint collector (prefix mode, stock
   * sort: spills byte-identical to stock) for the rest, the fingerprint merge on the reduce side.
   */
  static Map<String, String> fingerprintPlugins() {
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration(false);
    HashGroupCollector.enable(conf);
    FingerprintShuffle.enable(conf);
    Map<String, String> props = new LinkedHashMap<>();
    conf.forEach(e -> props.put(e.getKey(), e.getValue()));
    return props;
  }

  private void benchmark() throws Exception {
    loadBefore = loadAverage();
    Map<String, Integer> inputs = new LinkedHashMap<>();
    inputs.put("100-byte lines", MB);
    inputs.put("word lines", WORDS_MB);
    inputs.put("8-byte lines", SHORT_MB);
    inputs.put("Python rows (100-byte lines)", PYTHON_MB);
    File json = new File(System.getProperty("out", "shmstreaming.json"));
    results = APPEND ? ShmBenchResults.continueOrStart(json, BuildCommit.get(), inputs)
        : new ShmBenchResults(BuildCommit.get(), inputs);
    work = Files.createTempDirectory(Paths.get("").toAbsolutePath(), "shm-bench").toAbsolutePath();
    shmDir = Files.createDirectories(Paths.get("/dev/shm/hadoopopt-bench-" + ProcessHandle.current().pid()));
    runner = new StreamingRuns(work, shmDir).keepOutput(false);
    try {
      String[] dict = dictionary(10_000);
      Path words = work.resolve("words");
      Path shortLines = work.resolve("short");
      Path lines100 = work.resolve("lines100");
      Path python100 = PYTHON_MB == MB ? lines100 : work.resolve("python100");
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
        rows.add(new Row("python-grep0.1", python100, command("python", "grep", RARE), command("python", "grep_block", RARE),
            null, false));
        rows.add(new Row("python-grep10", python100, command("python", "grep", COMMON), command("python", "grep_block", COMMON),
            null, false));
        rows.add(new Row("python-wordcount", words, command("python", "wordcount", "map"), null,
            command("python", "wordcount", "reduce"), false));
      }
      rows.removeIf(r -> !TASKS.contains(r.task));
      Map<Path, Integer> sizes = new LinkedHashMap<>();
      sizes.put(words, WORDS_MB);
      sizes.put(shortLines, SHORT_MB);
      sizes.put(lines100, MB);
      sizes.put(python100, PYTHON_MB);
      boolean sweep = TASKS.contains("batch-sweep-identity");
      for (Path in : sizes.keySet()) {
        if ((in == shortLines && sweep) || rows.stream().anyMatch(r -> r.in == in)) {
          writeInput(in, dict, sizes.get(in));
        }
      }
      for (Row row : rows) {
        results.taskInput(row.task, sizes.get(row.in));
      }
      if (sweep) {
        results.taskInput("batch-sweep-identity", SHORT_MB);
      }
      int first = results.roundsSoFar();
      for (int rep = -WARMUP; rep < REPS; rep++) {
        warming = rep < 0;
        for (Row row : rows) {
          row.run(first + Math.max(rep, 0));
        }
        if (sweep) {
          for (int batch : new int[] {1, 16, 128, 1024, 4096}) {
            streaming("batch-sweep-identity", "batch=" + batch, shortLines, command("cpp", "identity"), null, 0,
                true, Integer.toString(batch), new ArrayList<>(), Transport.SHM_RECORDS);
          }
        }
      }
      List<String> tasks = new ArrayList<>();
      rows.forEach(r -> tasks.add(r.task));
      if (sweep) {
        tasks.add("batch-sweep-identity");
      }
      results.part(java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC).withNano(0).toString(), loadBefore, loadAverage(),
          REPS, WARMUP, tasks, VARIANTS);
      String md = System.getProperty("shm.bench.results", json.getPath().replaceAll("\\.json$", "") + ".md");
      results.write(json, Paths.get(md), TARGETS, Runtime.getRuntime().availableProcessors());
      System.out.println(results.markdown(TARGETS, Runtime.getRuntime().availableProcessors()));
      System.out.println("results: " + md);
    } finally {
      FileUtil.fullyDelete(work.toFile());
      FileUtil.fullyDelete(shmDir.toFile());
    }
  }

  /** The headline ratios, with the targets (wall) where it sets one. */
  private static final List<ShmBenchResults.Target> TARGETS = Arrays.asList(
      new ShmBenchResults.Target("C++ identity, 100-byte lines: shm (record API) x pipes", "identity100|pipes", "identity100|shm", 2),
      new ShmBenchResults.Target("C++ grep 0.1%: shm x pipes", "grep0.1|pipes", "grep0.1|shm", 2),
      new ShmBenchResults.Target("C++ grep 10%: shm x pipes", "grep10|pipes", "grep10|shm", 2),
      new ShmBenchResults.Target("C identity, 100-byte lines: shm x pipes", "c-identity100|pipes", "c-identity100|shm", 2),
      new ShmBenchResults.Target("Python identity, 100-byte lines: shm x pipes", "python-identity100|pipes",
          "python-identity100|shm", 2),
      new ShmBenchResults.Target("Python identity, 100-byte lines, block API: shm x pipes", "python-identity100|pipes",
          "python-identity100|shm-block", 0),
      new ShmBenchResults.Target("Python grep 0.1%: shm x pipes", "python-grep0.1|pipes", "python-grep0.1|shm", 2),
      new ShmBenchResults.Target("Python grep 10%: shm x pipes", "python-grep10|pipes", "python-grep10|shm", 2),
      new ShmBenchResults.Target("C++ word count (reducer, no combiner): shm x pipes", "wordcount|pipes", "wordcount|shm", 1.3),
      new ShmBenchResults.Target("Python word count (reducer, no combiner): shm x pipes", "python-wordcount|pipes",
          "python-wordcount|shm", 1.3),
      new ShmBenchResults.Target("C++ word count with combiner: shm x pipes", "wordcount-combiner|pipes",
          "wordcount-combiner|shm", 0),
      new ShmBenchResults.Target("C++ identity, 100-byte lines: shm x textblocks (the transport's own margin)",
          "identity100|textblocks", "identity100|shm", 1.3),
      new ShmBenchResults.Target("C++ grep 10%: shm x textblocks", "grep10|textblocks", "grep10|shm", 1.3),
      new ShmBenchResults.Target("C++ word count: shm x textblocks", "wordcount|textblocks", "wordcount|shm", 1.3),
      new ShmBenchResults.Target("Python identity: shm x textblocks", "python-identity100|textblocks", "python-identity100|shm",
          1.3),
      new ShmBenchResults.Target("Python identity, block API: Java IdentityMapper x it (1 = as fast as Java)",
          "python-identity100|java", "python-identity100|shm-block", 1 / 1.5),
      new ShmBenchResults.Target("C++ identity, 8-byte lines: shm x pipes", "identity8|pipes", "identity8|shm", 0),
      new ShmBenchResults.Target("C++ word count (reducer, no combiner), fingerprint plugins on: shm-fp x pipes",
          "wordcount|pipes", "wordcount|shm-fp", 1.3),
      new ShmBenchResults.Target("C++ word count: shm-fp x pipes-fp (the transport's own margin, same Java side)",
          "wordcount|pipes-fp", "wordcount|shm-fp", 1.3),
      new ShmBenchResults.Target("C++ word count with combiner, fingerprint plugins on: shm-fp x pipes",
          "wordcount-combiner|pipes", "wordcount-combiner|shm-fp", 0),
      new ShmBenchResults.Target("C++ word count with combiner: shm-fp x pipes-fp", "wordcount-combiner|pipes-fp",
          "wordcount-combiner|shm-fp", 0),
      new ShmBenchResults.Target("C++ inverted index, fingerprint plugins on: shm-fp x pipes", "invindex|pipes",
          "invindex|shm-fp", 0),
      new ShmBenchResults.Target("C++ inverted index: shm-fp x pipes-fp", "invindex|pipes-fp", "invindex|shm-fp", 0));

  /** Writes the input {@code dir} of {@code mb} MB: the one generator for that folder's kind of lines. */
  private void writeInput(Path dir, String[] dict, int mb) throws IOException {
    long t0 = System.nanoTime();
    switch (dir.getFileName().toString()) {
      case "words":
        writeWords(dir.resolve("w.txt"), dict, mb);
        break;
      case "short":
        writeShortLines(dir.resolve("s.txt"), dict, mb);
        break;
      default:
        writeLines100(dir.resolve("l.txt"), mb);
    }
    System.out.printf(Locale.ROOT, "input %s: %d MB written in %.1f s%n", dir.getFileName(), mb, Rounds.since(t0));
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
    if (transport == Transport.PIPES_FINGERPRINT || transport == Transport.SHM_FINGERPRINT) {
      props.putAll(fingerprintPlugins());
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
    results.output(task, variant, run.outputDigest);
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
      results.add(task, variant, seconds, cpuSeconds);
    }
  }

  private static String loadAverage() {
    try {
      String[] f = new String(Files.readAllBytes(Paths.get("/proc/loadavg")), StandardCharsets.US_ASCII).split(" ");
      return f[0] + ", " + f[1] + ", " + f[2];
    } catch (IOException e) {
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
