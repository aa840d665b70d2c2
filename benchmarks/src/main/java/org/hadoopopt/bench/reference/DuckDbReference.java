package org.hadoopopt.bench.reference;

import java.io.File;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.hadoopopt.bench.results.Answer;
import org.hadoopopt.bench.pavlo.Task;

/**
 * The parallel-database reference point of the original benchmark, today: each task's SQL
 * ({@link PavloSql}) run by DuckDB (in-process, all cores), either over views straight on the
 * generated '|' files, which it parses on every query as Hadoop does ({@link #onText}), or over
 * tables loaded once into a DuckDB database file, its own storage ({@link #onDatabase}, {@link #load}).
 */
public final class DuckDbReference implements AutoCloseable {
  /** DuckDB's JDBC driver class (org.duckdb:duckdb_jdbc). */
  public static final String DRIVER = "org.duckdb.DuckDBDriver";

  private final Connection db;

  private DuckDbReference(Connection db) {
    this.db = db;
  }

  /** SET: a local folder holding the generated tables (grep/, rankings/, uservisits/ ...), read as views. */
  public static DuckDbReference onText(File set) throws SQLException {
    DuckDbReference r = new DuckDbReference(DriverManager.getConnection("jdbc:duckdb:"));
    try (Statement st = r.db.createStatement()) {
      for (String table : new String[] {"grep", "rankings", "uservisits"}) {
        if (!new File(set, table).isDirectory()) {
          continue; // a set made for some tasks only: a query on a missing table fails naming it
        }
        st.execute("CREATE VIEW " + table + " AS SELECT * FROM " + readCsv(set, table));
      }
    } catch (SQLException e) {
      r.close();
      throw e;
    }
    return r;
  }

  /** A DuckDB database file (made if missing) whose tables {@link #load} fills and the queries read. */
  public static DuckDbReference onDatabase(File file) throws SQLException {
    return new DuckDbReference(DriverManager.getConnection("jdbc:duckdb:" + file.getAbsolutePath()));
  }

  /**
   * Loads TABLE of the set into the database as a table of its own (replacing one of that name),
   * with the view's typed columns, and checkpoints it to the file.
   */
  public void load(File set, String table) throws SQLException {
    try (Statement st = db.createStatement()) {
      st.execute("CREATE OR REPLACE TABLE " + table + " AS SELECT * FROM " + readCsv(set, table));
      st.execute("CHECKPOINT");
    }
  }

  /** Removes TABLE from the database (and its space, at the next checkpoint). */
  public void drop(String table) throws SQLException {
    try (Statement st = db.createStatement()) {
      st.execute("DROP TABLE IF EXISTS " + table);
      st.execute("CHECKPOINT");
    }
  }

  /** The tables the database holds. */
  public java.util.Set<String> tables() throws SQLException {
    java.util.Set<String> out = new java.util.TreeSet<>();
    try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT table_name FROM duckdb_tables()")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  /**
   * Why DuckDB cannot run here, or null when it can: the driver class missing, or its native
   * library failing to load. The driver's class loads without the library, which it unpacks into
   * {@code java.io.tmpdir} and loads on the first connection, so an in-memory database is opened
   * here: a run learns that before it generates anything, not after its Hadoop rounds.
   */
  public static String runtimeProblem() {
    try {
      Class.forName(DRIVER);
    } catch (ClassNotFoundException | LinkageError e) {
      return "no DuckDB JDBC driver (org.duckdb:duckdb_jdbc, " + DRIVER + ") on the classpath: " + e;
    }
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
      return null;
    } catch (SQLException | LinkageError e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      return "DuckDB's native library does not load (it is unpacked into java.io.tmpdir, "
          + System.getProperty("java.io.tmpdir") + "): " + e + (cause == e ? "" : "; cause: " + cause);
    }
  }

  /** Whether there is SQL for the task (the UDF task is a Java UDF in the benchmark: none). */
  public static boolean supports(Task t) {
    return PavloSql.supports(t);
  }

  /** Runs the task's query and returns its answer in the Hadoop jobs' format. */
  public Answer run(Task t) throws SQLException {
    List<String> lines = new ArrayList<>();
    try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(PavloSql.sql(t))) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> row = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
          row.add(rs.getString(i));
        }
        lines.add(PavloSql.line(t, row));
      }
    }
    return new Answer(lines);
  }

  /** DuckDB's reader of a table's part-* files, no quoting, typed columns. */
  private static String readCsv(File set, String table) {
    String glob = new File(new File(set, table), "part-*").getAbsolutePath().replace("'", "''");
    StringBuilder cols = new StringBuilder();
    for (PavloSql.Column c : PavloSql.columns(table)) {
      cols.append(cols.length() == 0 ? "" : ", ").append(c.name()).append(": '").append(c.type()).append('\'');
    }
    return "read_csv('" + glob + "', delim = '|', header = false, quote = '', escape = '', auto_detect = false,"
        + " columns = {" + cols + "})";
  }

  @Override
  public void close() throws SQLException {
    db.close();
  }
}
