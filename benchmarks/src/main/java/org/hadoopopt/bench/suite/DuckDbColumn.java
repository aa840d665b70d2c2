package org.hadoopopt.bench.suite;

import java.io.File;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.bench.reference.DuckDbReference;
import org.hadoopopt.bench.results.Answer;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.LoadStep;
import org.hadoopopt.bench.results.SuiteResults;
import org.hadoopopt.bench.pavlo.Task;

/**
 * Adds the DuckDB peer's two columns: {@value SuiteResults#DUCKDB}, the same SQL over the same
 * generated files (read from a local copy when they live in HDFS: DuckDB has no HDFS reader), and
 * {@value SuiteResults#DUCKDB_LOADED}, the same SQL over tables DuckDB loaded once from those files
 * into a database file of its own ({@link PeerStorage}; each table's load timed, kept and reused
 * while its text is unchanged). Each query is timed once per round, the two storages one after the
 * other; answers are compared with the baseline's. A difference is a notice, not a stop: DuckDB is
 * the yardstick, not a HadoopOpt variant.
 */
final class DuckDbColumn {
  /** The database file in the peer's storage folder. */
  static final String DATABASE = "pavlo.duckdb";

  private final PrintStream progress;

  DuckDbColumn(PrintStream progress) {
    this.progress = progress;
  }

  void run(DataPrep prep, File out, Path outRoot, List<Task> tasks, int runs, SuiteResults results) throws Exception {
    File set = PeerSupport.localSet(prep, out, progress, results);
    List<Task> run = new ArrayList<>();
    for (Task t : tasks) {
      if (DuckDbReference.supports(t)) {
        run.add(t);
      }
    }
    PeerStorage storage = new PeerStorage(out, "duckdb", prep.setDir().getName());
    try (DuckDbReference text = DuckDbReference.onText(set);
        DuckDbReference loaded = DuckDbReference.onDatabase(new File(storage.dir(), DATABASE))) {
      for (String table : PeerSupport.tables(run)) {
        load(loaded, storage, set, table, results);
      }
      for (int round = 0; round < runs; round++) {
        for (Task t : run) {
          time(text, t, round, SuiteResults.DUCKDB, prep, outRoot, results);
          CellResult c = time(loaded, t, round, SuiteResults.DUCKDB_LOADED, prep, outRoot, results);
          if (round == 0) {
            c.setStorage(CellResult.Storage.LOADED);
            for (String table : t.tables()) {
              c.copies().add(copy(table));
            }
          }
        }
      }
    }
  }

  /** The copy name of DuckDB's table (as loading steps and cells name it). */
  static String copy(String table) {
    return "duckdb/" + table;
  }

  /** Loads TABLE into DuckDB's database unless it holds it, loaded from the same text; records the step either way. */
  private void load(DuckDbReference db, PeerStorage storage, File set, String table, SuiteResults results) throws Exception {
    String text = PeerStorage.textOf(set, table);
    Double had = storage.loadedSeconds(table, text);
    String step = "load " + table + " into a table of its own (database file)";
    if (had != null && db.tables().contains(table)) {
      results.loading().add(new LoadStep(LoadStep.Side.DUCKDB, step, copy(table), had, true));
      return;
    }
    storage.forget(table);
    progress.print("duckdb: loading " + table + " into its own table ... ");
    progress.flush();
    long t0 = System.nanoTime();
    db.load(set, table);
    double s = (System.nanoTime() - t0) / 1e9;
    progress.printf(Locale.ROOT, "%.1f s%n", s);
    storage.loaded(table, text, s);
    results.loading().add(new LoadStep(LoadStep.Side.DUCKDB, step, copy(table), s, false));
  }

  private CellResult time(DuckDbReference db, Task t, int round, String column, DataPrep prep, Path outRoot,
      SuiteResults results) throws Exception {
    progress.printf(Locale.ROOT, "%-14s round %d  %-18s ", column, round + 1, t);
    progress.flush();
    long t0 = System.nanoTime();
    Answer a = db.run(t);
    double s = (System.nanoTime() - t0) / 1e9;
    progress.printf(Locale.ROOT, "%7.2f s  %d lines%n", s, a.lines().size());
    CellResult c = results.cell(t.name(), column);
    c.addSeconds(s);
    c.setAnswer(a.lines().size(), a.sha256());
    if (round == 0) {
      PeerSupport.compare(prep.fs(), new Path(outRoot, t.name() + "/" + JobVariant.BASELINE.name()), a, c, results, progress);
    }
    return c;
  }
}
