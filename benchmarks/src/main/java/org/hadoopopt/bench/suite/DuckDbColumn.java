package org.hadoopopt.bench.suite;

import java.io.File;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.bench.reference.DuckDbReference;
import org.hadoopopt.bench.results.Answer;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.SuiteResults;
import org.hadoopopt.bench.pavlo.Task;

/**
 * Adds the DuckDB peer cells (variant {@value SuiteResults#DUCKDB}): the same SQL over the same
 * generated files (read from a local copy when they live in HDFS: DuckDB has no HDFS reader),
 * timed once per round, answers compared with the baseline's. A difference is a notice, not a
 * stop: DuckDB is the yardstick, not a HadoopOpt variant.
 */
final class DuckDbColumn {
  private final PrintStream progress;

  DuckDbColumn(PrintStream progress) {
    this.progress = progress;
  }

  void run(DataPrep prep, File out, Path outRoot, List<Task> tasks, int runs, SuiteResults results) throws Exception {
    File set = PeerSupport.localSet(prep, out, progress);
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
            PeerSupport.compare(prep.fs(), new Path(outRoot, t.name() + "/" + Variant.BASELINE.name()), a, c, results, progress);
          }
        }
      }
    }
  }
}
