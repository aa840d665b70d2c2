package org.hadoopopt.bench.pavlo.jobs;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.bench.pavlo.ToolArgs;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;

/**
 * {@code suite [--scale S] [--seed N] [--maps M] WORK}: generates a Pavlo set in WORK/data (unless
 * one with the same scale and seed is there) and runs every baseline task on it, output under
 * WORK/out/TASK, printing each task's wall-clock time and the size of its answer.
 */
public final class BaselineSuite extends BaselineTool {
  private final PrintStream report;

  public BaselineSuite() {
    this(System.out);
  }

  public BaselineSuite(PrintStream report) {
    this.report = report;
  }

  @Override
  String usage() {
    return "suite [--scale S] [--seed N] [--maps M] WORK";
  }

  @Override
  List<String> options() {
    return ToolArgs.names("scale", "seed", "maps");
  }

  @Override
  int paths() {
    return 1;
  }

  @Override
  void apply(ToolArgs a, Configuration conf) {
    copy(a, "scale", conf, PavloGenerator.SCALE);
    copy(a, "seed", conf, PavloGenerator.SEED);
    copy(a, "maps", conf, PavloGenerator.MAPS);
  }

  @Override
  void runJobs(Configuration conf, ToolArgs a) throws Exception {
    Path work = new Path(a.positional(0));
    FileSystem fs = work.getFileSystem(conf);
    String data = new Path(work, "data").toString();
    String out = new Path(work, "out").toString();
    report.printf(Locale.ROOT, "%-22s %-9s %9s  %s%n", "task", "variant", "seconds", "result");
    if (!sameSet(fs, new Path(data), conf)) {
      fs.delete(new Path(data), true);
      time("gen", new PavloGenerator(System.err), conf, fs, null, data);
    }
    fs.delete(new Path(out), true);
    String rankings = data + "/" + PavloSchema.RANKINGS;
    String visits = data + "/" + PavloSchema.USERVISITS;
    time("grep", new GrepJob(), conf, fs, out + "/grep", data + "/" + PavloSchema.GREP);
    time("selection", new SelectionJob(), conf, fs, out + "/selection", rankings);
    time("aggregation", new AggregationJob(), conf, fs, out + "/aggregation", visits);
    time("aggregation-prefix7", new AggregationJob(), conf, fs, out + "/aggregation-prefix7", "--prefix", "7", visits);
    time("aggregation-1984-1987", new AggregationJob(), conf, fs, out + "/aggregation-1984-1987",
        "--from", "1984-01-01", "--to", "1987-01-01", visits);
    time("join", new JoinJob(), conf, fs, out + "/join", rankings, visits);
    time("udf", new UdfJob(), conf, fs, out + "/udf", data + "/" + PavloSchema.DOCUMENTS);
  }

  /** Runs {@code tool args... output} (just {@code args} when output is null) and prints its time and result. */
  private void time(String task, Tool tool, Configuration conf, FileSystem fs, String output, String... args)
      throws Exception {
    List<String> all = new ArrayList<>(java.util.Arrays.asList(args));
    if (output != null) {
      all.add(output);
    }
    long t0 = System.nanoTime();
    int rc = ToolRunner.run(new Configuration(conf), tool, all.toArray(new String[0]));
    double seconds = (System.nanoTime() - t0) / 1e9;
    if (rc != 0) {
      throw new IllegalStateException(task + " exited with " + rc);
    }
    String result = output == null ? "generated " + args[args.length - 1] : lines(fs, new Path(output)) + " output lines";
    report.printf(Locale.ROOT, "%-22s %-9s %9.1f  %s%n", task, "baseline", seconds, result);
    report.flush();
  }

  private static long lines(FileSystem fs, Path dir) throws java.io.IOException {
    long n = 0;
    for (FileStatus f : fs.globStatus(new Path(dir, "part-*"))) {
      try (InputStream in = fs.open(f.getPath())) {
        byte[] buf = new byte[65536];
        for (int r; (r = in.read(buf)) > 0;) {
          for (int i = 0; i < r; i++) {
            n += buf[i] == '\n' ? 1 : 0;
          }
        }
      }
    }
    return n;
  }

  /** Whether DATA holds a complete set of this configuration's scale and seed. */
  private static boolean sameSet(FileSystem fs, Path data, Configuration conf) throws java.io.IOException {
    Path set = new Path(data, PavloGenerator.SET_FILE);
    if (!fs.exists(set)) {
      return false;
    }
    Properties p = new Properties();
    try (InputStream in = fs.open(set)) {
      p.load(in);
    }
    return Double.toString(PavloGenerator.getScale(conf)).equals(p.getProperty("scale"))
        && Long.toString(PavloGenerator.getSeed(conf)).equals(p.getProperty("seed"))
        && p.getProperty(PavloSchema.DOCUMENTS + ".rows") != null;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new BaselineSuite(), args));
  }
}
