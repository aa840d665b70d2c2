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
import org.hadoopopt.bench.suite.ResultsJson;
import org.hadoopopt.bench.suite.SuiteOptions;
import org.hadoopopt.bench.results.SuiteResults;
import org.hadoopopt.bench.suite.SuiteTool;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Both peers in one tiny {@code suite --cluster local} run: the Spark SQL peer (benchmarks-spark's
 * SparkPeer in its own JVM, local mode) and DuckDB answer every headline task exactly as the
 * baseline Hadoop job does, and their cells are timed. Needs the Spark module built first
 * ({@code mvn -Pspark -pl benchmarks-spark package}, as .ci/run does); skips, saying so, without it.
 */
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
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    int rc = ToolRunner.run(new Configuration(), new SuiteTool(new PrintStream(console, true, "UTF-8")), new String[] {
        "-D", SuiteOptions.SPARK_CLASSPATH + "=" + cp, "-D", SuiteOptions.SPARK_JAVA_OPTS + "=-Xmx768m",
        "--cluster", "local", "--scale", "0.0003", "--seed", "7", "--runs", "1", "--tasks", "headline",
        "--variants", "baseline", "--peers", "duckdb,spark", "--no-ideal", "--out", out.toString(),
        new File(work, "w").toString()});
    String printed = console.toString("UTF-8");
    assertEquals(0, rc, printed);
    SuiteResults r = ResultsJson.read(new String(Files.readAllBytes(new File(out, "results.json").toPath()),
        StandardCharsets.UTF_8));
    for (String task : List.of("grep", "selection", "aggregation", "join")) {
      CellResult base = r.find(task, "baseline");
      assertNotNull(base, task);
      assertTrue(base.answerLines() > 0, task + ": a non-empty answer");
      for (String peer : SuiteResults.PEERS) {
        CellResult c = r.find(task, peer);
        assertNotNull(c, peer + " " + task + "\n" + printed);
        assertEquals(1, c.seconds().size(), peer + " " + task);
        assertTrue(c.median() > 0, peer + " " + task);
        assertEquals(base.answerSha256(), c.answerSha256(), peer + " " + task + ": the answer equals the baseline's");
        assertEquals(Boolean.TRUE, c.answerMatchesBaseline(), peer + " " + task);
      }
    }
    assertTrue(r.notices().isEmpty(), "no notice (no differing answer): " + r.notices());
    assertTrue(printed.contains("Spark SQL takes"), "the headline names the Spark peer: " + printed);
  }
}
