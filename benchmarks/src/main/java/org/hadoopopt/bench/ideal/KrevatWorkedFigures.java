package org.hadoopopt.bench.ideal;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The figures Krevat et al. (CMU-PDL-10-108, section 4) work out with their model for five
 * published benchmark runs, with the parameters the paper gives for each: the model's best-case
 * time, the measured time the paper sets against it, and the nodes an optimal system of the same
 * hardware would need to do as well. Decimal units as the paper's ("i/n = 685 MB" for 1 TB on
 * 1460 nodes): 1 MB = 10^6 bytes. {@code KrevatModelTest} checks each against {@link KrevatModel}.
 */
public final class KrevatWorkedFigures {
  static final double MB = 1e6;
  static final double TB = 1e12;
  static final double PB = 1e15;
  /** The network throughput the paper uses for every system: 110 MB/s. */
  static final double NETWORK = 110 * MB;
  /** The disk throughput per disk the paper assumes for the sort systems: 65 MB/s. */
  static final double DISK_2009 = 65 * MB;

  /** One of section 4's systems: its parameters, the case of Table 3 used, and the paper's figures. */
  public static final class Run {
    public final String name;
    /** The paper's parameters, as a line for the report. */
    public final String setting;
    public final double inputBytes;
    public final int replication;
    public final int nodes;
    public final int disks;
    public final double diskEach;
    public final double eM;
    public final double eR;
    public final KrevatModel.Backup backup;
    public final KrevatModel.Sort sort;
    /** The model's time the paper prints, seconds. */
    public final double paperSeconds;
    /** The run's measured time the paper compares with, seconds. */
    public final double measuredSeconds;
    /** The slowdown the paper states (measured over model). */
    public final double paperSlowdown;
    /** The nodes the paper says an optimal system of the same hardware would need. */
    public final long paperNodes;

    Run(String name, String setting, double inputBytes, int replication, int nodes, int disks, double diskEach,
        double eM, double eR, KrevatModel.Backup backup, KrevatModel.Sort sort, double paperSeconds,
        double measuredSeconds, double paperSlowdown, long paperNodes) {
      this.name = name;
      this.setting = setting;
      this.inputBytes = inputBytes;
      this.replication = replication;
      this.nodes = nodes;
      this.disks = disks;
      this.diskEach = diskEach;
      this.eM = eM;
      this.eR = eR;
      this.backup = backup;
      this.sort = sort;
      this.paperSeconds = paperSeconds;
      this.measuredSeconds = measuredSeconds;
      this.paperSlowdown = paperSlowdown;
      this.paperNodes = paperNodes;
    }

    /** The model of this run's cluster: D_r = D_w = disks x per-disk throughput, N = 110 MB/s. */
    public KrevatModel model() {
      return modelWithDisks(disks);
    }

    /** The same cluster with another number of disks per node. */
    public KrevatModel modelWithDisks(int d) {
      double disk = d * diskEach;
      // memory does not decide the case here: the paper names it (Table 3's column) for each run
      return new KrevatModel(nodes, disk, disk, NETWORK, Double.MAX_VALUE);
    }

    /** The model's time for this run, in the paper's case. */
    public double modelSeconds() {
      return model().seconds(inputBytes, eM, eR, replication, backup, sort);
    }

    /** The nodes an optimal system of this hardware needs to match the measured time. */
    public long nodesToMatch() {
      return model().nodesToMatch(inputBytes, eM, eR, replication, backup, sort, measuredSeconds);
    }
  }

  /** Hadoop TeraSort, April 2009 (Yahoo!): 62 s, 7x the model's 8.86 s; 209 nodes would do. */
  public static final Run HADOOP_TERASORT = new Run("Hadoop TeraSort (Yahoo!, April 2009)",
      "i = 1 TB, r = 1, n = 1460, D = 4 disks x 65 MB/s = 260 MB/s, N = 110 MB/s, d_m = 685 MB: in-memory sort,"
          + " no backup write (equation 2); measured 62 s",
      TB, 1, 1460, 4, DISK_2009, 1, 1, KrevatModel.Backup.NO, KrevatModel.Sort.IN_MEMORY, 8.86, 62, 7, 209);

  /** MapReduce TeraSort, November 2008 (Google): 68 s, over 6x the model's 10.4 s; 153 nodes would do. */
  public static final Run GOOGLE_TERASORT = new Run("MapReduce TeraSort (Google, November 2008)",
      "i = 1 TB, r = 1, n = 1000, D = 12 disks x 65 MB/s = 780 MB/s, N = 110 MB/s, d_m = 1000 MB: in-memory sort,"
          + " no backup write (equation 2); measured 68 s",
      TB, 1, 1000, 12, DISK_2009, 1, 1, KrevatModel.Backup.NO, KrevatModel.Sort.IN_MEMORY, 10.4, 68, 6, 153);

  /** MapReduce PetaSort (Google): 21,720 s, about 3.2x the model's 6818 s; 1256 nodes would do. */
  public static final Run GOOGLE_PETASORT = new Run("MapReduce PetaSort (Google, 2008)",
      "i = 1 PB, r = 3, n = 4000, D = 12 disks x 65 MB/s = 780 MB/s, N = 110 MB/s, d_m = 250 GB: external sort,"
          + " backup write (Table 3's bottom cell); measured 21,720 s",
      PB, 3, 4000, 12, DISK_2009, 1, 1, KrevatModel.Backup.YES, KrevatModel.Sort.EXTERNAL, 6818, 21720, 3.2, 1256);

  /** Hadoop PetaSort (Yahoo!): 58,500 s, about 9.3x the model's 6308 s; the paper says 400 nodes would do. */
  public static final Run YAHOO_PETASORT = new Run("Hadoop PetaSort (Yahoo!, 2009)",
      "i = 1 PB, r = 2, n = 3658, D = 4 disks x 65 MB/s = 260 MB/s, N = 110 MB/s, d_m = 273 GB: external sort,"
          + " backup write (Table 3's bottom cell); measured 58,500 s",
      PB, 2, 3658, 4, DISK_2009, 1, 1, KrevatModel.Backup.YES, KrevatModel.Sort.EXTERNAL, 6308, 58500, 9.3, 400);

  /**
   * MapReduce Grep (Dean and Ghemawat): 90 s without start-up (150 s with), about 13x the model's
   * 6.94 s; 139 nodes would do. Disks of 2004 taken at 40 MB/s by the paper.
   */
  public static final Run GOOGLE_GREP = new Run("MapReduce Grep (Google, 2004)",
      "i = 1 TB, n = 1800, D = 2 disks x 40 MB/s = 80 MB/s, N = 110 MB/s, d_m = 9.2 MB, e_M = 9.2e-6 ~ 0, e_R = 1"
          + " (equation 1); measured 90 s without the 60 s start-up",
      TB, 1, 1800, 2, 40 * MB, 9.2e-6, 1, KrevatModel.Backup.NO, KrevatModel.Sort.IN_MEMORY, 6.94, 90, 13, 139);

  /** Section 4's five runs, in the paper's order. */
  public static List<Run> all() {
    return Collections.unmodifiableList(Arrays.asList(HADOOP_TERASORT, GOOGLE_TERASORT, GOOGLE_PETASORT,
        YAHOO_PETASORT, GOOGLE_GREP));
  }

  /** The paper: for Google's PetaSort the network would stay the bottleneck "even if each node had only 6 disks". */
  public static final int PETASORT_PAPER_DISKS = 6;

  /**
   * The fewest disks per node (of the run's disk type) with which the network still bounds both
   * phases of the run, as the paper reasons about Google's PetaSort.
   */
  public static int fewestDisksNetworkBound(Run run) {
    for (int d = 1; d <= run.disks; d++) {
      KrevatModel m = run.modelWithDisks(d);
      if (m.phase1PerByte(run.eM, run.backup, run.sort) == m.phase1NetworkPerByte(run.eM)
          && m.phase2PerByte(run.eM, run.eR, run.replication, run.sort)
              == m.phase2NetworkPerByte(run.eM, run.eR, run.replication)) {
        return d;
      }
    }
    return -1;
  }

  /**
   * Section 6, the paper's own cluster: 4 GB of TeraSort input per node (40 million 100-byte
   * rows), D_r = 108 MB/s, D_w = 97 MB/s, N = 110 MB/s, r = 1, in-memory sort; Figure 3's optimum
   * with a backup write "would yield an optimal runtime that is 39 seconds longer".
   */
  public static final double CLUSTER_BYTES_PER_NODE = 40_000_000 * 100.0;
  public static final double CLUSTER_BACKUP_PAPER_SECONDS = 39;

  /**
   * What a backup write adds on the paper's cluster of {@code nodes} nodes, with its MB/s read as
   * {@code mb} bytes: the difference of Table 3's two in-memory rows.
   */
  public static double clusterBackupSeconds(int nodes, double mb) {
    KrevatModel m = new KrevatModel(nodes, 108 * mb, 97 * mb, 110 * mb, Double.MAX_VALUE);
    double i = CLUSTER_BYTES_PER_NODE * nodes;
    return m.seconds(i, 1, 1, 1, KrevatModel.Backup.YES, KrevatModel.Sort.IN_MEMORY)
        - m.seconds(i, 1, 1, 1, KrevatModel.Backup.NO, KrevatModel.Sort.IN_MEMORY);
  }

  private KrevatWorkedFigures() {}
}
