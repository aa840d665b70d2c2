package org.hadoopopt.bench.ideal;

/**
 * The ideal (lower-bound) run time of a parallel dataflow after Krevat et al., "Applying
 * Performance Models to Understand Data-Intensive Computing Efficiency" (CMU-PDL-10-108, 2010):
 * only I/O is modelled, every node does an equal share, and within a phase reading, sending and
 * writing overlap (pipelining), so a phase takes as long as its busiest resource; the phases run
 * one after the other (the reduce side cannot start before every map output is in).
 *
 * <p>Terms, per the model's description (the symbol in the paper's notation table where known):
 * <ul>
 *   <li>{@code n} nodes; {@code i} input bytes (each node reads {@code i/n} from its own disks);
 *   <li>{@code D_r}, {@code D_w}: one node's sequential disk read and write bandwidth; {@code N}:
 *       one node's network bandwidth (full duplex);
 *   <li>{@code e_M}: map output over map input; {@code e_R}: reduce output over reduce input;
 *   <li>{@code r}: replication of the job's output: one copy on the local disk, {@code r-1} sent
 *       to other nodes, so each node writes {@code r} times its share of the output and sends and
 *       receives {@code r-1} times it (the output/backup write);
 *   <li>the external-sort term: when a node's share of the intermediate data does not fit in its
 *       memory {@code M}, phase 1 writes it to disk as sorted runs and phase 2 reads it back;
 *       otherwise neither happens.
 * </ul>
 * Phase 1: {@code i/n * max(1/D_r, e_M (n-1)/(n N), [external] e_M/D_w)}. Phase 2:
 * {@code e_M i/n * max([external] 1/D_r, e_R (r-1)/N, e_R r/D_w)}. A job without a reduce
 * (map-only) is its phase 1 with the output written instead of shuffled:
 * {@code i/n * max(1/D_r, e_M (r-1)/N, e_M r/D_w)}.
 *
 * <p>What could not be checked: the paper's own text (its notation table, Table 3's parameters and
 * the section 4 predictions) could not be retrieved where this was written. Searched: the
 * Parallel Data Lab's abstract pages of CMU-PDL-10-108 (2010, also DTIC ADA532848), of the
 * revised CMU-PDL-11-103 ("Applying Simple Performance Models to Understand Inefficiencies in
 * Data-Intensive Computing", 2011) and of the SIGMETRICS 2011 extended abstract ("Applying
 * Idealized Lower-Bound Runtime Models ..."), and the 2012 version's DTIC record (ADA628031);
 * none carries the model's equations or a worked prediction. The figures they give are all
 * measured systems over the model: well-tuned, record-setting systems take 3-13x the model's
 * time; Parallel DataSeries comes within 10-14% of it (2011), within up to 20% on up to 45 nodes
 * (2012). So the equations above are this project's reading of the model as those abstracts
 * describe it (two pipelined phases, per-node disk and network bandwidths, output replication,
 * data larger than memory written and read back), checked against figures worked by hand from
 * these terms ({@code KrevatModelTest}), not against the paper's. The map-only form is this
 * project's application of the same rule to a job without a shuffle. No CPU term: that is the
 * project's own extension, {@link IdealModel}.
 */
public final class KrevatModel {
  private final int nodes;
  private final double diskRead;
  private final double diskWrite;
  private final double network;
  private final double memory;

  /**
   * @param nodes n
   * @param diskRead D_r, bytes per second per node (from a cold read)
   * @param diskWrite D_w, bytes per second per node
   * @param network N, bytes per second per node
   * @param memory M, bytes per node the intermediate data may occupy before an external sort is needed
   */
  public KrevatModel(int nodes, double diskRead, double diskWrite, double network, double memory) {
    if (nodes < 1) {
      throw new IllegalArgumentException("Krevat model: nodes (n) must be at least 1, not " + nodes);
    }
    positive("disk read (D_r)", diskRead);
    positive("disk write (D_w)", diskWrite);
    positive("network (N)", network);
    positive("memory (M)", memory);
    this.nodes = nodes;
    this.diskRead = diskRead;
    this.diskWrite = diskWrite;
    this.network = network;
    this.memory = memory;
  }

  /** The model for one node of this machine, from its measured profile (cold disk read, loopback network). */
  public static KrevatModel of(HardwareProfile hw, int nodes) {
    return new KrevatModel(nodes, hw.coldDiskRead(), hw.diskWrite(), hw.network(), hw.memoryBytes());
  }

  private static void positive(String name, double v) {
    if (!(v > 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException("Krevat model: " + name + " must be a positive number, not " + v);
    }
  }

  /** Whether a node's share of {@code e_M * i} exceeds its memory (the external-sort term applies). */
  public boolean externalSort(double inputBytes, double eM) {
    return eM * inputBytes / nodes > memory;
  }

  /** Phase 1: read the input, send the map output to its reducers, write it as sorted runs when external. */
  public double phase1Seconds(double inputBytes, double eM) {
    check(inputBytes, eM, 0, 1);
    double perNode = inputBytes / nodes;
    double read = perNode / diskRead;
    double send = eM * perNode * (nodes - 1) / nodes / network;
    double runs = externalSort(inputBytes, eM) ? eM * perNode / diskWrite : 0;
    return Math.max(read, Math.max(send, runs));
  }

  /** Phase 2: read the runs back when external, write the output r times (r-1 copies over the network). */
  public double phase2Seconds(double inputBytes, double eM, double eR, int replication) {
    check(inputBytes, eM, eR, replication);
    double intermediate = eM * inputBytes / nodes;
    double read = externalSort(inputBytes, eM) ? intermediate / diskRead : 0;
    double send = eR * intermediate * (replication - 1) / network;
    double write = eR * intermediate * replication / diskWrite;
    return Math.max(read, Math.max(send, write));
  }

  /** A job with a shuffle and a reduce: phase 1 then phase 2. */
  public double seconds(double inputBytes, double eM, double eR, int replication) {
    return phase1Seconds(inputBytes, eM) + phase2Seconds(inputBytes, eM, eR, replication);
  }

  /** A map-only job: one phase, its map output written r times as the job's output. */
  public double mapOnlySeconds(double inputBytes, double eM, int replication) {
    check(inputBytes, eM, 0, replication);
    double perNode = inputBytes / nodes;
    double read = perNode / diskRead;
    double send = eM * perNode * (replication - 1) / network;
    double write = eM * perNode * replication / diskWrite;
    return Math.max(read, Math.max(send, write));
  }

  /**
   * The model for a job (or a chain of jobs, given their sums) from its byte counters: the
   * input read, the bytes shuffled (0: map-only, then {@code outputBytes} is the map output) and
   * the output written.
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
    return seconds(inputBytes, eM, outputBytes / (double) shuffleBytes, replication);
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
