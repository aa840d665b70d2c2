package org.hadoopopt.bench.micro;

import java.util.List;

/**
 * {@code bin/hadoopopt micro}: runs the selected micro-benchmark parts one after another, each in
 * its own JVM from the built jars ({@link PartRunner}: log in OUT/logs/PART.log, statuses in
 * OUT/micro-status.tsv), and writes the summary ({@link MicroSummary}). A failed part does not stop
 * the others; the exit code is then 1.
 *
 * <p>Its class path is the benchmarks jar, its dependencies and stock Hadoop's (as the script
 * gives it); the local parts' JVMs get the same, the cluster parts run through {@code bin/hadoop}.
 */
public final class Micro {
  static final PartRunner.Program PROGRAM = new PartRunner.Program("micro", "Micro-benchmarks", MicroPart.all(),
      "build/micro-results", "build/micro-embedded", "micro-status.tsv", MicroSummary::write);

  private Micro() {}

  public static void main(String[] args) throws Exception {
    System.exit(PartRunner.run(PROGRAM, args));
  }

  /** The parts {@code --only} names, in the run order whatever order it lists them in; all without it. */
  static List<MicroPart> select(String only) {
    return PartRunner.select(PROGRAM, only);
  }

  static String partsText() {
    return PartRunner.partsText(PROGRAM);
  }
}
