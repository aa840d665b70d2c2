package org.hadoopopt.bench.reproduce;

import org.hadoopopt.bench.micro.PartRunner;

/**
 * {@code bin/hadoopopt reproduce}: runs the papers' experiments ({@link ReproduceParts}) one after
 * another, each in its own JVM from the built jars (the cluster ones on one shared HDFS+YARN), and
 * writes the reproduction report ({@link ReproduceReport}): per finding the paper's setting and
 * figure, ours, the ratio and a verdict. An experiment that cannot run here is reported as not
 * reproducible with the reason; a failed one does not stop the others (the exit code is then 1).
 */
public final class Reproduce {
  static final PartRunner.Program PROGRAM = new PartRunner.Program("reproduce", "Reproduction of the papers' experiments",
      ReproduceParts.all(), "build/reproduce-results", "build/reproduce-embedded", "reproduce-status.tsv",
      ReproduceReport::write);

  private Reproduce() {}

  public static void main(String[] args) throws Exception {
    System.exit(PartRunner.run(PROGRAM, args));
  }
}
