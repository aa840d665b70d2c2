package org.hadoopopt.bench.reference;

import java.io.File;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.hadoopopt.bench.pavlo.PavloOutput;
import org.hadoopopt.bench.suite.Answer;
import org.hadoopopt.bench.suite.Task;

/**
 * The parallel-database reference point of the original benchmark, today: each task's SQL run
 * by DuckDB (in-process, all cores) straight over the generated '|' files, which it parses on
 * every query as Hadoop does; answers printed exactly as {@link PavloOutput} prints Hadoop's.
 */
public final class DuckDbReference implements AutoCloseable {
  /** DuckDB's JDBC driver class (org.duckdb:duckdb_jdbc). */
  public static final String DRIVER = "org.duckdb.DuckDBDriver";

  private final File set;
  private final Connection db;

  /** SET: a local folder holding the generated tables (grep/, rankings/, uservisits/ ...). */
  public DuckDbReference(File set) throws SQLException {
    this.set = set;
    this.db = DriverManager.getConnection("jdbc:duckdb:");
  }

  public static boolean available() {
    try {
      Class.forName(DRIVER);
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** Whether there is SQL for the task (the UDF task is a Java UDF in the benchmark: none). */
  public static boolean supports(Task t) {
    return t != Task.UDF;
  }

  /** Runs the task's query and returns its answer in the Hadoop jobs' format. */
  public Answer run(Task t) throws SQLException {
    List<String> lines = new ArrayList<>();
    try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(sql(t))) {
      while (rs.next()) {
        lines.add(line(t, rs));
      }
    }
    return new Answer(lines);
  }

  String sql(Task t) {
    String uv = table("uservisits", "sourceIP: 'VARCHAR', destURL: 'VARCHAR', visitDate: 'DATE', adRevenue: 'DECIMAL(12,2)',"
        + " userAgent: 'VARCHAR', countryCode: 'VARCHAR', languageCode: 'VARCHAR', searchWord: 'VARCHAR', duration: 'INTEGER'");
    String rankings = table("rankings", "pageURL: 'VARCHAR', pageRank: 'INTEGER', avgDuration: 'INTEGER'");
    String cents = "SUM(CAST(adRevenue * 100 AS BIGINT))";
    if (t == Task.GREP) {
      return "SELECT key, field FROM " + table("grep", "key: 'VARCHAR', field: 'VARCHAR'") + " WHERE field LIKE '%XYZ%'";
    } else if (t == Task.SELECTION) {
      return "SELECT pageURL, pageRank FROM " + rankings + " WHERE pageRank > 10";
    } else if (t == Task.AGGREGATION) {
      return "SELECT sourceIP, " + cents + " FROM " + uv + " GROUP BY sourceIP";
    } else if (t == Task.AGGREGATION_SMALL) {
      return "SELECT SUBSTR(sourceIP, 1, 7), " + cents + " FROM " + uv + " GROUP BY 1";
    } else if (t == Task.AGGREGATION_DATES) {
      return "SELECT sourceIP, " + cents + " FROM " + uv + " WHERE visitDate BETWEEN DATE '"
          + Task.DateBounds.FROM + "' AND DATE '" + Task.DateBounds.TO + "' GROUP BY sourceIP";
    } else if (t == Task.JOIN) {
      return "SELECT UV.sourceIP, " + cents + " AS revenue, SUM(R.pageRank), COUNT(*) FROM " + rankings + " R JOIN "
          + uv + " UV ON R.pageURL = UV.destURL WHERE UV.visitDate BETWEEN DATE '2000-01-15' AND DATE '2000-01-22'"
          + " GROUP BY UV.sourceIP ORDER BY revenue DESC, UV.sourceIP LIMIT 1";
    }
    throw new IllegalArgumentException("no SQL for task " + t);
  }

  private String table(String name, String columns) {
    String glob = new File(new File(set, name), "part-*").getAbsolutePath().replace("'", "''");
    return "read_csv('" + glob + "', delim = '|', header = false, quote = '', escape = '', auto_detect = false,"
        + " columns = {" + columns + "})";
  }

  private static String line(Task t, ResultSet rs) throws SQLException {
    if (t == Task.GREP) {
      return rs.getString(1) + "\t" + rs.getString(2);
    } else if (t == Task.SELECTION) {
      return rs.getString(1) + "\t" + rs.getInt(2);
    } else if (t == Task.JOIN) {
      return rs.getString(1) + "\t" + PavloOutput.joinValue(rs.getLong(2), rs.getLong(3), rs.getLong(4));
    }
    return rs.getString(1) + "\t" + PavloOutput.revenue(rs.getLong(2));
  }

  @Override
  public void close() throws SQLException {
    db.close();
  }
}
