package org.hadoopopt.bench.suite;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.bench.reference.DuckDbReference;

/**
 * Adds the DuckDB reference cells (variant {@value SuiteResults#DUCKDB}): the same queries over
 * the same generated files (copied to the results folder first when they live in HDFS), timed
 * once per round, answers compared with the baseline's. A difference is a notice, not a stop:
 * DuckDB is the yardstick, not a HadoopOpt variant.
 */
final class DuckDbColumn {
  private final PrintStream progress;

  DuckDbColumn(PrintStream progress) {
    this.progress = progress;
  }

  void run(DataPrep prep, File out, Path outRoot, List<Task> tasks, int runs, SuiteResults results) throws Exception {
    if (!DuckDbReference.available()) {
      String n = "skipped duckdb: its JDBC driver (org.duckdb:duckdb_jdbc) is not on the classpath";
      progress.println("notice: " + n);
      results.notices().add(n);
      return;
    }
    File set = localSet(prep, out);
    try (DuckDbReference db = new DuckDbReference(set)) {
      for (int round = 0; round < runs; round++) {
        for (Task t : tasks) {
          if (!DuckDbReference.supports(t)) {
            continue;
          }
          progress.printf(Locale.ROOT, "duckdb   round %d  %-18s ", round + 1, t);
          progress.flush();
          long t0 = System.nanoTime();
          Answer a = db.run(t);
          double s = (System.nanoTime() - t0) / 1e9;
          progress.printf(Locale.ROOT, "%7.2f s  %d lines%n", s, a.lines().size());
          CellResult c = results.cell(t.name(), SuiteResults.DUCKDB);
          c.addSeconds(s);
          c.setAnswer(a.lines().size(), a.sha256());
          if (round == 0) {
            compare(prep.fs(), new Path(outRoot, t.name() + "/" + Variant.BASELINE.name()), a, c, results);
          }
        }
      }
    }
  }

  private void compare(FileSystem fs, Path baselineOut, Answer a, CellResult c, SuiteResults results) throws IOException {
    if (!fs.exists(baselineOut)) {
      return;
    }
    String diff = Answer.read(fs, baselineOut).firstDifference(a);
    c.setAnswerMatchesBaseline(diff == null);
    if (diff != null) {
      String n = "duckdb's answer to " + c.task() + " differs from the baseline's at " + diff;
      progress.println("notice: " + n);
      results.notices().add(n);
    }
  }

  /** The set as a local folder: itself on the local file system, else a copy in OUT/duckdb-data. */
  private File localSet(DataPrep prep, File out) throws IOException {
    FileSystem fs = prep.fs();
    if (fs instanceof LocalFileSystem || "file".equals(fs.getUri().getScheme())) {
      return new File(prep.setDir().toUri().getPath());
    }
    File copy = new File(new File(out, "duckdb-data"), prep.setDir().getName());
    File done = new File(copy, "_COPIED");
    if (!done.isFile()) {
      progress.print("copying the set to " + copy + " for DuckDB ... ");
      progress.flush();
      deleteRecursively(copy);
      copy.mkdirs();
      for (String table : new String[] {PavloSchema.GREP, PavloSchema.RANKINGS, PavloSchema.USERVISITS}) {
        fs.copyToLocalFile(false, new Path(prep.setDir(), table), new Path(new File(copy, table).toURI()), true);
      }
      if (!done.createNewFile()) {
        throw new IOException("cannot create " + done);
      }
      progress.println("done");
    }
    return copy;
  }

  private static void deleteRecursively(File f) {
    File[] kids = f.listFiles();
    if (kids != null) {
      for (File k : kids) {
        deleteRecursively(k);
      }
    }
    f.delete();
  }
}
