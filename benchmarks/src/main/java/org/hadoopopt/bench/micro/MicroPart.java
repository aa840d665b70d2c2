package org.hadoopopt.bench.micro;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * One part of {@code bin/hadoopopt micro} or {@code reproduce} (run by {@link PartRunner}): its
 * name, what it measures, why it cannot run here (or null), and the program it runs: a JVM of its own on the benchmarks' classpath, or, for the parts
 * that need HDFS and YARN, {@code bin/hadoop CLASS} against the shared cluster.
 */
public final class MicroPart {
  /** Where the part runs and how big it is. */
  public static final class Context {
    public final File home;
    public final File out;
    public final boolean quick;

    public Context(File home, File out, boolean quick) {
      this.home = home;
      this.out = out;
      this.quick = quick;
    }

    public String out(String file) {
      return new File(out, file).getPath();
    }

    public File home(String path) {
      return new File(home, path);
    }
  }

  public interface Check {
    /** Why the part cannot run here, or null. */
    String skipReason(Context c);
  }

  public interface Command {
    /** JVM options (before the class) and program arguments, as {@code jvm} and {@code args}. */
    void fill(Context c, List<String> jvm, List<String> args);
  }

  public final String name;
  public final String description;
  /** Runs on the shared HDFS+YARN through {@code bin/hadoop} (else in a JVM of its own, local). */
  final boolean cluster;
  final String mainClass;
  private final Check check;
  private final Command command;

  public MicroPart(String name, String description, boolean cluster, Class<?> main, Check check, Command command) {
    this.name = name;
    this.description = description;
    this.cluster = cluster;
    this.mainClass = main.getName();
    this.check = check;
    this.command = command;
  }

  public String skipReason(Context c) {
    return check == null ? null : check.skipReason(c);
  }

  /** The JVM options and arguments; {@code [0]} the options, {@code [1]} the arguments. */
  List<List<String>> command(Context c) {
    List<String> jvm = new ArrayList<>();
    List<String> args = new ArrayList<>();
    command.fill(c, jvm, args);
    return Arrays.asList(jvm, args);
  }

  /** Every part, in the order a run takes them. */
  static List<MicroPart> all() {
    return Collections.unmodifiableList(Arrays.asList(
        new MicroPart("decode", "record decoding, immutable vs mutable text, Writable, protobuf, JE tuple (JMH)", false,
            DecodeBenchmarkMain.class, null, (c, jvm, args) -> {
              // Another JMH run on the machine holds /tmp/jmh.lock; ours only measures ratios, so it proceeds.
              jvm.add("-Djmh.ignoreLock=true");
              args.addAll(c.quick ? Arrays.asList("-wi", "1", "-i", "2") : Arrays.asList("-wi", "2", "-i", "3"));
              args.addAll(Arrays.asList("-w", "1", "-r", "1", "-f", "1", "-rf", "json", "-rff", c.out("decode-jmh.json")));
            }),
        new MicroPart("sort", "map-side sort phase: stock QuickSort vs the fingerprint sorts (mapred-fingerprint)", false,
            SortPhaseBenchmark.class, null, (c, jvm, args) -> jvm.addAll(Arrays.asList("-Xmx3g",
                "-Drecords=" + (c.quick ? 200_000 : 2_000_000), "-Drounds=3", "-Dout=" + c.out("sort-phase.json")))),
        new MicroPart("patchsort", "Pavlo large aggregation: stock vs the fingerprint-sort MapTask patch vs the collector"
            + " (job, map sort)", false, PatchSortBenchmark.class,
            c -> patchedJar(c).isFile() ? null : "no " + patchedJar(c) + " (hadoop-patches/build.sh 3.4.2 MAPREDUCE-fingerprint-sort.patch makes it)",
            (c, jvm, args) -> jvm.addAll(Arrays.asList("-Xmx512m", "-Dpatched=" + patchedJar(c),
                "-Drows=" + (c.quick ? 100_000 : 600_000), "-Drounds=" + (c.quick ? 1 : 3), "-Dout=" + c.out("patchsort.json")))),
        new MicroPart("io", "HDFS read modes: streaming, legacy local, direct, O_DIRECT, raw (hdfs-directio)", false,
            IoModeBenchmark.class, null, (c, jvm, args) -> {
              jvm.addAll(Arrays.asList("-Xmx2g", "--add-opens=java.base/java.nio=ALL-UNNAMED",
                  "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
                  "-Dlog4j.configuration=org/hadoopopt/bench/micro/log4j-quiet.properties"));
              args.addAll(c.quick ? Arrays.asList("64", "2") : Arrays.asList("64,256,1024", "3"));
              args.add(c.out("io-modes.json"));
            }),
        new MicroPart("shm", "Hadoop Streaming over pipes vs shared memory vs Java (shmstreaming)", false,
            ShmStreamingBenchmark.class, MicroPart::shmSkipReason, (c, jvm, args) -> {
              jvm.addAll(Arrays.asList("-Xmx2g", "-Dshm.native.dir=" + c.home("shmstreaming/target/native"),
                  "-Dshm.python.dir=" + c.home("shmstreaming/src/main/python"), "-Dout=" + c.out("shmstreaming.json")));
              if (c.quick) {
                jvm.addAll(Arrays.asList("-Dshm.bench.mb=4", "-Dshm.bench.reps=1",
                    "-Dshm.bench.tasks=identity100,grep10,wordcount"));
              } else {
                jvm.addAll(Arrays.asList("-Dshm.bench.mb=256", "-Dshm.bench.words.mb=64", "-Dshm.bench.short.mb=64", "-Dshm.bench.python.mb=64",
                    "-Dshm.bench.reps=3",
                    "-Dshm.bench.python=" + new File("/usr/bin/python3").canExecute()));
              }
            }),
        new MicroPart("sched", "no-op scan of one file per split size from 64 MB to the file size: per-task cost", true,
            SchedScan.class, null, (c, jvm, args) -> clusterArgs(c, args, "sched.json",
                c.quick ? Arrays.asList("--file-size", "512m", "--rounds", "1") : Arrays.asList("--file-size", "2g", "--rounds", "3"))),
        new MicroPart("dfsio", "TestDFSIO write, and read stock vs the direct I/O client", true, DfsioBench.class, null,
            (c, jvm, args) -> clusterArgs(c, args, "dfsio.json", Arrays.asList("--nr-files", "2", "--file-size",
                c.quick ? "32m" : "256m", "--rounds", c.quick ? "1" : "3"))),
        new MicroPart("wordcount", "WordCount (examples jar) stock vs the fingerprint collector (prefix, hash)", true,
            WordCountBench.class, null, (c, jvm, args) -> clusterArgs(c, args, "wordcount.json",
                c.quick ? Arrays.asList("--input-size", "32m", "--variants", "stock,fp", "--rounds", "1")
                    : Arrays.asList("--input-size", "256m", "--rounds", "3"))),
        new MicroPart("terasort", "TeraGen + TeraSort stock vs fingerprint (prefix), TeraValidate on every output", true,
            TeraSortBench.class, null, (c, jvm, args) -> clusterArgs(c, args, "terasort.json",
                Arrays.asList("--rows", c.quick ? "200000" : "2000000", "--rounds", c.quick ? "1" : "3")))));
  }

  static File patchedJar(Context c) {
    return c.home("hadoop-patches/target/3.4.2-MAPREDUCE-fingerprint-sort/hadoop-patched-classes-3.4.2.jar");
  }

  /** Why the shm benchmarks cannot run here (no C programs built, no /dev/shm), or null. */
  public static String shmSkipReason(Context c) {
    if (!c.home("shmstreaming/target/native/bin/identity").canExecute()) {
      return "no " + c.home("shmstreaming/target/native/bin") + " programs (the shmstreaming build makes them with gcc)";
    }
    File shm = new File("/dev/shm");
    return shm.isDirectory() && shm.canWrite() ? null : "no writable /dev/shm";
  }

  private static void clusterArgs(Context c, List<String> args, String json, List<String> sizes) {
    args.addAll(sizes);
    args.addAll(Arrays.asList("--out", c.out(json), "/hadoopopt-micro"));
  }
}
