package org.hadoopopt.bench.reproduce;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hadoopopt.bench.ideal.KrevatModel;
import org.hadoopopt.bench.ideal.KrevatWorkedFigures;
import org.hadoopopt.bench.results.ExperimentArgs;
import org.hadoopopt.bench.results.Finding;
import org.hadoopopt.bench.results.Findings;

/**
 * Krevat et al.'s section 4 (and section 6's backup-write figure) recomputed with {@link KrevatModel}
 * from the parameters the paper gives ({@link KrevatWorkedFigures}): per published run the model's
 * best-case time and the nodes an optimal system of the same hardware would need, each beside the
 * paper's; Google PetaSort's disks to spare. Nothing is measured: these rows check the model this
 * project's Krevat column and {@code krevat-terasort} use against the paper's own numbers.
 *
 * <p>Usage: {@code KrevatModelFigures --findings FILE [--quick]}
 */
public final class KrevatModelFigures {
  static final String PART = "krevat-model";
  static final String PAPER = "Krevat et al., CMU-PDL-10-108 (2010)";
  private static final String OURS = "KrevatModel (Table 3) with the paper's parameters";

  private KrevatModelFigures() {}

  public static void main(String[] args) throws Exception {
    ExperimentArgs a = ExperimentArgs.parse("KrevatModelFigures", args);
    Findings.write(a.findings, PART, findings());
  }

  static List<Finding> findings() {
    List<Finding> out = new ArrayList<>();
    for (KrevatWorkedFigures.Run run : KrevatWorkedFigures.all()) {
      double t = run.modelSeconds();
      out.add(Finding.of(PART, PAPER, "model's best case: " + run.name)
          .paper(run.setting, run.paperSeconds)
          .ours(OURS, t).unit("s")
          .measured(String.format(Locale.ROOT, "measured %.0f s over the model: %.2fx (the paper: %s%.1fx)",
              run.measuredSeconds, run.measuredSeconds / t, run == KrevatWorkedFigures.GOOGLE_TERASORT ? "over "
                  : "about ", run.paperSlowdown)));
      long nodes = run.nodesToMatch();
      out.add(Finding.of(PART, PAPER, "nodes an optimal system needs to match " + run.name)
          .paper(String.format(Locale.ROOT, "instead of %,d; measured %,.0f s", run.nodes, run.measuredSeconds),
              run.paperNodes)
          .ours(OURS + ": the fewest nodes whose model time is at most the measured time, (n-1)/n taken as 1",
              nodes).unit("nodes")
          .measured(nodes == run.paperNodes ? "" : String.format(Locale.ROOT, "the paper's own equation gives %.1f"
              + " nodes, so %d; the paper prints the round %d", run.model().nodesForSeconds(run.inputBytes, run.eM,
                  run.eR, run.replication, run.backup, run.sort, run.measuredSeconds), nodes, run.paperNodes)));
    }
    KrevatWorkedFigures.Run peta = KrevatWorkedFigures.GOOGLE_PETASORT;
    out.add(Finding.of(PART, PAPER, "Google PetaSort: fewest disks per node that keep the network the bottleneck")
        .paper("12 disks per node are more than sort needs: the network would be the bottleneck \"even if each node"
            + " had only 6 disks\"", KrevatWorkedFigures.PETASORT_PAPER_DISKS)
        .ours(OURS + ": both phases' network term at least their disk term", KrevatWorkedFigures.fewestDisksNetworkBound(
            peta)).unit("disks").measured(""));
    double decimal = KrevatWorkedFigures.clusterBackupSeconds(1, 1e6);
    out.add(Finding.of(PART, PAPER, "the backup write adds to the optimum of the paper's own Hadoop sort")
        .paper("section 6 / Figure 3: 4 GB per node, D_r = 108 MB/s, D_w = 97 MB/s, N = 110 MB/s, r = 1, 1-25 nodes:"
            + " \"39 seconds longer\"", KrevatWorkedFigures.CLUSTER_BACKUP_PAPER_SECONDS)
        .ours(OURS + ", MB = 10^6 bytes: d_m / D_w", decimal).unit("s")
        .measured(String.format(Locale.ROOT, "with MB read as 2^20 bytes (as dd and iperf count) %.1f s, the paper's"
            + " figure; the paper does not say which", KrevatWorkedFigures.clusterBackupSeconds(1, 1 << 20))));
    return out;
  }
}
