package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.ExperimentArgs;
import org.hadoopopt.bench.results.Findings;
import org.hadoopopt.bench.results.Finding;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
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
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.micro.MicroOptions;
import org.hadoopopt.bench.micro.ScanData;
import org.hadoopopt.bench.pavlo.jobs.GrepJob;
import org.hadoopopt.bench.tools.Stats;

/**
 * Jiang et al. (VLDB 2010), scheduling, on the shared HDFS+YARN: (a) the 128 KB-chunk no-op scan
 * of one file written with small blocks and with blocks of half the file (the paper: 10 GB, 64 MB
 * vs 5 GB blocks, 197 s vs 65 s), direct I/O on when the DataNode runs the plugin; (c) the Pavlo
 * Grep over one file written with the same two block sizes (the paper: 512 MB vs 5 GB blocks, 30%
 * for Hadoop's Grep). Each configuration runs once per round, order rotated; medians. Speculation
 * on a cluster with a slow node is {@link JiangSpeculation}.
 *
 * <p>Usage: {@code JiangScheduling --findings FILE [--quick] [--work DIR] [--file-size S] [--small-block B]
 * [--grep-source DIR] [--rounds R]}
 */
public final class JiangScheduling {
  static final String PART = "jiang-sched";
  static final String PAPER = JiangPaper.PAPER;
  /** The paper's scan: 197 s with 64 MB blocks, 65 s with 5 GB blocks, 10 GB file. */
  static final double PAPER_SCAN = JiangPaper.SCAN_SMALL_BLOCKS_SECONDS / JiangPaper.SCAN_LARGE_BLOCKS_SECONDS;
  /** The paper's Grep (Hadoop, the baseline's kind): 512 MB blocks 30% slower than 5 GB blocks. */
  static final double PAPER_GREP_PERCENT = JiangPaper.GREP_BLOCKS_PERCENT_HADOOP;

  /** What one run measures. */
  static final class Sizes {
    final long file;
    final long smallBlock;
    final long largeBlock;
    final int rounds;

    Sizes(long file, long smallBlock, int rounds) {
      this.file = file;
      this.smallBlock = smallBlock;
      this.largeBlock = file / 2; // the paper's 5 GB blocks of a 10 GB file: one map per core here
      this.rounds = rounds;
    }
  }

  private JiangScheduling() {}

  public static void main(String[] args) throws Exception {
    Options own = new Options();
    own.addOption(Option.builder().longOpt("work").hasArg().desc("folder on the cluster's file system").build());
    own.addOption(Option.builder().longOpt("file-size").hasArg().desc("bytes of the scanned file").build());
    own.addOption(Option.builder().longOpt("small-block").hasArg().desc("the small block size (the paper's 64 MB)").build());
    own.addOption(Option.builder().longOpt("grep-source").hasArg().desc("a Pavlo set's grep folder to copy").build());
    own.addOption(Option.builder().longOpt("rounds").hasArg().desc("rounds").build());
    ExperimentArgs a = ExperimentArgs.parse("JiangScheduling", args, own);
    long file = MicroOptions.parseSize("--file-size", a.line.getOptionValue("file-size", a.quick ? "64m" : "512m"));
    long small = MicroOptions.parseSize("--small-block", a.line.getOptionValue("small-block", a.quick ? "8m" : "64m"));
    int rounds = Integer.parseInt(a.line.getOptionValue("rounds", a.quick ? "1" : "2"));
    Sizes s = new Sizes(file, small, rounds);
    Configuration conf = new Configuration();
    Path work = new Path(a.line.getOptionValue("work", "/hadoopopt-reproduce/jiang"));
    String grepSource = a.line.getOptionValue("grep-source");
    Findings.write(a.findings, PART, measure(conf, work, s, grepSource == null ? null : new Path(grepSource)));
  }

  static List<Finding> measure(Configuration conf, Path work, Sizes s, Path grepSource) throws Exception {
    FileSystem fs = work.getFileSystem(conf);
    String noDirect = JiangScan.directIoMissing(conf);
    boolean direct = noDirect == null;
    List<Finding> out = new ArrayList<>();

    // (a) the scan, one file per block size
    Path small = new Path(work, "scan-" + MicroOptions.formatSize(s.smallBlock));
    Path large = new Path(work, "scan-" + MicroOptions.formatSize(s.largeBlock));
    ScanData.ensure(fs, small, s.file, s.smallBlock);
    ScanData.ensure(fs, large, s.file, s.largeBlock);
    List<Double> ts = new ArrayList<>();
    List<Double> tl = new ArrayList<>();
    long[] maps = new long[2];
    long directBytes = 0;
    long scanned = 0;
    for (int r = 0; r < s.rounds; r++) {
      for (int i = 0; i < 2; i++) {
        boolean first = (i + r) % 2 == 0;
        JiangScan.Run run = JiangScan.scan(conf, first ? small : large, direct, false);
        (first ? ts : tl).add(run.seconds);
        maps[first ? 0 : 1] = run.maps;
        directBytes += run.directBytes;
        scanned += run.directBytes + run.streamedBytes;
        log("scan %s blocks: %.2f s, %d maps, %d direct bytes", first ? "small" : "large", run.seconds, run.maps,
            run.directBytes);
      }
    }
    if (scanned != 2L * s.rounds * s.file) {
      throw new IllegalStateException("the scans read " + scanned + " bytes, not " + 2L * s.rounds * s.file);
    }
    double ms = Stats.median(ts);
    double ml = Stats.median(tl);
    out.add(Finding.of(PART, PAPER, "larger blocks cut a scan's scheduling cost (128 KB-chunk no-op reader)")
        .paper("section 5.5: a 10 GB TestDFSIO file, 64 MB vs 5 GB blocks (160 vs 2 maps, 2 map slots), direct I/O,"
            + " 197 s / 65 s; " + JiangPaper.ONE_NODE, PAPER_SCAN)
        .ours(String.format(Locale.ROOT, "%s file, %s vs %s blocks (%d vs %d maps): %.1f s / %.1f s",
            MicroOptions.formatSize(s.file), MicroOptions.formatSize(s.smallBlock), MicroOptions.formatSize(s.largeBlock),
            maps[0], maps[1], ms, ml), ms / ml)
        .unit("x")
        .measured(String.format(Locale.ROOT, "medians of %d; %s", s.rounds, direct
            ? String.format(Locale.ROOT, "direct I/O on (%.0f%% of bytes read direct)", 100.0 * directBytes / scanned)
            : "direct I/O off: " + noDirect)));

    // (c) Grep over the same two block sizes
    Path gs = new Path(work, "grep-" + MicroOptions.formatSize(s.smallBlock));
    Path gl = new Path(work, "grep-" + MicroOptions.formatSize(s.largeBlock));
    long gbytes = GrepInput.ensure(fs, gs, grepSource, s.file, s.smallBlock);
    GrepInput.ensure(fs, gl, grepSource, s.file, s.largeBlock);
    List<Double> gts = new ArrayList<>();
    List<Double> gtl = new ArrayList<>();
    long[] lines = {-1, -1};
    for (int r = 0; r < s.rounds; r++) {
      for (int i = 0; i < 2; i++) {
        boolean first = (i + r) % 2 == 0;
        Path in = first ? gs : gl;
        Path o = new Path(work, "grep-out-" + in.getName());
        fs.delete(o, true);
        long t0 = System.nanoTime();
        int rc = ToolRunner.run(new Configuration(conf), new GrepJob(), new String[] {in.toString(), o.toString()});
        double sec = (System.nanoTime() - t0) / 1e9;
        if (rc != 0) {
          throw new IllegalStateException("grep over " + in + " exited with " + rc);
        }
        (first ? gts : gtl).add(sec);
        lines[first ? 0 : 1] = countLines(fs, o);
        log("grep %s blocks: %.2f s, %d lines", first ? "small" : "large", sec, lines[first ? 0 : 1]);
      }
    }
    if (lines[0] != lines[1] || lines[0] <= 0) {
      throw new IllegalStateException("grep found " + lines[0] + " rows with small blocks and " + lines[1]
          + " with large ones");
    }
    double gms = Stats.median(gts);
    double gml = Stats.median(gtl);
    out.add(Finding.of(PART, PAPER, "Grep: small blocks cost more than large ones")
        .paper("section 5.8: Hadoop's Grep (the original code), 512 MB vs 5 GB blocks (20 vs 2 maps per node): 30%"
            + " longer (HadoopMT's: 35%); 100 nodes, 10 GB of Grep per node, " + JiangPaper.HARDWARE, PAPER_GREP_PERCENT)
        .ours(String.format(Locale.ROOT, "%.0f MB of Grep rows, %s vs %s blocks: %.1f s / %.1f s",
            gbytes / 1048576.0, MicroOptions.formatSize(s.smallBlock), MicroOptions.formatSize(s.largeBlock),
            gms, gml), 100 * (gms / gml - 1))
        .unit("%")
        .measured(String.format(Locale.ROOT, "medians of %d; %d matching rows both ways; blocks scaled with the"
            + " file (%d:1, the paper's 10:1)", s.rounds, lines[0], s.largeBlock / s.smallBlock)));

    return out;
  }

  static long countLines(FileSystem fs, Path dir) throws IOException {
    long n = 0;
    for (FileStatus st : fs.listStatus(dir, p -> p.getName().startsWith("part-"))) {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(st.getPath()), StandardCharsets.UTF_8))) {
        while (r.readLine() != null) {
          n++;
        }
      }
    }
    return n;
  }

  private static void log(String format, Object... args) {
    System.err.println("[jiang-sched] " + String.format(Locale.ROOT, format, args));
  }

  /** A Grep table of a given size as one file with a given block size. */
  static final class GrepInput {
    private GrepInput() {}

    /**
     * Makes {@code path} about {@code bytes} of Grep rows (whole rows, copied from SOURCE's part
     * files, or written here when SOURCE is null) with block size {@code block}, unless a file with
     * that block size is there; returns its length.
     */
    static long ensure(FileSystem fs, Path path, Path source, long bytes, long block) throws IOException {
      if (fs.exists(path)) {
        FileStatus st = fs.getFileStatus(path);
        if (st.getBlockSize() == block && st.getLen() > bytes - 2 * ROW && st.getLen() <= bytes) {
          return st.getLen();
        }
        fs.delete(path, false);
      }
      long written = 0;
      try (OutputStream o = fs.create(path, true, 1 << 16, fs.getDefaultReplication(path), block)) {
        if (source != null) {
          FileSystem sfs = source.getFileSystem(fs.getConf());
          FileStatus[] parts = sfs.listStatus(source, p -> p.getName().startsWith("part-"));
          Arrays.sort(parts);
          byte[] buf = new byte[ROW * 1024];
          for (FileStatus p : parts) {
            try (InputStream in = sfs.open(p.getPath())) {
              int n;
              while (bytes - written >= ROW && (n = in.readNBytes(buf, 0, buf.length)) > 0) {
                n = (int) Math.min(n, (bytes - written) / ROW * ROW); // whole rows (each ROW bytes)
                o.write(buf, 0, n);
                written += n;
              }
            }
          }
        } else {
          byte[] row = new byte[ROW];
          for (long i = 0; written + ROW <= bytes; i++) {
            row(i, row);
            o.write(row);
            written += ROW;
          }
        }
      }
      return written;
    }

    /** Bytes of a Grep row: 10-byte key, '|', 90-byte field, newline. */
    static final int ROW = 102;

    /** Row i: the key its index, the field letters; "XYZ" in one row in 10,000, as the benchmark. */
    static void row(long i, byte[] row) {
      byte[] key = String.format(Locale.ROOT, "%010d", i).getBytes(StandardCharsets.US_ASCII);
      System.arraycopy(key, 0, row, 0, 10);
      row[10] = '|';
      for (int k = 0; k < 90; k++) {
        row[11 + k] = (byte) ('A' + (int) ((i * 31 + k * 7) % 23)); // A..W: no XYZ by chance
      }
      if (i % 10_000 == 0) {
        row[11 + 40] = 'X';
        row[12 + 40] = 'Y';
        row[13 + 40] = 'Z';
      }
      row[ROW - 1] = '\n';
    }
  }
}
