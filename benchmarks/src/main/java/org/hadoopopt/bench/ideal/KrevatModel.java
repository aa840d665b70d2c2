package org.hadoopopt.bench.ideal;

/**
 * The ideal (lower-bound) run time of a map-reduce job after Krevat, Shiran, Anderson, Tucek,
 * Wylie, Ganger, "Applying performance models to understand data-intensive computing efficiency"
 * (CMU-PDL-10-108, 2010), section 3, as published: its Table 2 parameters and its Table 3
 * equations, the four cases of backup write (yes or no) by sort (in memory or external).
 *
 * <p>Parameters (Table 2): {@code n} nodes; {@code D_r}, {@code D_w} one node's aggregate disk read
 * and write throughput; {@code N} one node's network throughput; {@code r} the replication of the
 * job's output (first copy on the local disks, {@code r-1} sent to other nodes); {@code i} the
 * input bytes; {@code e_M} map output over map input; {@code e_R} reduce output over reduce input.
 * Per node {@code d_i = i/n}, {@code d_m = i e_M / n}, {@code d_o = i e_M e_R / n}.
 *
 * <p>Only I/O is modelled; within a phase the operators are pipelined, so a phase takes as long as
 * its busier resource: the node's disk, whose transfers in the phase add up, or its network. The
 * phases add (the sort is the barrier between them). Per input byte (Table 3):
 * <ul>
 *   <li>phase 1: {@code max(1/D_r + [backup] e_M/D_w + [external] e_M/D_w, ((n-1)/n) e_M / N)}
 *       (input read, the optional backup write of the map output, the external sort's runs;
 *       the shuffle sends (n-1)/n of the map output);
 *   <li>phase 2: {@code max([external] e_M/D_r + r e_M e_R / D_w, e_M e_R (r-1) / N)} (the runs read
 *       back, the output written r times, r-1 copies sent);
 * </ul>
 * and the job takes {@code i/n} times their sum. The sort is in memory when {@code d_m} is below the
 * memory the sort may use and external otherwise (the paper: {@code d_m < memory} against
 * {@code d_m >> memory}). Equation 1 (grep, {@code e_M ~ 0}) is {@code i / (n D_r)}; equation 2
 * (sort, {@code e_M = e_R = 1}, in memory, no backup) is the first case with those ratios.
 *
 * <p>Which case applies is the user's to say: Hadoop always writes the backup (the map output), but
 * the paper's optimum for short jobs has none (its TeraSort figures and its own Hadoop comparison,
 * Figure 3) and its PetaSort figures have one. {@link #secondsFromCounters} is the optimum without it.
 *
 * <p>{@link #mapOnlySeconds} is this project's application of Table 3's rule to a job without a
 * shuffle (the paper models every job as two phases): one phase in which the input is read and the
 * map output written {@code r} times as the job's output. No CPU term: that is the project's own
 * extension, {@link IdealModel}. {@link KrevatWorkedFigures} holds the paper's section 4 figures
 * this model reproduces.
 */
public final class KrevatModel {
  /** The sort of Table 3's two columns. */
  public enum Sort {
    /** {@code d_m} fits in the sort's memory: nothing written or read back. */
    IN_MEMORY,
    /** {@code d_m} does not fit: runs written in phase 1 ({@code e_M/D_w}) and read back in phase 2 ({@code e_M/D_r}). */
    EXTERNAL
  }

  /** Table 3's rows: whether phase 1 writes the map output to disk as a backup. */
  public enum Backup {
    NO, YES
  }

  private final int nodes;
  private final double diskRead;
  private final double diskWrite;
  private final double network;
  private final double memory;

  /**
   * @param nodes n
   * @param diskRead D_r, bytes per second per node
   * @param diskWrite D_w, bytes per second per node
   * @param network N, bytes per second per node
   * @param memory bytes per node the sort may hold: {@code d_m} below it sorts in memory
   */
  public KrevatModel(int nodes, double diskRead, double diskWrite, double network, double memory) {
    if (nodes < 1) {
      throw new IllegalArgumentException("Krevat model: nodes (n) must be at least 1, not " + nodes);
    }
    positive("disk read (D_r)", diskRead);
    positive("disk write (D_w)", diskWrite);
    positive("network (N)", network);
    positive("memory", memory);
    this.nodes = nodes;
    this.diskRead = diskRead;
    this.diskWrite = diskWrite;
    this.network = network;
    this.memory = memory;
  }

  /** The model for n nodes like this machine, from its measured profile (cold disk read, loopback network). */
  public static KrevatModel of(HardwareProfile hw, int nodes) {
    return new KrevatModel(nodes, hw.coldDiskRead(), hw.diskWrite(), hw.network(), hw.memoryBytes());
  }

  private static void positive(String name, double v) {
    if (!(v > 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException("Krevat model: " + name + " must be a positive number, not " + v);
    }
  }

  /** The same hardware on another number of nodes. */
  public KrevatModel withNodes(int n) {
    return new KrevatModel(n, diskRead, diskWrite, network, memory);
  }

  /** Table 3's column for a job: in memory when a node's map output {@code d_m = i e_M / n} is below its memory. */
  public Sort sortFor(double inputBytes, double eM) {
    return eM * inputBytes / nodes < memory ? Sort.IN_MEMORY : Sort.EXTERNAL;
  }

  /** Phase 1's time per input byte of a node (Table 3, first max). */
  public double phase1PerByte(double eM, Backup backup, Sort sort) {
    return phase1PerByte(eM, backup, sort, (nodes - 1) / (double) nodes);
  }

  /** Phase 1's network term per input byte: the shuffle sends {@code (n-1)/n} of the map output. */
  public double phase1NetworkPerByte(double eM) {
    check(1, eM, 0, 1);
    return (nodes - 1) / (double) nodes * eM / network;
  }

  private double phase1PerByte(double eM, Backup backup, Sort sort, double shuffled) {
    check(1, eM, 0, 1);
    double disk = 1 / diskRead + (backup == Backup.YES ? eM / diskWrite : 0) + (sort == Sort.EXTERNAL ? eM / diskWrite : 0);
    return Math.max(disk, shuffled * eM / network);
  }

  /** Phase 2's time per input byte of a node (Table 3, second max). */
  public double phase2PerByte(double eM, double eR, int replication, Sort sort) {
    check(1, eM, eR, replication);
    double disk = (sort == Sort.EXTERNAL ? eM / diskRead : 0) + replication * eM * eR / diskWrite;
    return Math.max(disk, phase2NetworkPerByte(eM, eR, replication));
  }

  /** Phase 2's network term per input byte: r-1 copies of the output sent. */
  public double phase2NetworkPerByte(double eM, double eR, int replication) {
    check(1, eM, eR, replication);
    return eM * eR * (replication - 1) / network;
  }

  /** Table 3: {@code i/n} times the two phases' per-byte times, for the given case. */
  public double seconds(double inputBytes, double eM, double eR, int replication, Backup backup, Sort sort) {
    check(inputBytes, eM, eR, replication);
    return inputBytes / nodes * (phase1PerByte(eM, backup, sort) + phase2PerByte(eM, eR, replication, sort));
  }

  /** Table 3 with the sort the job's map output needs on this model's memory ({@link #sortFor}). */
  public double seconds(double inputBytes, double eM, double eR, int replication, Backup backup) {
    return seconds(inputBytes, eM, eR, replication, backup, sortFor(inputBytes, eM));
  }

  /** Equation 1, a grep-like job ({@code e_M ~ 0}): the input read, {@code i / (n D_r)}. */
  public double grepSeconds(double inputBytes) {
    check(inputBytes, 0, 0, 1);
    return inputBytes / nodes / diskRead;
  }

  /**
   * A map-only job (the project's application of Table 3's rule, see the class comment): one
   * phase, input read and map output written r times on the node's disk, r-1 copies sent:
   * {@code i/n max(1/D_r + r e/D_w, (r-1) e/N)}.
   */
  public double mapOnlySeconds(double inputBytes, double e, int replication) {
    check(inputBytes, e, 0, replication);
    double disk = 1 / diskRead + replication * e / diskWrite;
    double net = (replication - 1) * e / network;
    return inputBytes / nodes * Math.max(disk, net);
  }

  /**
   * The model's optimum for a job (or a chain of jobs, given their sums) from its byte counters:
   * the input read, the bytes shuffled (0: map-only, then {@code outputBytes} is the map output)
   * and the output written; no backup write (the paper's optimum), the sort by memory.
   */
  public double secondsFromCounters(long inputBytes, long shuffleBytes, long outputBytes, int replication) {
    if (inputBytes < 0 || shuffleBytes < 0 || outputBytes < 0) {
      throw new IllegalArgumentException("byte counts must not be negative: " + inputBytes + ", " + shuffleBytes
          + ", " + outputBytes);
    }
    if (inputBytes == 0) {
      return outputBytes * (double) replication / nodes / diskWrite;
    }
    if (shuffleBytes == 0) {
      return mapOnlySeconds(inputBytes, outputBytes / (double) inputBytes, replication);
    }
    double eM = shuffleBytes / (double) inputBytes;
    return seconds(inputBytes, eM, outputBytes / (double) shuffleBytes, replication, Backup.NO);
  }

  /**
   * The fewest nodes of this hardware whose model time for the job is at most {@code seconds}, the
   * way the paper counts them ("an optimal system using the same hardware would achieve better
   * throughput with k nodes"): {@link #nodesForSeconds} rounded up.
   */
  public long nodesToMatch(double inputBytes, double eM, double eR, int replication, Backup backup, Sort sort,
      double seconds) {
    return (long) Math.ceil(nodesForSeconds(inputBytes, eM, eR, replication, backup, sort, seconds));
  }

  /**
   * The nodes, as a real number, at which the model's time for the job equals {@code seconds}: the
   * case held, the shuffle's {@code (n-1)/n} taken at its limit 1, {@code i * per-byte time / seconds}.
   */
  public double nodesForSeconds(double inputBytes, double eM, double eR, int replication, Backup backup, Sort sort,
      double seconds) {
    positive("measured time", seconds);
    double perByte = phase1PerByte(eM, backup, sort, 1) + phase2PerByte(eM, eR, replication, sort);
    return inputBytes * perByte / seconds;
  }

  private static void check(double inputBytes, double eM, double eR, int replication) {
    if (!(inputBytes >= 0) || !(eM >= 0) || !(eR >= 0)) {
      throw new IllegalArgumentException("Krevat model: input size and ratios must not be negative: i=" + inputBytes
          + ", e_M=" + eM + ", e_R=" + eR);
    }
    if (replication < 1) {
      throw new IllegalArgumentException("Krevat model: replication (r) must be at least 1, not " + replication);
    }
  }

  public int nodes() {
    return nodes;
  }
}
