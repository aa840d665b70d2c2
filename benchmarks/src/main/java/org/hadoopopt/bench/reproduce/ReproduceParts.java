package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.Findings;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.hadoopopt.bench.micro.KrevatTeraSort;
import org.hadoopopt.bench.micro.MicroPart;
import org.hadoopopt.bench.micro.PageRankBench;

/**
 * The experiments of {@code bin/hadoopopt reproduce}, in run order. Each is a program of its own
 * (run in its own JVM, or with {@code cluster} through {@code bin/hadoop} on the shared HDFS+YARN)
 * that takes {@code --findings FILE} (where it writes its {@link Findings}), {@code --quick} when
 * the run is quick, and its own arguments.
 */
public final class ReproduceParts {
  private ReproduceParts() {}

  /** Every experiment, in the order a run takes them. */
  public static List<MicroPart> all() {
    return Collections.unmodifiableList(Arrays.asList(
        part("energy", "Veiga et al.: energy per job (needs a power meter)", false, EnergyCheck.class, null, null),
        part("jiang-sched", "Jiang et al.: scan and Grep by block size (128 KB-chunk reader, direct I/O)", true, JiangScheduling.class, null, JiangParts::sched),
        part(JiangSpeculation.PART, "Jiang et al.: speculation on and off, a second NodeManager made slow by a CPU quota (cgroups), and even (Krevat et al.)", true, JiangSpeculation.class, null, JiangParts::sched),
        part("jiang-locality", "Jiang et al.: non-local map cost (two DataNodes, remote vs direct local reads); contention", false, JiangLocality.class, null, null),
        part("jiang-config", "Jiang et al.: the tuned settings (+jiang) vs Hadoop's defaults, large aggregation", false, JiangConfig.class, null, JiangParts::suite),
        part("jiang-table1", "Jiang et al.: the tasks' factors, Table 1 (tuned Hadoop, DBMS-X, Vertica) vs DuckDB", false, JiangTable1.class, null, JiangParts::suite),
        part("index-sweep", "Jiang et al.: selection through a range index vs a scan, selectivity 0.2%..100%, 128 MB pages", false, IndexSweep.class, null, (c, jvm, args) -> jvm.add("-Xmx2g")),
        part("decode-512m", "Jiang et al.: immutable vs mutable decoding of 512 MB of records in memory", false, DecodeInMemory.class, null, (c, jvm, args) -> jvm.add("-Xmx4g")),
        part("io-cold", "Jiang et al.: direct vs streaming HDFS reads, page cache evicted (cold) and warm", false, IoModesCold.class, null, IoModesCold::jvm),
        part(KrevatModelFigures.PART, "Krevat et al.: the model's section 4 figures from the paper's parameters (Table 3)", false, KrevatModelFigures.class, null, null),
        part("krevat-terasort", "Krevat et al.: TeraSort (4 GB, Table 4 settings) against the model's optimum, and Table 4's gain", false, KrevatTeraSort.class, null, KrevatTeraSort::command),
        part("veiga-pagerank", "Veiga et al.: PageRank micro-benchmark, stock vs the fingerprint collector", false, PageRankBench.class, null, PageRankBench::command),
        part(LaiShmJobs.PART, "Lai et al.: word count, grep, inverted index over many files, pipes vs shm", false, LaiShmJobs.class, MicroPart::shmSkipReason, LaiShm::shmArgs),
        part(LaiShmTables.PART, "Lai et al.: Tables II-IV (batch and word size, ring size, batch 1 and busy-waiting)", false, LaiShmTables.class, MicroPart::shmSkipReason, LaiShm::shmArgs)));
  }

  /**
   * An experiment part: {@code extra} adds its own JVM options and arguments (may be null); the
   * {@code --findings} path and {@code --quick} are added here.
   */
  static MicroPart part(String name, String description, boolean cluster, Class<?> main, MicroPart.Check check,
      MicroPart.Command extra) {
    return new MicroPart(name, description, cluster, main, check, (c, jvm, args) -> {
      if (extra != null) {
        extra.fill(c, jvm, args);
      }
      args.add("--findings");
      args.add(c.out("findings/" + name + ".json"));
      if (c.quick) {
        args.add("--quick");
      }
    });
  }
}
