package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.ExperimentArgs;
import org.hadoopopt.bench.results.Findings;
import org.hadoopopt.bench.results.Finding;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.hadoopopt.bench.micro.WordCorpus;
import org.hadoopopt.shmstreaming.io.ShmChannel;

/**
 * Lai et al.'s tables: the ring size and the record size swept, each point shm against pipes in
 * the same alternated rounds, on identity (map-only, every record through both directions: the
 * transport's share is largest there); busy-waiting, which our ring does not offer, reported as
 * not reproducible with the reason.
 *
 * <p>Usage: {@code LaiShmTables --findings FILE [--quick] [--native DIR] [--mb MB] [--rings B,..] [--records B,..]
 * [--rounds N] [--work DIR]}
 */
public final class LaiShmTables {
  static final String PART = "lai-shm-tables";

  private LaiShmTables() {}

  public static void main(String[] args) throws Exception {
    Options own = LaiShm.options();
    own.addOption(Option.builder().longOpt("rings").hasArg().argName("BYTES,..").desc("ring sizes").build());
    own.addOption(Option.builder().longOpt("records").hasArg().argName("BYTES,..").desc("record sizes").build());
    ExperimentArgs a = ExperimentArgs.parse("LaiShmTables", args, own);
    List<Finding> findings;
    try (LaiShm x = new LaiShm(a)) {
      findings = run(x, LaiShm.mb(a, 4, 128),
          a.line.getOptionValue("rings", a.quick ? "4096,1048576" : "4096,65536,1048576,16777216"),
          a.line.getOptionValue("records", a.quick ? "16,1024" : "16,128,1024,8192"));
    }
    Findings.write(a.findings, PART, findings);
  }

  static List<Finding> run(LaiShm x, long bytes, String rings, String records) throws Exception {
    List<Finding> out = new ArrayList<>();
    String identity = x.program("identity");
    x.warmUp(bytes);

    Path words = x.work.resolve("short");
    shortLines(words, bytes);
    List<LaiShm.Variant> ringVariants = new ArrayList<>();
    ringVariants.add(LaiShm.Variant.pipes());
    for (String r : rings.split(",")) {
      ringVariants.add(LaiShm.Variant.shm("ring=" + r.trim(), ShmChannel.BUFFER_SIZE, r.trim()));
    }
    LaiShm.Medians ring = x.alternate("ring size (identity)", ringVariants, words, identity, null, 0);
    for (LaiShm.Variant v : ringVariants.subList(1, ringVariants.size())) {
      out.add(row(ring, v.name, String.format(Locale.ROOT,
          "identity, %.1f MB of one word a line (10,000-word vocabulary), ring %s bytes", bytes / 1048576.0,
          v.props.get(ShmChannel.BUFFER_SIZE)), "ring size"));
    }

    for (String r : records.split(",")) {
      int size = Integer.parseInt(r.trim());
      Path in = x.work.resolve("records-" + size);
      LaiShm.fixedRecords(in, bytes, size, size);
      List<LaiShm.Variant> v = new ArrayList<>();
      v.add(LaiShm.Variant.pipes());
      v.add(LaiShm.Variant.shm("shm", null, null));
      LaiShm.Medians m = x.alternate("record size " + size, v, in, identity, null, 0);
      out.add(row(m, "shm", String.format(Locale.ROOT, "identity, %.1f MB of %d-byte records, ring 1 MB (default)",
          bytes / 1048576.0, size), "record size"));
    }

    out.add(Finding.of(PART, LaiShm.PAPER, "busy-waiting vs blocking on the ring")
        .paper("their table varies busy-waiting; " + LaiShm.TABLE_NOT_FOUND, Double.NaN).unit("x")
        .notReproducible("our ring has no busy-waiting mode, by design: each side sleeps in a futex wait and is woken"
            + " per batch; on this 2-core machine the task's reader and writer threads and the program already take"
            + " both cores, and a spinning side would take a core from the peer it waits for"));
    return out;
  }

  private static Finding row(LaiShm.Medians m, String variant, String setting, String what) {
    double ratio = m.ratio(variant);
    String ours = String.format(Locale.ROOT, "%s; pipes %.2f s, shm %.2f s (medians)", setting, m.wall.get("pipes"),
        m.wall.get(variant));
    String remark = String.format(Locale.ROOT, "%s; %s; CPU pipes/shm %.2f", LaiShm.TABLE_NOT_FOUND,
        LaiShm.verdictOnPipes(ratio), m.cpuRatio(variant));
    System.out.printf(Locale.ROOT, "FINDING %-28s pipes/shm %.3f  (%s)%n", what + " " + variant, ratio, remark);
    return Finding.of(PART, LaiShm.PAPER, what + ": pipes/shm as the " + what + " varies")
        .paper("their " + what + " table", Double.NaN).ours(ours, ratio).unit("x").measured(remark);
  }

  /** One word a line from the 10,000-word vocabulary: the most records per byte. */
  private static void shortLines(Path dir, long bytes) throws IOException {
    Files.createDirectories(dir);
    String[] dict = WordCorpus.dictionary(LaiShm.VOCABULARY);
    SplittableRandom rnd = new SplittableRandom(2);
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(dir.resolve("part-0")), 1 << 16)) {
      for (long w = 0; w < bytes;) {
        byte[] b = (dict[rnd.nextInt(dict.length)] + "\n").getBytes(StandardCharsets.US_ASCII);
        out.write(b);
        w += b.length;
      }
    }
  }
}
