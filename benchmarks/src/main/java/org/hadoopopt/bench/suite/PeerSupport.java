package org.hadoopopt.bench.suite;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.zip.ZipFile;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.bench.reference.DuckDbReference;
import org.hadoopopt.bench.results.Answer;
import org.hadoopopt.bench.pavlo.Task;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.LoadStep;
import org.hadoopopt.bench.results.SuiteResults;

/**
 * What the peer columns share: their runtimes checked before anything runs, the set as a local
 * folder, and the comparison of a peer's answer with the baseline's.
 */
final class PeerSupport {
  /** The Spark peer's main class (module benchmarks-spark). */
  static final String SPARK_MAIN = "org.hadoopopt.bench.spark.SparkPeer";

  private PeerSupport() {}

  /** Fails, naming the key, when a requested peer cannot run here. */
  static void checkRuntimes(Configuration conf) {
    List<String> peers = SuiteOptions.getPeers(conf);
    String duckdb = peers.contains(SuiteResults.DUCKDB) ? DuckDbReference.runtimeProblem() : null;
    if (duckdb != null) {
      throw new IllegalArgumentException(SuiteOptions.PEERS + ": duckdb cannot run here: " + duckdb
          + "; run with --no-duckdb or --peers none to leave it out");
    }
    if (peers.contains(SuiteResults.SPARK)) {
      List<String> cp = SuiteOptions.getSparkClasspath(conf);
      if (cp.isEmpty()) {
        throw new IllegalArgumentException(SuiteOptions.PEERS + ": spark needs " + SuiteOptions.SPARK_CLASSPATH
            + " (benchmarks-spark's jar and Spark's jars; bin/hadoopopt bench sets it)");
      }
      if (!containsClass(cp, SPARK_MAIN) || !containsClass(cp, "org.apache.spark.sql.SparkSession")) {
        throw new IllegalArgumentException(SuiteOptions.SPARK_CLASSPATH + ": lacks " + SPARK_MAIN
            + " or Spark SQL (org.apache.spark:spark-sql_2.13); build benchmarks-spark with -Pspark");
      }
      if (Runtime.version().feature() < 17) {
        throw new IllegalArgumentException(SuiteOptions.PEERS + ": spark (Spark 4) needs Java 17 or newer; this is "
            + System.getProperty("java.version"));
      }
    }
  }

  private static boolean containsClass(List<String> cp, String cls) {
    String entry = cls.replace('.', '/') + ".class";
    for (String e : cp) {
      File f = new File(e);
      if (f.isDirectory()) {
        if (new File(f, entry).isFile()) {
          return true;
        }
      } else if (f.getName().endsWith(".jar")) {
        try (ZipFile z = new ZipFile(f)) {
          if (z.getEntry(entry) != null) {
            return true;
          }
        } catch (IOException e2) {
          throw new IllegalArgumentException(SuiteOptions.SPARK_CLASSPATH + ": cannot read " + f + ": " + e2.getMessage());
        }
      }
    }
    return false;
  }

  /**
   * The set as a local folder the peers read: itself on the local file system, else a copy in
   * OUT/peer-data (reused only when its {@code _COPIED} marker, written last, is there).
   */
  static File localSet(DataPrep prep, File out, PrintStream progress, SuiteResults results) throws IOException {
    FileSystem fs = prep.fs();
    if (fs instanceof LocalFileSystem || "file".equals(fs.getUri().getScheme())) {
      return new File(prep.setDir().toUri().getPath());
    }
    File copy = new File(new File(out, "peer-data"), prep.setDir().getName());
    File done = new File(copy, "_COPIED");
    String step = "copy the set from " + fs.getUri().getScheme() + " to the local disk for the peers";
    if (results.loading().stream().anyMatch(l -> step.equals(l.step()))) {
      return copy; // the other peer's column made or found it
    }
    if (done.isFile()) {
      results.loading().add(new LoadStep(LoadStep.Side.SET, step, null, copiedSeconds(done), true));
    } else {
      progress.print("copying the set from " + fs.getUri() + " to " + copy + " for the peers ... ");
      progress.flush();
      long t0 = System.nanoTime();
      deleteRecursively(copy);
      copy.mkdirs();
      for (String table : new String[] {PavloSchema.GREP, PavloSchema.RANKINGS, PavloSchema.USERVISITS}) {
        if (fs.exists(new Path(prep.setDir(), table))) {
          fs.copyToLocalFile(false, new Path(prep.setDir(), table), new Path(new File(copy, table).toURI()), true);
        }
      }
      double s = (System.nanoTime() - t0) / 1e9;
      // the marker, written last, holds the seconds the copy took
      java.nio.file.Files.write(done.toPath(), Double.toString(s).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      progress.printf(java.util.Locale.ROOT, "%.1f s%n", s);
      results.loading().add(new LoadStep(LoadStep.Side.SET, step, null, s, false));
    }
    return copy;
  }

  private static double copiedSeconds(File done) {
    try {
      return Double.parseDouble(new String(java.nio.file.Files.readAllBytes(done.toPath()),
          java.nio.charset.StandardCharsets.US_ASCII).trim());
    } catch (IOException | NumberFormatException e) {
      return Double.NaN; // a marker of an older run: copied, time not recorded
    }
  }

  /** The tables the tasks read, each once, in first-use order. */
  static List<String> tables(List<Task> tasks) {
    List<String> out = new java.util.ArrayList<>();
    for (Task t : tasks) {
      for (String table : t.tables()) {
        if (!out.contains(table)) {
          out.add(table);
        }
      }
    }
    return out;
  }

  /** Records whether the peer's answer equals the baseline's; a difference is a notice. */
  static void compare(FileSystem fs, Path baselineOut, Answer a, CellResult c, SuiteResults results, PrintStream progress)
      throws IOException {
    if (!fs.exists(baselineOut)) {
      return;
    }
    String diff = Answer.read(fs, baselineOut).firstDifference(a);
    c.setAnswerMatchesBaseline(diff == null);
    if (diff != null) {
      String n = c.variant() + "'s answer to " + c.task() + " differs from the baseline's at " + diff;
      progress.println("notice: " + n);
      results.notices().add(n);
    }
  }

  static void deleteRecursively(File f) {
    File[] kids = f.listFiles();
    if (kids != null) {
      for (File k : kids) {
        deleteRecursively(k);
      }
    }
    f.delete();
  }
}
