package org.hadoopopt.bench.micro;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.tools.ConfValues;
import org.hadoopopt.bench.pavlo.HadoopOptKeys;

/**
 * TeraGen once, then per round TeraSort stock and with the fingerprint collector in prefix mode
 * ({@code fp}: keeps the total order TeraSort needs), alternated; every sorted output goes through
 * TeraValidate, which must report no error and the checksum of TeraGen's rows. Times are
 * TeraSort's (its partition sampling and job), not TeraValidate's.
 *
 * <p>{@code terasort [--rows N] [--reduces R] [--rounds R] [--out FILE.json] WORK}
 */
public final class TeraSortBench extends MicroTool {
  /** 100-byte rows TeraGen writes. Default {@code 2000000} (200 MB). */
  public static final String ROWS = "hadoopopt.bench.terasort.rows";
  /** Reduce tasks of TeraSort (both variants), so its sampled total-order partitioning is exercised. Default {@code 2}. */
  public static final String REDUCES = "hadoopopt.bench.terasort.reduces";

  private static final String USAGE = "terasort [--rows N] [--reduces R] [--rounds R] [--out FILE.json] WORK";

  public TeraSortBench() {
    super("terasort", USAGE, TeraSortBench::measure, "rows", ROWS, "reduces", REDUCES);
    needs("TeraSort", ExampleTools.TERA_SORT, ExampleTools.EXAMPLES_JAR);
  }

  public static void setRows(Configuration conf, long rows) {
    conf.setLong(ROWS, rows);
  }

  public static void setReduces(Configuration conf, int reduces) {
    conf.setInt(REDUCES, reduces);
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new TeraSortBench(), args));
  }


  static MicroResult measure(Configuration conf, Path base) throws Exception {
    long rows = ConfValues.getLong(conf, ROWS, 2_000_000, 1);
    int reduces = ConfValues.getInt(conf, REDUCES, 2, 1);
    int rounds = MicroOptions.rounds(conf);
    MicroResult result = new MicroResult("terasort", "TeraSort (examples jar) of " + rows + " TeraGen rows, "
        + reduces + " reduces; TeraSort wall time (sampling + job), TeraValidate checked", "s", "stock");
    List<String> variants = new ArrayList<>(Arrays.asList("stock", "fp"));
    String fpMissing = HadoopOptKeys.missing(HadoopOptKeys.FINGERPRINT_COLLECTOR, "mapred-fingerprint jar");
    if (fpMissing != null) {
      variants.remove("fp");
      result.note("skipped fp: " + fpMissing);
    }
    FileSystem fs = base.getFileSystem(conf);
    fs.delete(base, true);
    Path in = new Path(base, "in");
    long t0 = System.nanoTime();
    long expected = teraGen(conf, rows, in);
    System.err.printf(Locale.ROOT, "[terasort] TeraGen %d rows in %.1f s%n", rows, Rounds.since(t0));
    Rounds.run(variants, rounds, result, (v, r) -> {
      Configuration c = new Configuration(conf);
      c.setInt("mapreduce.job.reduces", reduces);
      if (v.equals("fp")) {
        HadoopOptKeys.fingerprint(c, false);
      }
      double s = sortValidated(conf, c, in, base, v, r, expected);
      result.row(v).extra("teraValidate", "ok, checksum " + Long.toHexString(expected));
      return s;
    }, (v, r, s) -> System.err.printf(Locale.ROOT, "[terasort] round %d/%d  %-6s %8.2f s (TeraValidate ok)%n",
        r + 1, rounds, v, s));
    result.note("every sorted output passed TeraValidate with TeraGen's checksum");
    return result;
  }

  /** Runs TeraGen (two maps) into {@code out}; returns the checksum of what it wrote, computed here from the files. */
  static long teraGen(Configuration conf, long rows, Path out) throws Exception {
    Configuration gen = new Configuration(conf);
    gen.setInt("mapreduce.job.maps", 2);
    ExampleTools.run(gen, ExampleTools.TERA_GEN, Long.toString(rows), out.toString());
    FileSystem fs = out.getFileSystem(conf);
    TeraChecksum sum = TeraChecksum.of(fs, out);
    if (sum.rows() != rows) {
      throw new IllegalStateException("TeraGen wrote " + sum.rows() + " rows, not " + rows);
    }
    return sum.low64();
  }

  /**
   * One timed TeraSort of {@code in} with {@code sort}, its output checked by TeraValidate (run with
   * {@code conf}) against TeraGen's checksum {@code expected}; the output and report (under
   * {@code base}) are deleted after. Returns TeraSort's seconds (sampling and job).
   */
  static double sortValidated(Configuration conf, Configuration sort, Path in, Path base, String variant, int round,
      long expected) throws Exception {
    FileSystem fs = base.getFileSystem(conf);
    Path out = new Path(base, "sorted-" + variant + "-" + round);
    long start = System.nanoTime();
    ExampleTools.run(sort, ExampleTools.TERA_SORT, in.toString(), out.toString());
    double s = Rounds.since(start);
    Path report = new Path(base, "validate-" + variant + "-" + round);
    ExampleTools.run(new Configuration(conf), ExampleTools.TERA_VALIDATE, out.toString(), report.toString());
    long checksum = validated(fs, report, variant);
    if (checksum != expected) {
      throw new IllegalStateException("TeraSort " + variant + ": TeraValidate's checksum " + Long.toHexString(checksum)
          + " is not TeraGen's " + Long.toHexString(expected) + " (rows lost or changed)");
    }
    fs.delete(out, true);
    fs.delete(report, true);
    return s;
  }

  /** Reads TeraValidate's report: no error lines, one checksum (hex, 128-bit); returns its low 64 bits. */
  static long validated(FileSystem fs, Path report, String variant) throws Exception {
    List<String> lines = WordCountBench.lines(fs, report);
    Long checksum = null;
    for (String l : lines) {
      String[] kv = l.split("\t", 2);
      if (kv[0].equals("checksum") && kv.length == 2) {
        checksum = new BigInteger(kv[1].trim(), 16).longValue();
      } else {
        throw new IllegalStateException("TeraValidate of TeraSort " + variant + " reports: " + l);
      }
    }
    if (checksum == null) {
      throw new IllegalStateException("TeraValidate of TeraSort " + variant + " wrote no checksum: " + lines);
    }
    return checksum;
  }
}
