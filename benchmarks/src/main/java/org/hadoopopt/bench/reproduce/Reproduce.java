package org.hadoopopt.bench.reproduce;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.hadoopopt.bench.micro.PartRunner;

/**
 * {@code bin/hadoopopt reproduce}: runs the papers' experiments ({@link ReproduceParts}) one after
 * another, each in its own JVM from the built jars (the cluster ones on one shared HDFS+YARN), and
 * writes the reproduction report ({@link ReproduceReport}): per finding the paper's setting and
 * figure, ours, the ratio and a verdict. An experiment that cannot run here is reported as not
 * reproducible with the reason; a failed one does not stop the others (the exit code is then 1).
 *
 * <p>A run may be made in parts: each call with {@code --only} adds its experiments' results to the
 * same {@code --out} folder and rebuilds the report from every result there. The folder's run
 * marker ({@link ReproduceRun}) keeps the parts one run: a call with other code or the other scale
 * is refused (exit 1) unless {@code --fresh} first clears the folder's earlier results.
 */
public final class Reproduce {
  static final PartRunner.Program PROGRAM = new PartRunner.Program("reproduce", "Reproduction of the papers' experiments",
      ReproduceParts.all(), "build/reproduce-results", "build/reproduce-embedded", "reproduce-status.tsv",
      ReproduceReport::write);

  /** The option that clears the results folder before the run (not one of {@link PartRunner}'s). */
  static final String FRESH = "--fresh";

  private Reproduce() {}

  public static void main(String[] args) throws Exception {
    System.exit(run(args));
  }

  /** One call: checks and records the run marker around {@link PartRunner#run}; returns the exit code. */
  static int run(String[] args) throws Exception {
    List<String> a = new ArrayList<>(Arrays.asList(args));
    boolean fresh = a.remove(FRESH);
    String home = value(a, "--home");
    if (home == null || a.contains("--help") || a.contains("-h")) {
      return PartRunner.run(PROGRAM, a.toArray(new String[0]));
    }
    List<String> parts;
    try {
      parts = PartRunner.select(PROGRAM, value(a, "--only")).stream().map(p -> p.name).collect(Collectors.toList());
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      return 1;
    }
    String outArg = value(a, "--out");
    File out = (outArg != null ? new File(outArg) : new File(home, PROGRAM.defaultOut)).getAbsoluteFile();
    ReproduceRun run = ReproduceRun.current(new File(home), a.contains("--quick"));
    if (fresh) {
      ReproduceRun.clear(out);
    }
    String conflict = run.conflict(out);
    if (conflict != null) {
      System.err.println("reproduce: " + conflict + ". A run made in parts must use one code and one scale:"
          + " give another --out, or " + FRESH + " to clear this folder's results first.");
      return 1;
    }
    String loadBefore = ReproduceRun.loadAverage();
    long start = System.currentTimeMillis();
    int rc = PartRunner.run(PROGRAM, a.toArray(new String[0]));
    if (new File(out, ReproduceReport.STATUS).isFile()) {
      run.record(out, parts, start, System.currentTimeMillis(), loadBefore, ReproduceRun.loadAverage());
      ReproduceReport.write(out); // again, now with this call in the run's lines
    }
    return rc;
  }

  private static String value(List<String> args, String option) {
    int i = args.indexOf(option);
    return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : null;
  }
}
