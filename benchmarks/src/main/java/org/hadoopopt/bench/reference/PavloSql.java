package org.hadoopopt.bench.reference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hadoopopt.bench.pavlo.PavloOutput;
import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.bench.pavlo.Task;

/**
 * The benchmark's SQL, one text per task, run unchanged by every SQL peer (DuckDB, Spark SQL) over
 * views named after the tables; each peer only declares the views over the same '|' files with
 * {@link #columns}. Answers are printed exactly as {@link PavloOutput} prints Hadoop's.
 */
public final class PavloSql {
  /** A column of a view: name and SQL type (VARCHAR, INTEGER, DATE, DECIMAL(p,s)). */
  public static final class Column {
    private final String name;
    private final String type;

    Column(String name, String type) {
      this.name = name;
      this.type = type;
    }

    public String name() {
      return name;
    }

    public String type() {
      return type;
    }
  }

  private static final Map<String, List<Column>> VIEWS = new LinkedHashMap<>();

  static {
    VIEWS.put(PavloSchema.GREP, cols("key VARCHAR", "field VARCHAR"));
    VIEWS.put(PavloSchema.RANKINGS, cols("pageURL VARCHAR", "pageRank INTEGER", "avgDuration INTEGER"));
    // adRevenue as an exact decimal: sums in millionths equal the Hadoop jobs' exactly.
    VIEWS.put(PavloSchema.USERVISITS, cols("sourceIP VARCHAR", "destURL VARCHAR", "visitDate DATE",
        "adRevenue DECIMAL(12,2)", "userAgent VARCHAR", "countryCode VARCHAR", "languageCode VARCHAR",
        "searchWord VARCHAR", "duration INTEGER"));
  }

  private static final String MICROS = "SUM(CAST(adRevenue * 1000000 AS BIGINT))";

  private PavloSql() {}

  private static List<Column> cols(String... specs) {
    List<Column> out = new ArrayList<>();
    for (String s : specs) {
      int sp = s.indexOf(' ');
      out.add(new Column(s.substring(0, sp), s.substring(sp + 1)));
    }
    return Collections.unmodifiableList(out);
  }

  /** Whether there is SQL for the task (the UDF task is a Java UDF in the benchmark: none). */
  public static boolean supports(Task t) {
    return t != Task.UDF;
  }

  /** The columns of a table's view, in file order. */
  public static List<Column> columns(String table) {
    List<Column> c = VIEWS.get(table);
    if (c == null) {
      throw new IllegalArgumentException("no view for table " + table);
    }
    return c;
  }

  /** The tables the task's SQL reads. */
  public static List<String> tables(Task t) {
    return t.tables();
  }

  /** The task's query over the views grep, rankings and uservisits. */
  public static String sql(Task t) {
    if (t == Task.GREP) {
      return "SELECT key, field FROM grep WHERE field LIKE '%XYZ%'";
    } else if (t == Task.SELECTION) {
      return "SELECT pageURL, pageRank FROM rankings WHERE pageRank > 10";
    } else if (t == Task.AGGREGATION) {
      return "SELECT sourceIP, " + MICROS + " FROM uservisits GROUP BY sourceIP";
    } else if (t == Task.AGGREGATION_SMALL) {
      return "SELECT SUBSTR(sourceIP, 1, 7), " + MICROS + " FROM uservisits GROUP BY SUBSTR(sourceIP, 1, 7)";
    } else if (t == Task.AGGREGATION_DATES) {
      return "SELECT sourceIP, " + MICROS + " FROM uservisits WHERE visitDate BETWEEN DATE '"
          + Task.DateBounds.FROM + "' AND DATE '" + Task.DateBounds.TO + "' GROUP BY sourceIP";
    } else if (t == Task.JOIN) {
      return "SELECT UV.sourceIP, " + MICROS + " AS revenue, SUM(R.pageRank), COUNT(*) FROM rankings R JOIN "
          + "uservisits UV ON R.pageURL = UV.destURL WHERE UV.visitDate BETWEEN DATE '2000-01-15' AND DATE '2000-01-22'"
          + " GROUP BY UV.sourceIP ORDER BY revenue DESC, UV.sourceIP LIMIT 1";
    }
    throw new IllegalArgumentException("no SQL for task " + t);
  }

  /** A result row (each value as text, integers in decimal) as the Hadoop job's output line. */
  public static String line(Task t, List<String> row) {
    if (t == Task.GREP) {
      return row.get(0) + "\t" + row.get(1);
    } else if (t == Task.SELECTION) {
      return row.get(0) + "\t" + Integer.parseInt(row.get(1));
    } else if (t == Task.JOIN) {
      return row.get(0) + "\t" + PavloOutput.joinValue(Long.parseLong(row.get(1)), Long.parseLong(row.get(2)),
          Long.parseLong(row.get(3)));
    }
    return row.get(0) + "\t" + PavloOutput.revenue(Long.parseLong(row.get(1)));
  }

  /** A TAB-separated result row as a line (see {@link #line(Task, List)}). */
  public static String line(Task t, String tsvRow) {
    return line(t, Arrays.asList(tsvRow.split("\t", -1)));
  }
}
