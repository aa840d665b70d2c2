package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.ExperimentArgs;
import org.hadoopopt.bench.results.Findings;
import org.hadoopopt.bench.results.Finding;

import java.io.File;
import java.util.Collections;

/**
 * Veiga et al., "BDEv 3.0: energy efficiency and microarchitectural characterization of Big Data
 * processing frameworks" (Future Generation Computer Systems 86, 2018), report energy and power per
 * workload and node. This machine has no power meter: the finding is reported as not
 * reproducible, with what the machine offers instead (CPU-package energy counters, when present,
 * cover a part of the machine only, so they are not used as a stand-in for a node's energy).
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
            + " and the power supply of a whole node";
    return Finding.of(PART, "Veiga et al., FGCS 2018 (BDEv 3.0)", "energy consumed per job, Hadoop vs Spark vs Flink")
        .paper("energy and power per workload and node (BDEv 3.0: energy efficiency and microarchitectural"
            + " characterization of Big Data processing frameworks)", Double.NaN).unit("J")
        .notReproducible(why);
  }
}
