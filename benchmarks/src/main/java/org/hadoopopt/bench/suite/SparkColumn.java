package org.hadoopopt.bench.suite;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.bench.reference.PavloSql;
import org.hadoopopt.bench.results.Answer;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.LoadStep;
import org.hadoopopt.bench.results.SuiteResults;
import org.hadoopopt.bench.pavlo.Task;

/**
 * Adds the Spark SQL peer's two columns: {@value SuiteResults#SPARK}, {@link PavloSql}'s queries
 * (the DuckDB column's text exactly) over the same local copy of the set DuckDB reads, and
 * {@value SuiteResults#SPARK_PARQUET}, the same queries over Parquet Spark wrote once from that text
 * ({@link PeerStorage}: each table's write timed, kept and reused while its text is unchanged). Run
 * by benchmarks-spark's {@code SparkPeer} in Spark's local mode with one thread per core, in a JVM of
 * its own (Spark's jars and Hadoop client stay off the suite's classpath). Each query is timed
 * inside the peer (session start-up excluded, as the Hadoop jobs' JVM is); answers are compared
 * with the baseline's. Spark's own log goes to OUT/spark/spark.log.
 */
final class SparkColumn {
  /** The opens Spark's launcher gives its JVMs on Java 17 (Spark's JavaModuleOptions). */
  private static final List<String> SPARK_OPENS = Arrays.asList("-XX:+IgnoreUnrecognizedVMOptions",
      "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED", "--add-opens=java.base/java.io=ALL-UNNAMED",
      "--add-opens=java.base/java.net=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED", "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
      "--add-opens=java.base/sun.security.action=ALL-UNNAMED", "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
      "-Djdk.reflect.useDirectMethodHandle=false", "-Dio.netty.tryReflectionSetAccessible=true");

  private final PrintStream progress;

  SparkColumn(PrintStream progress) {
    this.progress = progress;
  }

  void run(Configuration conf, DataPrep prep, File out, Path outRoot, List<Task> tasks, int runs, SuiteResults results)
      throws Exception {
    File set = PeerSupport.localSet(prep, out, progress, results);
    PeerStorage storage = new PeerStorage(out, "spark", prep.setDir().getName());
    File dir = new File(out, "spark");
    PeerSupport.deleteRecursively(dir);
    if (!dir.mkdirs()) {
      throw new IOException("cannot create " + dir);
    }
    List<Task> run = new ArrayList<>();
    for (Task t : tasks) {
      if (PavloSql.supports(t)) {
        run.add(t);
      }
    }
    File queries = new File(dir, "queries.properties");
    java.util.Map<String, String> texts = new java.util.LinkedHashMap<>();
    java.util.Map<String, Double> reused = new java.util.LinkedHashMap<>();
    for (String table : PeerSupport.tables(run)) {
      String text = PeerStorage.textOf(set, table);
      texts.put(table, text);
      Double had = storage.loadedSeconds(table, text);
      if (had != null && new File(storage.dir(), table).isDirectory()) {
        reused.put(table, had);
      } else {
        storage.forget(table);
      }
    }
    writeQueries(queries, set, run, runs, storage.dir(), reused.keySet());
    File log = new File(dir, "spark.log");
    List<String> cmd = new ArrayList<>();
    cmd.add(new File(System.getProperty("java.home"), "bin/java").getPath());
    cmd.addAll(SPARK_OPENS);
    cmd.addAll(Arrays.asList(SuiteOptions.getSparkJavaOpts(conf).split("\\s+")));
    cmd.add("-cp");
    cmd.add(String.join(File.pathSeparator, SuiteOptions.getSparkClasspath(conf)));
    cmd.add(PeerSupport.SPARK_MAIN);
    cmd.add(queries.getPath());
    cmd.add(dir.getPath());
    int cores = Runtime.getRuntime().availableProcessors();
    progress.printf(Locale.ROOT, "spark    local[%d], %d task(s) x %d round(s) (log: %s) ... ", cores, run.size(), runs, log);
    progress.flush();
    long t0 = System.nanoTime();
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log).start();
    int rc = p.waitFor();
    progress.printf(Locale.ROOT, "%.1f s%n", (System.nanoTime() - t0) / 1e9);
    if (rc != 0) {
      throw new IllegalStateException("the Spark SQL peer exited with " + rc + "; last lines of " + log + ":\n" + tail(log, 15));
    }
    String step = " as Parquet (written once)";
    for (java.util.Map.Entry<String, Double> e : reused.entrySet()) {
      results.loading().add(new LoadStep(LoadStep.Side.SPARK, "write " + e.getKey() + step, copy(e.getKey()), e.getValue(), true));
    }
    for (String line : Files.readAllLines(new File(dir, "loads.tsv").toPath(), StandardCharsets.UTF_8)) {
      String[] f = line.split("\t");
      double s = Double.parseDouble(f[1]);
      progress.printf(Locale.ROOT, "spark    wrote %s as Parquet in %.1f s%n", f[0], s);
      storage.loaded(f[0], texts.get(f[0]), s);
      results.loading().add(new LoadStep(LoadStep.Side.SPARK, "write " + f[0] + step, copy(f[0]), s, false));
    }
    for (String line : Files.readAllLines(new File(dir, "times.tsv").toPath(), StandardCharsets.UTF_8)) {
      String[] f = line.split("\t");
      double s = Double.parseDouble(f[3]);
      String column = f[2].equals("text") ? SuiteResults.SPARK : SuiteResults.SPARK_PARQUET;
      progress.printf(Locale.ROOT, "%-14s round %s  %-18s %7.2f s%n", column, f[1], f[0], s);
      results.cell(f[0], column).addSeconds(s);
    }
    for (Task t : run) {
      answer(t, SuiteResults.SPARK, new File(dir, t.name() + ".tsv"), prep, outRoot, results);
      CellResult c = answer(t, SuiteResults.SPARK_PARQUET, new File(dir, t.name() + ".parquet.tsv"), prep, outRoot, results);
      c.setStorage(CellResult.Storage.LOADED);
      for (String table : t.tables()) {
        c.copies().add(copy(table));
      }
    }
  }

  /** The copy name of Spark's Parquet of TABLE (as loading steps and cells name it). */
  static String copy(String table) {
    return "parquet/" + table;
  }

  private CellResult answer(Task t, String column, File rows, DataPrep prep, Path outRoot, SuiteResults results)
      throws IOException {
    List<String> lines = new ArrayList<>();
    for (String row : Files.readAllLines(rows.toPath(), StandardCharsets.UTF_8)) {
      lines.add(PavloSql.line(t, row));
    }
    Answer a = new Answer(lines);
    CellResult c = results.cell(t.name(), column);
    c.setAnswer(a.lines().size(), a.sha256());
    PeerSupport.compare(prep.fs(), new Path(outRoot, t.name() + "/" + JobVariant.BASELINE.name()), a, c, results, progress);
    return c;
  }

  private static void writeQueries(File file, File set, List<Task> tasks, int runs, File parquet,
      java.util.Set<String> parquetReused) throws IOException {
    Properties q = new Properties();
    List<String> views = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (Task t : tasks) {
      names.add(t.name());
      q.setProperty("task." + t.name() + ".sql", PavloSql.sql(t));
      for (String table : t.tables()) {
        if (!views.contains(table)) {
          views.add(table);
        }
      }
    }
    for (String v : views) {
      StringBuilder schema = new StringBuilder();
      for (PavloSql.Column c : PavloSql.columns(v)) {
        // Spark's DDL spells text STRING; every other type is written as DuckDB's.
        schema.append(schema.length() == 0 ? "" : ", ").append(c.name()).append(' ')
            .append(c.type().equals("VARCHAR") ? "STRING" : c.type());
      }
      q.setProperty("view." + v + ".path", new File(set, v).getAbsolutePath());
      q.setProperty("view." + v + ".schema", schema.toString());
      q.setProperty("view." + v + ".parquet.write", Boolean.toString(!parquetReused.contains(v)));
    }
    q.setProperty("parquet.dir", parquet.getAbsolutePath());
    q.setProperty("views", String.join(",", views));
    q.setProperty("tasks", String.join(",", names));
    q.setProperty("rounds", Integer.toString(runs));
    try (OutputStream o = Files.newOutputStream(file.toPath())) {
      q.store(o, "the suite's SQL for the Spark SQL peer");
    }
  }

  private static String tail(File f, int n) {
    try {
      List<String> l = Files.readAllLines(f.toPath(), StandardCharsets.UTF_8);
      return String.join("\n", l.subList(Math.max(0, l.size() - n), l.size()));
    } catch (IOException | RuntimeException e) {
      return "(cannot read it: " + e.getMessage() + ")";
    }
  }
}
