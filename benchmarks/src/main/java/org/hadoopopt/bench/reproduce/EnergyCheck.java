package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.ExperimentArgs;
import org.hadoopopt.bench.results.Findings;
import org.hadoopopt.bench.results.Finding;

import java.io.File;
import java.util.Collections;

/**
 * Veiga et al. (HPC-oriented MapReduce frameworks) report power and energy per workload and node,
 * read from the cluster's HP iLO management boards: power over time (about 240 W at the map
 * phase's peak for standard Hadoop), ED2P. This machine has no power meter: the finding is
 * reported as not reproducible, with what the machine offers instead (CPU-package energy
 * counters, when present, cover a part of the machine only, so they are not used as a stand-in for
 * a node's energy).
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
    return Finding.of(PART, org.hadoopopt.bench.micro.PageRankBench.PAPER, "power per node at the map phase's peak,"
        + " standard Hadoop (WordCount, TeraSort)")
        .paper("section 3.4: power read from each node's HP iLO board, averaged over the slaves and the runs, 13 nodes"
            + " (magnetic disks) and 9 nodes (SSDs) of 2 x 8-core Xeon E5-2660, 64 GB, Hadoop 2.7.1: \"around 240"
            + " watts for standard Hadoop\"; energy as ED2P per workload", 240).unit("W")
        .notReproducible(why);
  }
}
