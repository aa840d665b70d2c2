package org.hadoopopt.bench.micro;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.tools.ConfValues;
import org.hadoopopt.bench.pavlo.HadoopOptKeys;
import org.hadoopopt.directio.protocol.EndpointDirectory;

/**
 * TestDFSIO (Hadoop's jobclient tests jar) write and read: each round writes the files (stock),
 * then reads them stock and with the direct I/O client ({@code +dio}: {@code
 * dfs.client.replica.accessor.builder.classes}), the reads alternated. Times are the program's
 * wall time (job submission included); TestDFSIO's own "Throughput mb/sec" is kept beside them.
 *
 * <p>{@code dfsio [--nr-files N] [--file-size 128m] [--rounds R] [--out FILE.json] WORK}
 */
public final class DfsioBench extends MicroTool {
  /** Files (= map tasks) written and read. Default {@code 2}. */
  public static final String FILES = "hadoopopt.bench.dfsio.files";
  /** Bytes per file, whole megabytes ({@code 128m}). Default {@code 128m}. */
  public static final String FILE_SIZE = "hadoopopt.bench.dfsio.file.bytes";
  private static final String USAGE = "dfsio [--nr-files N] [--file-size 128m] [--rounds R] [--out FILE.json] WORK";

  public DfsioBench() {
    super("dfsio", USAGE, DfsioBench::measure, "nr-files", FILES, "file-size", FILE_SIZE);
    needs("TestDFSIO", ExampleTools.TEST_DFSIO, ExampleTools.JOBCLIENT_TESTS_JAR);
  }

  public static void setFiles(Configuration conf, int files) {
    conf.setInt(FILES, files);
  }

  public static void setFileSize(Configuration conf, long bytes) {
    conf.set(FILE_SIZE, Long.toString(bytes));
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new DfsioBench(), args));
  }


  static MicroResult measure(Configuration conf, Path base) throws Exception {
    int files = ConfValues.getInt(conf, FILES, 2, 1);
    long bytes = MicroOptions.parseSize(FILE_SIZE, conf.getTrimmed(FILE_SIZE, "128m"));
    if (bytes % (1 << 20) != 0) {
      throw new IllegalArgumentException(FILE_SIZE + " must be whole megabytes (TestDFSIO's -size), not " + bytes);
    }
    int rounds = MicroOptions.rounds(conf);
    MicroResult result = new MicroResult("dfsio", "TestDFSIO, " + files + " files of " + MicroOptions.formatSize(bytes)
        + "; wall time of each TestDFSIO run (one MapReduce job)", "s", "read");
    List<String> reads = new ArrayList<>();
    reads.add("read");
    String dioMissing = directIoMissing(conf);
    if (dioMissing == null) {
      reads.add("read+dio");
    } else {
      result.note("skipped read+dio: " + dioMissing);
    }
    result.unpaired("write");
    String size = (bytes >> 20) + "MB";
    File res = File.createTempFile("dfsio", ".txt");
    try {
      for (int r = 0; r < rounds; r++) {
        time(conf, base, "-write", files, size, res, result.row("write"), r, rounds);
        for (String v : Rounds.order(reads, r)) {
          Configuration c = new Configuration(conf);
          if (v.endsWith("+dio")) {
            HadoopOptKeys.directIo(c);
          }
          time(c, base, "-read", files, size, res, result.row(v), r, rounds);
        }
      }
    } finally {
      res.delete();
    }
    result.note("speedup = the stock read's median over the row's; the write row has no HadoopOpt variant"
        + " (direct I/O serves reads)");
    return result;
  }

  private static void time(Configuration conf, Path base, String type, int files, String size, File res,
      MicroResult.Row row, int round, int rounds) throws Exception {
    Configuration c = new Configuration(conf);
    c.set("test.build.data", base.toString());
    Files.deleteIfExists(res.toPath());
    long t0 = System.nanoTime();
    ExampleTools.run(c, ExampleTools.TEST_DFSIO, type, "-nrFiles", Integer.toString(files), "-size", size,
        "-resFile", res.getPath());
    double s = Rounds.since(t0);
    row.add(s);
    double mbs = throughput(new String(Files.readAllBytes(res.toPath()), StandardCharsets.UTF_8));
    @SuppressWarnings("unchecked")
    List<Double> t = (List<Double>) row.extras().computeIfAbsent("throughputMBs", k -> new ArrayList<Double>());
    t.add(mbs);
    System.err.printf(Locale.ROOT, "[dfsio] round %d/%d  %-9s %8.2f s  %.1f MB/s (TestDFSIO)%n", round + 1, rounds,
        row.configuration(), s, mbs);
  }

  /** TestDFSIO's "Throughput mb/sec: X" line of its result file. */
  static double throughput(String resFile) {
    for (String line : resFile.split("\n")) {
      String l = line.trim();
      if (l.startsWith("Throughput mb/sec:")) {
        return Double.parseDouble(l.substring(l.indexOf(':') + 1).trim().replace(',', '.'));
      }
    }
    throw new IllegalStateException("no 'Throughput mb/sec:' line in TestDFSIO's result file:\n" + resFile);
  }

  /** Why +dio cannot run: no client jar, not HDFS, or no DataNode socket of the plugin. */
  static String directIoMissing(Configuration conf) {
    String m = HadoopOptKeys.missing(HadoopOptKeys.DIRECTIO_BUILDER, "hdfs-directio jar");
    if (m != null) {
      return m;
    }
    if (!conf.get("fs.defaultFS", "file:///").startsWith("hdfs:")) {
      return "the default file system is not HDFS";
    }
    File dir = new File(conf.get(EndpointDirectory.SOCKET_DIR, EndpointDirectory.SOCKET_DIR_DEFAULT));
    File[] socks = dir.listFiles((d, n) -> n.startsWith("dn-") && n.endsWith(".sock"));
    if (socks == null || socks.length == 0) {
      return "no DataNode runs the direct I/O plugin (no dn-*.sock in " + dir + ")";
    }
    return null;
  }
}
