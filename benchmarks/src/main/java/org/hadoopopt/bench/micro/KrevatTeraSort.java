package org.hadoopopt.bench.micro;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.bench.ideal.HardwareProbe;
import org.hadoopopt.bench.ideal.HardwareProfile;
import org.hadoopopt.bench.ideal.KrevatModel;
import org.hadoopopt.bench.results.ExperimentArgs;
import org.hadoopopt.bench.results.Finding;
import org.hadoopopt.bench.results.Findings;

/**
 * Krevat et al.'s comparison of a tuned Hadoop TeraSort with their model's ideal, on this machine:
 * TeraGen once, then per round TeraSort with Hadoop's defaults ({@code stock}) and with the
 * settings record-setting TeraSorts use ({@code tuned}: a map's whole split sorted in one spill,
 * a wide merge, the reduce's input kept in memory, output replication 1), alternated; every output
 * passes TeraValidate with TeraGen's checksum. Local job runner on the local file system (one node,
 * as the model's n = 1). The model's time: {@link KrevatModel} with i = the rows' bytes,
 * e_M = e_R = 1, r = 1, from a cold disk read and the loopback network ({@link HardwareProbe}).
 *
 * <p>{@code KrevatTeraSort --findings FILE [--quick] --work DIR [--rows N] [--rounds R]}
 */
public final class KrevatTeraSort {
  static final String PART = "krevat-terasort";
  static final String PAPER = "Krevat et al., CMU-PDL-10-108 (2010)";

  private KrevatTeraSort() {}

  /** The part's JVM options and arguments in {@code bin/hadoopopt reproduce} (its work folder under the results). */
  public static void command(MicroPart.Context c, List<String> jvm, List<String> args) {
    jvm.add("-Xmx2g");
    args.addAll(Arrays.asList("--work", c.out("work/krevat-terasort")));
  }

  public static void main(String[] args) throws Exception {
    Options own = new Options();
    own.addOption(Option.builder().longOpt("work").hasArg().required().desc("local work folder (deleted at the end)").build());
    own.addOption(Option.builder().longOpt("rows").hasArg().desc("TeraGen rows (100 bytes each)").build());
    own.addOption(Option.builder().longOpt("rounds").hasArg().desc("rounds of stock and tuned").build());
    own.addOption(Option.builder().longOpt("probe-bytes").hasArg().desc("size of the disk probe file").build());
    ExperimentArgs a = ExperimentArgs.parse("KrevatTeraSort", args, own);
    long rows = Long.parseLong(a.line.getOptionValue("rows", a.quick ? "200000" : "2000000"));
    int rounds = Integer.parseInt(a.line.getOptionValue("rounds", a.quick ? "1" : "3"));
    long probe = Long.parseLong(a.line.getOptionValue("probe-bytes", a.quick ? "67108864" : "268435456"));
    File work = new File(a.line.getOptionValue("work")).getAbsoluteFile();
    Findings.write(a.findings, PART, run(work, rows, rounds, probe));
  }

  /** Measures and returns the finding (tuned against the model; stock in its remark). */
  static List<Finding> run(File work, long rows, int rounds, long probeBytes) throws Exception {
    HardwareProfile hw = HardwareProbe.loadOrMeasure(new File(work, "hardware"), probeBytes);
    if (!hw.hasKrevat()) {
      return java.util.Collections.singletonList(Finding.of(PART, PAPER, "tuned Hadoop TeraSort against the model")
          .notReproducible("no verified cold disk read (O_DIRECT, checked against the device's count) or loopback"
              + " measurement on this machine: the model's disk and network terms are unknown (log: the hardware line)"));
    }
    KrevatModel model = KrevatModel.of(hw, 1);
    double inputBytes = rows * 100.0;
    double ideal = model.seconds(inputBytes, 1.0, 1.0, 1, KrevatModel.Backup.NO);
    System.err.printf(Locale.ROOT, "[krevat] cold disk read %.0f MB/s, write %.0f MB/s, loopback %.0f MB/s: model %.3f s"
        + " for %.0f MB%n", hw.coldDiskRead() / 1e6, hw.diskWrite() / 1e6, hw.network() / 1e6, ideal, inputBytes / 1e6);
    MicroResult result = measure(local(), new Path(new File(work, "terasort").toURI()), rows, rounds);
    double tuned = result.row("tuned").median();
    double stock = result.row("stock").median();
    String setting = String.format(Locale.ROOT, "one node (2 cores), local job runner, %,d rows (%.0f MB), %d round(s),"
        + " median; model %.2f s (cold disk read %.0f MB/s, write %.0f MB/s, loopback %.0f MB/s, %s)", rows,
        inputBytes / 1e6, rounds, ideal, hw.coldDiskRead() / 1e6, hw.diskWrite() / 1e6, hw.network() / 1e6,
        model.sortFor(inputBytes, 1.0) == KrevatModel.Sort.EXTERNAL ? "external sort" : "fits in memory: no external-sort term");
    List<Finding> out = new ArrayList<>();
    out.add(Finding.of(PART, PAPER, "tuned Hadoop TeraSort takes several times the model's ideal (measured / model)")
        .paper("record-setting, tuned sorts on large clusters: 3-13x the model; 3x is the best (lower end)", 3.0)
        .ours("tuned TeraSort " + String.format(Locale.ROOT, "%.2f s; ", tuned) + setting, tuned / ideal)
        .unit("x").measured(String.format(Locale.ROOT, "stock TeraSort %.2f s = %.1fx the model; tuning gives %.2fx;"
            + " every output passed TeraValidate", stock, stock / ideal, stock / tuned)));
    return out;
  }

  static Configuration local() {
    Configuration c = new Configuration();
    c.set("fs.defaultFS", "file:///");
    c.set("mapreduce.framework.name", "local");
    c.setInt("mapreduce.local.map.tasks.maximum", Runtime.getRuntime().availableProcessors());
    // the client checks for the job's end every 20 ms, not every second (TeraSort waits with progress output)
    c.setInt("mapreduce.client.progressmonitor.pollinterval", 20);
    return c;
  }

  /** The settings of the tuned variant (Hadoop's own keys; no HadoopOpt plugin). */
  static void tune(Configuration c, long rows) {
    // each map's split (2 maps) sorted in one spill: 100 bytes a row plus 16 bytes of metadata
    long perMapMb = rows / 2 * 116 / (1 << 20) + 16;
    c.setInt("mapreduce.task.io.sort.mb", (int) Math.min(1024, Math.max(100, perMapMb)));
    c.setInt("mapreduce.task.io.sort.factor", 100);
    c.setFloat("mapreduce.map.sort.spill.percent", 0.95f);
    c.setFloat("mapreduce.reduce.input.buffer.percent", 0.7f);
    c.setInt("mapreduce.terasort.output.replication", 1);
    c.setBoolean("mapreduce.map.speculative", false);
    c.setBoolean("mapreduce.reduce.speculative", false);
  }

  static MicroResult measure(Configuration conf, Path base, long rows, int rounds) throws Exception {
    String missing = org.hadoopopt.bench.pavlo.HadoopOptKeys.missing(ExampleTools.TERA_SORT, ExampleTools.EXAMPLES_JAR);
    if (missing != null) {
      throw new IllegalStateException("cannot run TeraSort: " + missing);
    }
    MicroResult result = new MicroResult(PART, "TeraSort of " + rows + " rows, stock vs tuned, local runner", "s", "stock");
    FileSystem fs = base.getFileSystem(conf);
    fs.delete(base, true);
    Path in = new Path(base, "in");
    long expected = TeraSortBench.teraGen(conf, rows, in);
    try {
      Rounds.run(Arrays.asList("stock", "tuned"), rounds, result, (v, r) -> {
        Configuration c = new Configuration(conf);
        c.setInt("mapreduce.job.reduces", 2);
        if (v.equals("tuned")) {
          tune(c, rows);
        }
        return TeraSortBench.sortValidated(conf, c, in, base, v, r, expected);
      }, (v, r, s) -> System.err.printf(Locale.ROOT, "[krevat] round %d/%d  %-6s %8.2f s (TeraValidate ok)%n",
          r + 1, rounds, v, s));
    } finally {
      fs.delete(base, true);
    }
    return result;
  }

}
