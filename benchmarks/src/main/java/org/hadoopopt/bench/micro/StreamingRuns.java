package org.hadoopopt.bench.micro;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.hadoopopt.shmstreaming.io.ShmChannel;
import org.hadoopopt.shmstreaming.io.ShmIdentifierResolver;

/**
 * One timed Hadoop Streaming job on the LocalJobRunner, through pipes or shm, the way the shm
 * benchmarks run it (ShmStreamingBenchmark and the ShmStreaming reproduction): each run starts as
 * a fresh task JVM would ({@link #settle}) and is measured in wall and CPU time ({@link #cpuSeconds}).
 */
public final class StreamingRuns {
  /** The Python interpreter the benchmarks start. */
  public static final String PYTHON3 = new java.io.File("/usr/bin/python3").canExecute() ? "/usr/bin/python3" : "python3";
  private static final boolean DEBUG = Boolean.getBoolean("shm.bench.debug");
  private static final double CLOCK_TICKS = clockTicks();

  private final Path work;
  private final Path shmDir;
  private final Map<String, String> defaults = new LinkedHashMap<>();
  private int runs;
  private boolean keepOutput = true;

  /** Jobs write under {@code work}; shm segments go to {@code shmDir} (a folder of its own under /dev/shm). */
  public StreamingRuns(Path work, Path shmDir) {
    this.work = work;
    this.shmDir = shmDir;
  }

  /** A job property every following run gets (a run's own properties win). */
  public StreamingRuns set(String key, String value) {
    defaults.put(key, value);
    return this;
  }

  /**
   * Whether runs hand back their output's bytes ({@code true}, the default) or only its digest: a job's output of a
   * gigabyte is compared by digest rather than held in the heap.
   */
  public StreamingRuns keepOutput(boolean keep) {
    keepOutput = keep;
    return this;
  }

  /** The wall and CPU seconds of one run and its output (the part files' bytes in order). */
  public static final class Run {
    public final double seconds;
    public final double cpuSeconds;
    /** The part files' bytes in order; null when the runner does not {@link #keepOutput keep output}. */
    public final byte[] output;
    /** SHA-256 and length of the part files' bytes in order ({@code "sha256:HEX, N bytes"}). */
    public final String outputDigest;

    Run(double seconds, double cpuSeconds, byte[] output, String outputDigest) {
      this.seconds = seconds;
      this.cpuSeconds = cpuSeconds;
      this.output = output;
      this.outputDigest = outputDigest;
    }
  }

  /** The Streaming command running example {@code name} of {@code client} ("cpp" or "python"). */
  public static String command(String nativeDir, String pythonDir, String client, String name, String... args) {
    String cmd = client.equals("cpp") ? Paths.get(nativeDir, "bin", name).toAbsolutePath().toString()
        : PYTHON3 + " -B " + Paths.get(pythonDir).toAbsolutePath() + "/examples/" + name + ".py";
    return args.length == 0 ? cmd : cmd + " " + String.join(" ", args);
  }

  /**
   * Runs one Streaming job over {@code in} ({@code reducer} null: map-only), all four directions
   * through shm or all through pipes, with {@code props} beside the defaults. A failed job throws.
   */
  public Run streaming(Path in, String mapper, String reducer, int reduces, boolean shm, Map<String, String> props)
      throws Exception {
    return streaming(in, mapper, reducer, reduces, shm, props, new ArrayList<>());
  }

  /** As above, with more Streaming arguments ({@code -combiner ...}). */
  public Run streaming(Path in, String mapper, String reducer, int reduces, boolean shm, Map<String, String> props,
      List<String> extraArgs) throws Exception {
    Map<String, String> all = new LinkedHashMap<>();
    all.put(ShmIdentifierResolver.RESOLVER_KEY, ShmIdentifierResolver.class.getName());
    all.put(ShmChannel.DIR, shmDir.toString());
    all.put("mapreduce.task.io.sort.mb", "100");
    all.putAll(defaults);
    all.putAll(props);
    List<String> args = new ArrayList<>();
    if (shm) {
      args.addAll(Arrays.asList("-io", "shm"));
    }
    args.addAll(Arrays.asList("-input", in.toString(), "-mapper", mapper, "-numReduceTasks", Integer.toString(reduces)));
    if (reducer != null) {
      args.addAll(Arrays.asList("-reducer", reducer));
    }
    args.addAll(extraArgs);
    Path out = work.resolve("out" + (runs++));
    settle();
    double c0 = cpuSeconds();
    long t0 = System.nanoTime();
    Configuration conf = localConf(work);
    org.apache.hadoop.fs.Path outPath = new org.apache.hadoop.fs.Path(out.toString());
    StreamingJob.submit(conf, all, args, outPath);
    double s = (System.nanoTime() - t0) / 1e9;
    double c = cpuSeconds() - c0;
    byte[] output = null;
    String digest;
    if (keepOutput) {
      output = StreamingJob.read(conf, outPath);
      digest = StreamingJob.digest(output);
    } else {
      digest = StreamingJob.digest(conf, outPath);
    }
    FileUtil.fullyDelete(out.toFile());
    return new Run(s, c, output, digest);
  }

  /** A LocalJobRunner configuration writing under {@code work}. */
  public static Configuration localConf(Path work) {
    Configuration conf = LocalJobs.conf(work.resolve("tmp").toFile());
    conf.set("mapreduce.cluster.local.dir", work.resolve("local").toString());
    conf.set("mapreduce.jobtracker.staging.root.dir", work.resolve("staging").toString());
    conf.setInt("mapreduce.client.progressmonitor.pollinterval", 100);
    conf.setInt("mapreduce.client.completion.pollinterval", 100);
    return conf;
  }

  /**
   * Before each run: collects garbage and compacts Hadoop's per-thread FileSystem statistics.
   * Every job leaves dead threads behind in this one JVM; {@code FileSystem.Statistics} keeps an
   * entry per thread that ever did I/O (dropped only after a GC) in a HashSet that never shrinks,
   * and the record reader and writer walk that whole set once per record (getBytesRead/Written).
   * Without this, later runs pay per record for every earlier job's threads, which a task in its
   * own YARN container JVM never does; with it, every run starts as a fresh task JVM would.
   */
  public static void settle() throws Exception {
    System.gc();
    Thread.sleep(200); // the statistics cleaner thread drops the cleared entries
    for (FileSystem.Statistics st : FileSystem.getAllStatistics()) {
      Field f = st.getClass().getDeclaredField("allData");
      f.setAccessible(true);
      synchronized (st) { // Statistics guards allData with its own monitor
        Set<?> live = (Set<?>) f.get(st);
        int before = DEBUG ? tableLength(live) : 0;
        f.set(st, new HashSet<>(live));
        if (DEBUG) {
          System.out.printf(Locale.ROOT, "statistics %s: %d entries, table %d -> %d%n", st.getScheme(), live.size(), before,
              tableLength((Set<?>) f.get(st)));
        }
      }
    }
  }

  private static int tableLength(Set<?> set) throws Exception {
    if (!(set instanceof HashSet)) {
      return -1;
    }
    Field m = HashSet.class.getDeclaredField("map");
    m.setAccessible(true);
    Field t = java.util.HashMap.class.getDeclaredField("table");
    t.setAccessible(true);
    Object[] table = (Object[]) t.get(m.get(set));
    return table == null ? 0 : table.length;
  }

  private static double clockTicks() {
    try {
      Process p = new ProcessBuilder("getconf", "CLK_TCK").start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
      p.waitFor();
      return Double.parseDouble(out);
    } catch (IOException | InterruptedException | NumberFormatException e) {
      return 100;
    }
  }

  /**
   * utime + stime + cutime + cstime of this process from /proc/self/stat: the CPU the run used
   * here and in the programs it waited for, far less disturbed by other load than wall time.
   */
  public static double cpuSeconds() throws IOException {
    String stat = new String(Files.readAllBytes(Paths.get("/proc/self/stat")), StandardCharsets.US_ASCII);
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    // after the name: state(0) ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime(11) stime cutime cstime
    long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
    return ticks / CLOCK_TICKS;
  }
}
