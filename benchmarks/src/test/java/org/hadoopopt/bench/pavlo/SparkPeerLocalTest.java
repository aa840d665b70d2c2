package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.LoadStep;
import org.hadoopopt.bench.suite.ResultsJson;
import org.hadoopopt.bench.suite.SuiteOptions;
import org.hadoopopt.bench.results.SuiteResults;
import org.hadoopopt.bench.suite.SuiteTool;
import org.hadoopopt.testing.VersionNeutral;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Both peers in one tiny {@code suite --cluster local} run: the Spark SQL peer (benchmarks-spark's
 * SparkPeer in its own JVM, local mode) and DuckDB answer every headline task exactly as the
 * baseline Hadoop job does, each on the text and on its own storage loaded once (DuckDB's tables,
 * Spark's Parquet), their cells timed and their loads recorded; a second run reuses both peers'
 * storage with the seconds the first run's loads took. Needs the Spark module built first
 * ({@code mvn -Pspark -pl benchmarks-spark package}, as .ci/run does); skips, saying so, without it.
 */
@VersionNeutral
class SparkPeerLocalTest {
  private static final File MODULE = new File("../benchmarks-spark/target").getAbsoluteFile();

  private static String sparkClasspath() throws Exception {
    File cp = new File(MODULE, "spark-peer-classpath.txt");
    File jar = new File(MODULE, "hadoopopt-benchmarks-spark-0.1.0-SNAPSHOT.jar");
    Assumptions.assumeTrue(cp.isFile() && jar.isFile(), "benchmarks-spark is not built (mvn -Pspark -pl benchmarks-spark package);"
        + " Spark peer test skipped");
    return jar + File.pathSeparator + new String(Files.readAllBytes(cp.toPath()), StandardCharsets.UTF_8).trim();
  }

  @Test
  void sparkAndDuckDbAnswerEveryHeadlineTaskAsTheBaselineDoes() throws Exception {
    String cp = sparkClasspath();
    File work = LocalSets.work("spark-peer");
    File out = new File(work, "results");
    SuiteResults first = run(cp, work, out);
    for (String task : List.of("grep", "selection", "aggregation", "join")) {
      CellResult base = first.find(task, "baseline");
      assertNotNull(base, task);
      assertTrue(base.answerLines() > 0, task + ": a non-empty answer");
      for (String peer : SuiteResults.PEER_COLUMNS) {
        CellResult c = first.find(task, peer);
        assertNotNull(c, peer + " " + task);
        assertEquals(1, c.seconds().size(), peer + " " + task);
        assertTrue(c.median() > 0, peer + " " + task);
        assertEquals(base.answerSha256(), c.answerSha256(), peer + " " + task + ": the answer equals the baseline's");
        assertEquals(Boolean.TRUE, c.answerMatchesBaseline(), peer + " " + task);
        boolean loaded = peer.equals(SuiteResults.DUCKDB_LOADED) || peer.equals(SuiteResults.SPARK_PARQUET);
        assertEquals(loaded ? CellResult.Storage.LOADED : CellResult.Storage.TEXT, c.storage(), peer + " " + task);
        assertEquals(loaded, first.loadSeconds(c) > 0, peer + " " + task + ": a loaded column carries its loading time");
      }
    }
    assertTrue(first.notices().isEmpty(), "no notice (no differing answer): " + first.notices());
    for (LoadStep.Side side : List.of(LoadStep.Side.DUCKDB, LoadStep.Side.SPARK)) {
      List<LoadStep> steps = steps(first, side);
      assertEquals(3, steps.size(), side + ": grep, rankings, uservisits loaded once: " + steps);
      assertTrue(steps.stream().noneMatch(LoadStep::reused), steps.toString());
    }

    // Again on the same set: both peers' storage is reused, each table with the seconds its load took.
    SuiteResults second = run(cp, work, out);
    for (LoadStep.Side side : List.of(LoadStep.Side.DUCKDB, LoadStep.Side.SPARK)) {
      List<LoadStep> made = steps(first, side);
      List<LoadStep> reused = steps(second, side);
      assertEquals(made.size(), reused.size(), side.toString());
      for (int i = 0; i < made.size(); i++) {
        assertTrue(reused.get(i).reused(), reused.get(i).toString());
        assertEquals(made.get(i).copy(), reused.get(i).copy());
        assertEquals(made.get(i).seconds(), reused.get(i).seconds(), 1e-6, reused.get(i).toString());
      }
    }
    for (String peer : SuiteResults.PEER_COLUMNS) {
      assertEquals(first.find("join", "baseline").answerSha256(), second.find("join", peer).answerSha256(), peer);
    }
  }

  private static SuiteResults run(String cp, File work, File out) throws Exception {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    int rc = ToolRunner.run(new Configuration(), new SuiteTool(new PrintStream(console, true, "UTF-8")), new String[] {
        "-D", SuiteOptions.SPARK_CLASSPATH + "=" + cp, "-D", SuiteOptions.SPARK_JAVA_OPTS + "=-Xmx768m",
        "--cluster", "local", "--scale", "0.0003", "--seed", "7", "--runs", "1", "--tasks", "headline",
        "--variants", "baseline", "--peers", "duckdb,spark", "--no-ideal", "--out", out.toString(),
        new File(work, "w").toString()});
    String printed = console.toString("UTF-8");
    assertEquals(0, rc, printed);
    assertTrue(printed.contains("over Spark SQL on the text") && printed.contains("Spark on Parquet"),
        "the headline names Spark on the text, the loaded table Spark on Parquet: " + printed);
    return ResultsJson.read(new String(Files.readAllBytes(new File(out, "results.json").toPath()), StandardCharsets.UTF_8));
  }

  private static List<LoadStep> steps(SuiteResults r, LoadStep.Side side) {
    List<LoadStep> out = new java.util.ArrayList<>();
    for (LoadStep l : r.loading()) {
      if (l.side() == side) {
        out.add(l);
      }
    }
    return out;
  }
}
