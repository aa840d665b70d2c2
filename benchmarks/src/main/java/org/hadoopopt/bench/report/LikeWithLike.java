package org.hadoopopt.bench.report;

import java.util.ArrayList;
import java.util.List;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.SuiteResults;

/**
 * The comparisons a run allows, and only those: per task, our best variant on the generated text
 * against the peers on that same text (raw against raw), and our best variant on a loaded copy
 * against the peers on their own loaded storage (loaded against loaded), each loaded side with the
 * seconds its loading took for the task's tables. Nothing loaded is set against a peer reading the
 * raw text. Console, headline and HTML report all read it from here.
 */
public final class LikeWithLike {
  /** One task on one kind of storage: our best there and each peer's column there. */
  public static final class Row {
    private final String task;
    private final CellResult.Storage storage;
    private final CellResult ours;
    private final List<CellResult> peers;

    Row(String task, CellResult.Storage storage, CellResult ours, List<CellResult> peers) {
      this.task = task;
      this.storage = storage;
      this.ours = ours;
      this.peers = peers;
    }

    public String task() {
      return task;
    }

    public CellResult.Storage storage() {
      return storage;
    }

    /** Our fastest variant on this storage, or null when none ran. */
    public CellResult ours() {
      return ours;
    }

    /** The peers' cells on this storage (each peer's text or loaded column), in column order, missing ones left out. */
    public List<CellResult> peers() {
      return peers;
    }

    /** The peer column's cell, or null. */
    public CellResult peer(String column) {
      for (CellResult c : peers) {
        if (c.variant().equals(column)) {
          return c;
        }
      }
      return null;
    }

    /** Our median over the peer column's (below 1: ours is faster); NaN when either is missing. */
    public double oursOver(String column) {
      CellResult p = peer(column);
      return ours == null || p == null || p.seconds().isEmpty() ? Double.NaN : ours.median() / p.median();
    }
  }

  private LikeWithLike() {}

  /** The peer columns on the text, and on their own loaded storage. */
  public static final List<String> RAW_PEERS = List.of(SuiteResults.DUCKDB, SuiteResults.SPARK);
  public static final List<String> LOADED_PEERS = List.of(SuiteResults.DUCKDB_LOADED, SuiteResults.SPARK_PARQUET);

  /** The task's row on STORAGE. */
  public static Row of(SuiteResults r, String task, CellResult.Storage storage) {
    List<CellResult> peers = new ArrayList<>();
    for (String column : storage == CellResult.Storage.TEXT ? RAW_PEERS : LOADED_PEERS) {
      CellResult p = r.find(task, column);
      if (p != null && !p.seconds().isEmpty()) {
        peers.add(p);
      }
    }
    return new Row(task, storage, r.best(task, storage), peers);
  }

  /** Every query task's row on STORAGE that has a peer to compare with (the UDF task has no SQL, so none). */
  public static List<Row> rows(SuiteResults r, CellResult.Storage storage) {
    List<Row> out = new ArrayList<>();
    for (String t : r.queryTasks()) {
      Row row = of(r, t, storage);
      if (!row.peers().isEmpty()) {
        out.add(row);
      }
    }
    return out;
  }

  /** A peer column's name for people. */
  public static String label(String column) {
    switch (column) {
      case SuiteResults.DUCKDB:
        return "DuckDB on the text";
      case SuiteResults.DUCKDB_LOADED:
        return "DuckDB on its own tables";
      case SuiteResults.SPARK:
        return "Spark SQL on the text";
      case SuiteResults.SPARK_PARQUET:
        return "Spark SQL on Parquet";
      default:
        return column;
    }
  }
}
