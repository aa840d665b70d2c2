package org.hadoopopt.bench.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * {@code SparkPeer QUERIES OUT}: the benchmark's SQL in Spark SQL's local mode with one worker
 * thread per core, over the '|' text and over Parquet written once from it. QUERIES is a properties
 * file written by the suite (the suite owns the SQL, the tables, whether a table's Parquet can be
 * reused and how answers are compared; this program knows nothing of the benchmark):
 * <pre>
 *   views = grep,rankings                   # '|'-separated text folders, read on every query
 *   view.grep.path = /data/grep             # a folder (or any URI Spark's Hadoop client reads)
 *   view.grep.schema = key STRING, field STRING
 *   parquet.dir = /out/peer-loaded/spark-s  # the views' Parquet: one folder per view
 *   view.grep.parquet.write = true          # write it now (timed); false: written by an earlier run
 *   tasks = grep,selection                  # run in this order, every round, on the text then on Parquet
 *   task.grep.sql = SELECT key, field FROM grep WHERE field LIKE '%XYZ%'
 *   rounds = 3
 * </pre>
 * Writes OUT/loads.tsv ({@code view TAB seconds} for each Parquet written), OUT/times.tsv
 * ({@code task TAB round TAB storage TAB seconds}, storage {@code text} or {@code parquet}, a line per
 * query, the time of {@code sql(...).collect()}) and OUT/TASK.tsv, OUT/TASK.parquet.tsv (the first
 * round's rows, columns TAB-separated, each value's {@code toString}). Exit 0 on success, 2 on a bad
 * QUERIES file, 1 on a failed query.
 */
public final class SparkPeer {
  private SparkPeer() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: SparkPeer QUERIES OUT");
      System.exit(2);
    }
    Properties q = new Properties();
    try (InputStream in = Files.newInputStream(Paths.get(args[0]))) {
      q.load(in);
    }
    Path out = Paths.get(args[1]);
    Files.createDirectories(out);
    int cores = Runtime.getRuntime().availableProcessors();
    SparkSession spark = SparkSession.builder()
        .appName("hadoopopt-spark-peer")
        .master("local[" + cores + "]")
        // No web UI (it would take port 4040 or the next free one) and only loopback addresses.
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.local.dir", out.resolve("spark-tmp").toAbsolutePath().toString())
        .getOrCreate();
    int rc = 0;
    try {
      rc = run(spark, q, out, System.out);
    } finally {
      spark.stop();
    }
    System.exit(rc);
  }

  static int run(SparkSession spark, Properties q, Path out, PrintStream progress) throws IOException {
    String parquet = required(q, "parquet.dir");
    try (Writer loads = Files.newBufferedWriter(out.resolve("loads.tsv"), StandardCharsets.UTF_8)) {
      for (String view : list(q, "views")) {
        if (!Boolean.parseBoolean(q.getProperty("view." + view + ".parquet.write", "true").trim())) {
          continue;
        }
        long t0 = System.nanoTime();
        text(spark, q, view).write().mode("overwrite").parquet(parquetDir(parquet, view));
        double s = (System.nanoTime() - t0) / 1e9;
        progress.printf(Locale.ROOT, "spark    wrote %s as Parquet in %.1f s%n", view, s);
        loads.write(String.format(Locale.ROOT, "%s\t%.6f%n", view, s));
        loads.flush();
      }
    }
    int rounds = Integer.parseInt(q.getProperty("rounds", "1").trim());
    try (Writer times = Files.newBufferedWriter(out.resolve("times.tsv"), StandardCharsets.UTF_8)) {
      for (int round = 1; round <= rounds; round++) {
        for (String storage : new String[] {"text", "parquet"}) {
          for (String view : list(q, "views")) {
            (storage.equals("text") ? text(spark, q, view) : spark.read().parquet(parquetDir(parquet, view)))
                .createOrReplaceTempView(view);
          }
          for (String task : list(q, "tasks")) {
            String sql = required(q, "task." + task + ".sql");
            long t0 = System.nanoTime();
            List<Row> rows = spark.sql(sql).collectAsList();
            double s = (System.nanoTime() - t0) / 1e9;
            progress.printf(Locale.ROOT, "spark    round %d  %-18s %-8s %7.2f s  %d rows%n", round, task, storage, s, rows.size());
            times.write(String.format(Locale.ROOT, "%s\t%d\t%s\t%.6f%n", task, round, storage, s));
            times.flush();
            if (round == 1) {
              writeRows(rows, out.resolve(task + (storage.equals("text") ? "" : "." + storage) + ".tsv"));
            }
          }
        }
      }
    }
    return 0;
  }

  /** The view's '|' text, with its schema, no quoting, and a malformed line an error. */
  private static Dataset<Row> text(SparkSession spark, Properties q, String view) {
    return spark.read()
        .schema(required(q, "view." + view + ".schema"))
        .option("sep", "|")
        .option("header", "false")
        .option("quote", "")        // no quoting: a '"' is data, as for the Hadoop jobs
        .option("mode", "FAILFAST") // a malformed line is an error, never a silent null
        .csv(required(q, "view." + view + ".path"));
  }

  private static String parquetDir(String parquet, String view) {
    return Paths.get(parquet, view).toString();
  }

  private static void writeRows(List<Row> rows, Path file) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (Row r : rows) {
        for (int i = 0; i < r.length(); i++) {
          if (i > 0) {
            w.write('\t');
          }
          w.write(String.valueOf(r.get(i)));
        }
        w.write('\n');
      }
    }
  }

  private static String[] list(Properties q, String key) {
    String v = q.getProperty(key, "").trim();
    return v.isEmpty() ? new String[0] : v.split("\\s*,\\s*");
  }

  private static String required(Properties q, String key) {
    String v = q.getProperty(key);
    if (v == null || v.trim().isEmpty()) {
      System.err.println("SparkPeer: the queries file lacks " + key);
      System.exit(2);
    }
    return v.trim();
  }
}
