package org.hadoopopt.bench.reproduce;

import java.io.File;
import java.util.Collections;

/**
 * Veiga et al. report energy per job from a wall power meter. This machine has none: the finding
 * is reported as not reproducible, with what the machine offers instead (the CPU package's RAPL
 * counters, when present, measure a part of the machine only, so they are not used as a stand-in).
 *
 * <p>Usage: {@code EnergyCheck --findings FILE [--quick]}
 */
public final class EnergyCheck {
  static final String PART = "energy";
  static final String POWERCAP = "/sys/class/powercap";

  private EnergyCheck() {}

  public static void main(String[] args) throws Exception {
    File findings = ExperimentArgs.parse("EnergyCheck", args).findings;
    Findings.write(findings, PART, Collections.singletonList(finding(new File(POWERCAP))));
  }

  static Finding finding(File powercap) {
    String[] zones = powercap.list();
    String why = zones == null || zones.length == 0
        ? "no power meter here and no energy counters (" + powercap + " absent): energy per job cannot be measured"
        : "no wall power meter here; " + powercap + " has CPU-package RAPL counters only, which miss memory, disks"
            + " and the power supply the paper's meter includes";
    return Finding.of(PART, "Veiga et al., 2016 (BDEv)", "energy consumed per job, Hadoop vs Spark vs Flink")
        .paper("power meter on each node, energy and power per benchmark", Double.NaN).unit("J")
        .notReproducible(why);
  }
}
