package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.ExperimentArgs;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.hadoopopt.bench.micro.MicroPart;
import org.hadoopopt.bench.micro.Rounds;
import org.hadoopopt.bench.micro.StreamingRuns;
import org.hadoopopt.bench.micro.WordCorpus;
import org.hadoopopt.bench.tools.Stats;
import org.hadoopopt.shmstreaming.io.ShmChannel;
import org.hadoopopt.shmstreaming.io.StreamBlocks;

/**
 * What the two ShmStreaming experiments ({@link LaiShmJobs}, {@link LaiShmTables}) share: the
 * paper and its setting, the conversion of its figures, the work and shm folders, and alternated
 * rounds of Streaming runs whose outputs must agree.
 */
final class LaiShm implements AutoCloseable {
  static final String PAPER = "Lai et al., AINA 2013 (ShmStreaming)";
  /** Section V-A and Table I: the cluster and the settings every figure of the paper was measured with. */
  static final String PAPER_CLUSTER = "8 nodes (7 DataNodes), quad-core Xeon E5405 2 GHz, 8 GB, CentOS 5.5,"
      + " OpenJDK 1.6; batch 64, ring 8192 B (map) / 16384 B (reduce) unless varied; average of 10 runs";
  static final int VOCABULARY = 10_000;

  /**
   * The paper's "performance improvement" of p% over Streaming through pipes, as our figure
   * pipes/shm (wall time): 1 + p/100. The paper does not define the percentage; this reading
   * keeps its abstract's 20-30% and its tables on one scale.
   */
  static double fromPercent(double percent) {
    return 1 + percent / 100;
  }

  final ExperimentArgs args;
  final Path work;
  final Path shmDir;
  final StreamingRuns runs;
  final String nativeDir;
  final int rounds;

  LaiShm(ExperimentArgs args) throws IOException {
    this.args = args;
    String workOpt = args.line.getOptionValue("work");
    Path parent = workOpt != null ? Paths.get(workOpt) : args.findings.getAbsoluteFile().getParentFile().toPath();
    Files.createDirectories(parent);
    this.work = Files.createTempDirectory(parent, "lai-shm").toAbsolutePath();
    this.shmDir = Files.createDirectories(Paths.get("/dev/shm/hadoopopt-lai-" + ProcessHandle.current().pid()));
    this.runs = new StreamingRuns(work, shmDir);
    this.nativeDir = args.line.getOptionValue("native", "shmstreaming/target/native");
    this.rounds = Integer.parseInt(args.line.getOptionValue("rounds", args.quick ? "1" : "3"));
  }

  /** The options both experiments take beside their own. */
  static Options options() {
    Options o = new Options();
    o.addOption(Option.builder().longOpt("native").hasArg().argName("DIR")
        .desc("the shmstreaming build's target/native (C++ examples in bin/)").build());
    o.addOption(Option.builder().longOpt("work").hasArg().argName("DIR").desc("where data and outputs go").build());
    o.addOption(Option.builder().longOpt("rounds").hasArg().argName("N").desc("alternated rounds (3; quick 1)").build());
    o.addOption(Option.builder().longOpt("mb").hasArg().argName("MB").desc("input size").build());
    return o;
  }

  /**
   * One unrecorded word count through pipes and one through shm on a small corpus, so that no
   * variant's first measured run pays for the JIT, the page cache or the JNI library's first load.
   */
  void warmUp(long bytes) throws Exception {
    Path in = work.resolve("warm-up");
    Files.createDirectories(in);
    WordCorpus.write(FileSystem.getLocal(new Configuration()), new org.apache.hadoop.fs.Path(in.toUri()),
        Math.min(bytes, 1 << 20), 2, 3, VOCABULARY);
    for (boolean shm : new boolean[] {false, true}) {
      runs.streaming(in, program("wordcount", "map"), program("wordcount", "reduce"), 1, shm, new LinkedHashMap<>());
    }
    FileUtil.fullyDelete(in.toFile());
  }

  /** The JVM options and arguments {@code bin/hadoopopt reproduce} gives both experiments. */
  static void shmArgs(MicroPart.Context c, List<String> jvm, List<String> args) {
    jvm.add("-Xmx2g");
    args.addAll(java.util.Arrays.asList("--native", c.home("shmstreaming/target/native").getPath(), "--work", c.out("work")));
  }

  String program(String name, String... args) {
    return StreamingRuns.command(nativeDir, "", "cpp", name, args);
  }

  /**
   * The channel between Hadoop and the external program in one variant of a sweep: pipes, or shm
   * with its extra job properties.
   */
  static final class Channel {
    final String name;
    final boolean shm;
    final Map<String, String> props;

    Channel(String name, boolean shm, Map<String, String> props) {
      this.name = name;
      this.shm = shm;
      this.props = props;
    }

    static Channel pipes() {
      return new Channel("pipes", false, new LinkedHashMap<>());
    }

    static Channel shm(String name, String key, String value) {
      Map<String, String> p = new LinkedHashMap<>();
      if (key != null) {
        p.put(key, value);
      }
      return new Channel(name, true, p);
    }

    /**
     * Through shm with the ring's data area and batch size set, one ring record per record: the
     * paper's design, where the batch is the records between wake-ups (in blocks, the default, a
     * block crosses as one record and neither size means what it does in the paper).
     */
    static Channel ring(String name, long bytes, int batch) {
      Map<String, String> p = new LinkedHashMap<>();
      p.put(StreamBlocks.ENABLED, "false");
      p.put(ShmChannel.BUFFER_SIZE, Long.toString(bytes));
      p.put(ShmChannel.BATCH_SIZE, Integer.toString(batch));
      return new Channel(name, true, p);
    }
  }

  /** Medians (wall and CPU seconds) per variant, and the output every variant gave. */
  static final class Medians {
    final Map<String, Double> wall = new LinkedHashMap<>();
    final Map<String, Double> cpu = new LinkedHashMap<>();
    byte[] output;

    double ratio(String over) {
      return wall.get("pipes") / wall.get(over);
    }

    double cpuRatio(String over) {
      return cpu.get("pipes") / cpu.get(over);
    }
  }

  /**
   * Runs every variant once per round in rotated order ({@link Rounds#order}); fails when a
   * variant's output differs from the first run's.
   */
  Medians alternate(String task, List<Channel> variants, Path in, String mapper, String reducer, int reduces)
      throws Exception {
    Map<String, Channel> byName = new LinkedHashMap<>();
    variants.forEach(v -> byName.put(v.name, v));
    Map<String, List<Double>> wall = new LinkedHashMap<>();
    Map<String, List<Double>> cpu = new LinkedHashMap<>();
    Medians m = new Medians();
    for (int r = 0; r < rounds; r++) {
      for (String name : Rounds.order(new ArrayList<>(byName.keySet()), r)) {
        Channel v = byName.get(name);
        StreamingRuns.Run run = runs.streaming(in, mapper, reducer, reduces, v.shm, v.props);
        System.out.printf(Locale.ROOT, "RUN %-28s %-12s %7.2f s  cpu %7.2f s%n", task, name, run.seconds, run.cpuSeconds);
        try (java.util.stream.Stream<Path> left = Files.list(shmDir)) {
          List<Path> segments = left.collect(java.util.stream.Collectors.toList());
          if (!segments.isEmpty()) {
            throw new IllegalStateException(task + " " + name + " left shm segments behind: " + segments);
          }
        }
        if (m.output == null) {
          m.output = run.output;
        } else if (!java.util.Arrays.equals(m.output, run.output)) {
          throw new IllegalStateException(task + " " + name + ": output differs from the first run's");
        }
        wall.computeIfAbsent(name, k -> new ArrayList<>()).add(run.seconds);
        cpu.computeIfAbsent(name, k -> new ArrayList<>()).add(run.cpuSeconds);
      }
    }
    wall.forEach((k, v) -> m.wall.put(k, Stats.median(v)));
    cpu.forEach((k, v) -> m.cpu.put(k, Stats.median(v)));
    return m;
  }

  /** A remark saying plainly whether the transport leaves anything to win. */
  static String verdictOnPipes(double ratio) {
    if (ratio < 1.05 && ratio > 1 / 1.05) {
      return "modern pipes leave nothing to win here (within 5%)";
    }
    return ratio > 1 ? String.format(Locale.ROOT, "shm %.0f%% faster", 100 * (ratio - 1))
        : String.format(Locale.ROOT, "shm %.0f%% slower", 100 * (1 / ratio - 1));
  }

  /** {@code files} files of lines of exactly {@code size} bytes each (newline included), random letters. */
  static void fixedRecords(Path dir, long bytes, int size, long seed) throws IOException {
    Files.createDirectories(dir);
    SplittableRandom rnd = new SplittableRandom(seed);
    byte[] line = new byte[size];
    line[size - 1] = '\n';
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(dir.resolve("part-0")), 1 << 16)) {
      for (long w = 0; w < bytes; w += size) {
        for (int i = 0; i < size - 1; i++) {
          line[i] = (byte) ('a' + rnd.nextInt(26));
        }
        out.write(line);
      }
    }
  }

  @Override
  public void close() {
    FileUtil.fullyDelete(work.toFile());
    FileUtil.fullyDelete(shmDir.toFile());
  }

  static long mb(ExperimentArgs a, int quick, int full) {
    String v = a.line.getOptionValue("mb", Integer.toString(a.quick ? quick : full));
    try {
      double mb = Double.parseDouble(v);
      if (mb > 0) {
        return (long) (mb * (1 << 20));
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("--mb must be a positive number of megabytes, not " + v);
  }

}
