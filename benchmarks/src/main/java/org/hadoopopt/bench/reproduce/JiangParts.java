package org.hadoopopt.bench.reproduce;

import java.io.File;
import java.util.List;
import org.hadoopopt.bench.micro.MicroPart;

/** The arguments of the Jiang et al. parts of {@link ReproduceParts}. */
final class JiangParts {
  /**
   * Where in the checkout a scale-0.1 Pavlo set (seed 42) is read from when present (the
   * generator's output folder, copied or linked there); otherwise the suite generates one in its
   * work folder.
   */
  static final String SET_S01 = "build/pavlo-s01";

  private JiangParts() {}

  /** The scheduling part: Grep rows copied from the set when it is there. */
  static void sched(MicroPart.Context c, List<String> jvm, List<String> args) {
    File grep = new File(c.home(SET_S01), "grep");
    if (!c.quick && grep.isDirectory()) {
      args.add("--grep-source");
      args.add(grep.toURI().toString());
    }
  }

  /** The suite parts: one shared work folder (data and loaded copies reused), heap for io.sort.mb 512. */
  static void suite(MicroPart.Context c, List<String> jvm, List<String> args) {
    jvm.add("-Xmx3g");
    args.add("--work");
    args.add(c.out("jiang-suite-work"));
    File set = c.home(SET_S01);
    if (new File(set, "_pavlo-set.properties").isFile()) {
      args.add("--set");
      args.add(set.getPath());
    }
  }
}
