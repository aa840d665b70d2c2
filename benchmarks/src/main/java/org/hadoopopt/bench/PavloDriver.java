package org.hadoopopt.bench;

import org.apache.hadoop.util.ProgramDriver;
import org.hadoopopt.bench.suite.Programs;

/**
 * The benchmark jar's Main-Class: {@code hadoop jar hadoopopt-benchmarks-*.jar PROGRAM [-D...] ARGS}.
 * The list of programs is {@link Programs#driver()}, the one the suite runs its tasks from, so
 * the suite and the command line offer the same programs; this class only launches it.
 */
public final class PavloDriver {
  private PavloDriver() {}

  public static ProgramDriver programs() throws Throwable {
    return Programs.driver();
  }

  public static void main(String[] args) throws Throwable {
    System.exit(programs().run(args));
  }
}
