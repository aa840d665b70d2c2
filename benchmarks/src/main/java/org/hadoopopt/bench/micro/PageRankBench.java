package org.hadoopopt.bench.micro;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.hadoopopt.bench.pavlo.HadoopOptKeys;
import org.hadoopopt.bench.results.ExperimentArgs;
import org.hadoopopt.bench.results.Finding;
import org.hadoopopt.bench.results.Findings;

/**
 * The PageRank micro-benchmark Veiga et al.'s suite (BDEv) has beside TestDFSIO, WordCount and
 * TeraSort: a MapReduce PageRank ({@link PageRankJob}, one job per iteration) over a generated
 * graph ({@link PageRankGraph}), stock Hadoop against the fingerprint collector (prefix mode,
 * {@code fp}; hash mode with its comparator, {@code fph}), alternated per round, local job runner.
 * Every variant's final ranks must equal the independent in-memory computation exactly (fixed-point
 * arithmetic: the order of a reducer's values cannot change a sum), and the fingerprint variants
 * must have sorted every map output record (their counter), so a run where the collector fell back
 * to stock's cannot pass as ours.
 *
 * <p>{@code PageRankBench --findings FILE [--quick] --work DIR [--vertices N] [--degree D]
 * [--iterations I] [--rounds R] [--variants stock,fp,fph]}
 */
public final class PageRankBench {
  static final String PART = "veiga-pagerank";
  /** The seeds' Veiga et al. paper: HPC-oriented MapReduce frameworks on a 13-node InfiniBand cluster (Pluton). */
  public static final String PAPER = "Veiga et al., HPC-oriented MapReduce frameworks (performance, energy, SSDs)";
  /** Its PageRank setting (section 3.1, Tables 4-6). */
  public static final String PAPER_SETTING = "Pegasus 2.0 PageRank, a Kronecker graph of about 17,000 vertices (1.5 GB),"
      + " 24 iterations, 9 and 13 nodes (2 x 8-core Xeon E5-2660, 64 GB, one HDD, 8 nodes also an SSD; GbE and"
      + " InfiniBand FDR), Hadoop 2.7.1, 7 maps and 7 reduces per node, 3 GB heaps, 128 MB blocks, replication 3";

  private PageRankBench() {}

  /** The sizes of one run. */
  static final class Sizes {
    final int vertices;
    final int degree;
    final int iterations;
    final int rounds;
    final List<String> variants;

    Sizes(int vertices, int degree, int iterations, int rounds, List<String> variants) {
      this.vertices = vertices;
      this.degree = degree;
      this.iterations = iterations;
      this.rounds = rounds;
      this.variants = variants;
    }
  }

  /** The part's JVM options and arguments in {@code bin/hadoopopt reproduce} (its work folder under the results). */
  public static void command(MicroPart.Context c, List<String> jvm, List<String> args) {
    jvm.add("-Xmx2g");
    args.addAll(Arrays.asList("--work", c.out("work/veiga-pagerank")));
  }

  public static void main(String[] args) throws Exception {
    Options own = new Options();
    own.addOption(Option.builder().longOpt("work").hasArg().required().desc("local work folder (deleted at the end)").build());
    for (String o : new String[] {"vertices", "degree", "iterations", "rounds", "variants"}) {
      own.addOption(Option.builder().longOpt(o).hasArg().build());
    }
    ExperimentArgs a = ExperimentArgs.parse("PageRankBench", args, own);
    Sizes s = new Sizes(Integer.parseInt(a.line.getOptionValue("vertices", a.quick ? "20000" : "300000")),
        Integer.parseInt(a.line.getOptionValue("degree", "10")),
        Integer.parseInt(a.line.getOptionValue("iterations", "3")),
        Integer.parseInt(a.line.getOptionValue("rounds", a.quick ? "1" : "3")),
        Arrays.asList(a.line.getOptionValue("variants", "stock,fp,fph").split(",")));
    File work = new File(a.line.getOptionValue("work")).getAbsoluteFile();
    MicroResult r = measure(KrevatTeraSort.local(), new Path(new File(work, "pagerank").toURI()), s);
    File json = new File(work.getParentFile(), "pagerank.json");
    r.write(json);
    System.out.print(r.table());
    Findings.write(a.findings, PART, findings(r, s));
  }

  static List<Finding> findings(MicroResult r, Sizes s) {
    double stock = r.row("stock").median();
    List<Finding> out = new ArrayList<>();
    for (String v : s.variants) {
      if (v.equals("stock")) {
        continue;
      }
      double median = r.row(v).median();
      String setting = String.format(Locale.ROOT, "MapReduce PageRank, %,d vertices, ~%d links each, %d iterations"
          + " (one job each), local runner, %d round(s), medians: stock %.2f s, %s %.2f s", s.vertices, s.degree,
          s.iterations, s.rounds, stock, v, median);
      out.add(Finding.of(PART, PAPER, "PageRank among the micro-benchmarks; here " + v + " over stock Hadoop")
          .paper(PAPER_SETTING + "; the frameworks and networks compared, no figure for a map-output collector",
              Double.NaN)
          .ours(setting, stock / median).unit("x")
          .measured(String.format(Locale.ROOT, "no paper figure to compare with: the paper's PageRank figures compare"
              + " interconnects and disks (the two rows below), not collectors; ours: %s %.2fx stock; every variant's"
              + " ranks equal the in-memory computation exactly", v, stock / median)));
    }
    out.add(Finding.of(PART, PAPER, "PageRank: IP over InfiniBand shortens Hadoop's time over Gigabit Ethernet")
        .paper(PAPER_SETTING + ": Hadoop-2-IPoIB over Hadoop-2-GbE 23.3% shorter (9 nodes) and 29.3% (13 nodes) with"
            + " magnetic disks, 24.1% with SSDs (9 nodes)", 23.3).unit("%")
        .notReproducible("no InfiniBand here: one machine, its jobs' only network is loopback"));
    out.add(Finding.of(PART, PAPER, "PageRank: SSDs shorten Hadoop's time over magnetic disks")
        .paper(PAPER_SETTING + ": 9 nodes, SSDs over magnetic disks 2.9% shorter for Hadoop-2-GbE (3.9% IPoIB, 22.3%"
            + " Mellanox UDA)", 2.9).unit("%")
        .notReproducible("one disk technology here: a single virtual disk (its host's caches beneath it), no magnetic"
            + " disk and no SSD to set side by side"));
    return out;
  }

  static MicroResult measure(Configuration conf, Path base, Sizes s) throws Exception {
    for (String v : s.variants) {
      if (!Arrays.asList("stock", "fp", "fph").contains(v)) {
        throw new IllegalArgumentException("PageRank variant must be stock, fp or fph, not " + v);
      }
    }
    if (!s.variants.contains("stock")) {
      throw new IllegalArgumentException("PageRank variants must include stock (the baseline): " + s.variants);
    }
    String fpMissing = HadoopOptKeys.missing(HadoopOptKeys.FINGERPRINT_COLLECTOR, "mapred-fingerprint jar");
    if (fpMissing != null && s.variants.size() > 1) {
      throw new IllegalStateException("cannot run the fingerprint variants: " + fpMissing);
    }
    Configuration c0 = new Configuration(conf);
    c0.setInt("mapreduce.local.reduce.tasks.maximum", 2);
    FileSystem fs = base.getFileSystem(c0);
    fs.delete(base, true);
    int[][] graph = PageRankGraph.generate(s.vertices, s.degree, 42);
    long[] expected = PageRankGraph.ranks(graph, s.iterations);
    checkAgainstDouble(expected, PageRankGraph.ranksDouble(graph, s.iterations));
    Path in = new Path(base, "graph");
    long bytes = PageRankGraph.write(fs, in, graph, 2);
    MicroResult result = new MicroResult("pagerank", "MapReduce PageRank, " + s.vertices + " vertices (" + bytes
        + " bytes), " + s.iterations + " iterations", "s", "stock");
    try {
      Rounds.run(s.variants, s.rounds, result, (v, round) -> {
        Configuration c = new Configuration(c0);
        if (!v.equals("stock")) {
          HadoopOptKeys.fingerprint(c, v.equals("fph"));
        }
        Path prev = in;
        long records = 0;
        long sorted = 0;
        long start = System.nanoTime();
        for (int it = 1; it <= s.iterations; it++) {
          Path out = new Path(base, "ranks-" + v + "-" + round + "-" + it);
          Counters k = PageRankJob.iterate(c, prev, out, s.vertices, 2);
          records += k.findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue();
          sorted += HadoopOptKeys.fingerprintRecordsSorted(k);
          if (prev != in) {
            fs.delete(prev, true);
          }
          prev = out;
        }
        double seconds = Rounds.since(start);
        if (!v.equals("stock") && sorted != records) {
          throw new IllegalStateException("PageRank " + v + ": the fingerprint collector sorted " + sorted + " of "
              + records + " map output records (it fell back to the stock collector)");
        }
        compare(fs, prev, expected, v);
        result.row(v).extra("mapOutputRecords", records).extra("fingerprintRecordsSorted", sorted);
        fs.delete(prev, true);
        return seconds;
      }, (v, round, sec) -> System.err.printf(Locale.ROOT, "[pagerank] round %d/%d  %-6s %8.2f s (ranks = in-memory)%n",
          round + 1, s.rounds, v, sec));
    } finally {
      fs.delete(base, true);
    }
    result.note("every variant's ranks equal the in-memory computation exactly");
    return result;
  }

  /**
   * The fixed-point ranks are PageRank's: within a millionth (relative) of the floating-point
   * computation's. Each share's integer division loses less than 1e-15, so a vertex with many
   * in-links drifts by up to its in-degree times that (some 1e-9 of its rank at 300,000 vertices).
   */
  static void checkAgainstDouble(long[] fixed, double[] dbl) {
    double unit = 1.0 / fixed.length;
    for (int v = 0; v < fixed.length; v++) {
      double f = fixed[v] / (double) PageRankGraph.SCALE;
      if (Math.abs(f - dbl[v]) > 1e-6 * Math.max(unit, dbl[v])) {
        throw new IllegalStateException("PageRank: vertex " + v + ": fixed-point rank " + f + " is not the"
            + " floating-point " + dbl[v]);
      }
    }
  }

  /** Every vertex once, with exactly the expected rank; a difference names the vertex and both ranks. */
  static void compare(FileSystem fs, Path dir, long[] expected, String variant) throws Exception {
    boolean[] seen = new boolean[expected.length];
    int count = 0;
    for (FileStatus st : fs.listStatus(dir, p -> p.getName().startsWith("part-"))) {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(st.getPath()), StandardCharsets.US_ASCII))) {
        for (String l; (l = r.readLine()) != null; ) {
          String[] f = l.split("\t", 3);
          int v = Integer.parseInt(f[0]);
          long rank = Long.parseLong(f[1]);
          if (seen[v]) {
            throw new IllegalStateException("PageRank " + variant + ": vertex " + v + " appears twice in " + dir);
          }
          seen[v] = true;
          count++;
          if (rank != expected[v]) {
            throw new IllegalStateException("PageRank " + variant + ": vertex " + v + " has rank " + rank
                + ", the in-memory computation " + expected[v]);
          }
        }
      }
    }
    if (count != expected.length) {
      throw new IllegalStateException("PageRank " + variant + ": " + count + " vertices in " + dir + ", not "
          + expected.length + " (every vertex passes its own line to itself)");
    }
  }
}
