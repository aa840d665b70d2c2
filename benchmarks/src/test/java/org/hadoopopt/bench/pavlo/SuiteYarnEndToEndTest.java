package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.bench.results.BuildCommit;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.SuiteResults;
import org.hadoopopt.bench.suite.ResultsJson;
import org.hadoopopt.bench.suite.JobVariant;
import org.hadoopopt.bench.tools.TaskJars;
import org.hadoopopt.directio.datanode.DirectIoDataNodePlugin;
import org.hadoopopt.testing.Scripts;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/hadoopopt bench --cluster CONF_DIR} on YARN, as a user runs it against an existing
 * cluster: {@code bin/cluster} daemons (NameNode, DataNode with the direct I/O plugin,
 * ResourceManager, NodeManager, JobHistoryServer, each its own JVM), whose containers have
 * stock Hadoop's class path and whatever the job ships: the job jar and its lib/. At scale 0.0003
 * the suite generates and loads the set and runs the headline tasks in every quick variant, each
 * job in containers (small jobs as uber tasks in their ApplicationMaster's container, which saves
 * a container start per task; jobs with several reduces in task containers), no task attempt failing; every answer equals the baseline's, the baselines
 * equal {@link Reference}'s (plain Java over the generated files in HDFS) and DuckDB's; the
 * {@code +dio} tasks read blocks through the DataNode's plugin (its count of descriptors passed);
 * a local-only variant ({@code pfs}) is named in a notice before the first job. Runs in the
 * integration-test phase on the packaged jar ({@code hadoopopt.bench.jar}, set by the pom), beside
 * the module's other test classes, and skips elsewhere and with {@code -Dsuite.yarn.skip=true}.
 */
class SuiteYarnEndToEndTest {
  /** bin/cluster's port plan with one DataNode: P..P+42. */
  private static final int PORTS = 43;
  private static final String SCALE = "0.0003";
  private static final String SEED = "7";
  /** Task JVMs live seconds: C1 alone, as MiniMrYarn has them. */
  private static final String TASK_OPTS = "-Xmx512m -XX:TieredStopAtLevel=1";

  private static java.nio.file.Path dir;
  private static String confDir;

  @BeforeAll
  static void startCluster() throws Exception {
    Assumptions.assumeFalse(Boolean.getBoolean("suite.yarn.skip"), "suite.yarn.skip=true (a targeted -Dtest= run sets it)");
    String jar = System.getProperty("hadoopopt.bench.jar");
    Assumptions.assumeTrue(jar != null && new File(jar).isFile(),
        "runs in the integration-test phase, on the packaged benchmarks jar (mvn verify)");
    dir = Scripts.root().resolve("benchmarks/target/suite-yarn");
    Scripts.run(300, "cluster", "stop", "--dir", dir.toString()); // a leftover from an aborted run
    TestFiles.deleteRecursively(dir.toFile());
    java.nio.file.Path sockets = dir.resolve("sock");
    Files.createDirectories(sockets);
    String plugin = new File(java.net.URI.create(TaskJars.jarOf(DirectIoDataNodePlugin.class.getName()))).toString();
    Scripts.Result start = null;
    for (int attempt = 0; attempt < 5 && (start == null || Scripts.portClash(start)); attempt++) {
      start = Scripts.run(400, "cluster", "start", "--dir", dir.toString(),
          "--base-port", String.valueOf(Scripts.freeBasePort(PORTS)), "--extra-classpath", plugin,
          // conf/hdfs-directio-datanode-site.xml's keys, as bin/hadoopopt bench starts its cluster
          "--set", "dfs.datanode.plugins=" + DirectIoDataNodePlugin.class.getName(),
          "--set", "hadoopopt.directio.socket.dir=" + sockets,
          "--set", "dfs.block.access.token.enable=true", "--set", "dfs.datanode.data.dir.perm=750",
          "--set", "yarn.resourcemanager.nodemanagers.heartbeat-interval-ms=100",
          "--set", "yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms=100",
          "--set", "yarn.nodemanager.log.retain-seconds=0",
          "--set", "mapreduce.job.ubertask.enable=true",
          "--set", "yarn.app.mapreduce.am.command-opts=" + TASK_OPTS,
          "--set", "mapreduce.map.java.opts=" + TASK_OPTS, "--set", "mapreduce.reduce.java.opts=" + TASK_OPTS);
    }
    assertEquals(0, start.exitCode, start.toString());
    Matcher m = Pattern.compile("^export HADOOP_CONF_DIR=(.+)$", Pattern.MULTILINE).matcher(start.stdout);
    assertTrue(m.find(), start.toString());
    confDir = m.group(1).trim();
  }

  @AfterAll
  static void stopCluster() throws Exception {
    if (dir != null) {
      Scripts.run(300, "cluster", "stop", "--dir", dir.toString());
    }
  }

  @Test
  void everyQuickVariantRunsInContainersWithTheBaselineAnswer() throws Exception {
    File out = dir.resolve("results").toFile();
    long t0 = System.nanoTime();
    Scripts.Result run = Scripts.run(new HashMap<>(), 1200, "hadoopopt", "bench", "--cluster", confDir, "--scale", SCALE,
        "--seed", SEED, "--variants", "quick,pfs", "--peers", "duckdb", "--no-ideal", "--out", out.toString());
    System.out.printf("SuiteYarnEndToEndTest: the suite on YARN took %.0f s%n", (System.nanoTime() - t0) / 1e9);
    String log = new String(Files.readAllBytes(Scripts.root().resolve("build/bench.log")), StandardCharsets.UTF_8);
    assertEquals(0, run.exitCode, run + "\n--- build/bench.log\n" + log);
    assertFalse(log.contains("Status : FAILED"), "a task attempt failed:\n" + log);
    SuiteResults r = ResultsJson.read(new String(Files.readAllBytes(new File(out, "results.json").toPath()),
        StandardCharsets.UTF_8));
    assertEquals("yarn", r.run().get("framework"), r.run().toString());
    // `hadoop jar` runs an unpacked copy of the jar: the commit comes from the stamp the build wrote into it.
    assertEquals(BuildCommit.get(), r.run().get("commit"), r.run().toString());
    assertFalse("unknown".equals(r.run().get("commit")) && Scripts.root().resolve(".git").toFile().exists(), r.run().toString());

    // The local-only variant is named before any job runs; every quick variant runs every headline task it is meant for.
    String pfs = "notice: skipped pfs: the patched variants run on the local job runner";
    assertTrue(run.stdout.contains(pfs) && run.stdout.indexOf(pfs) < run.stdout.indexOf("[1/"), run.stdout);
    assertEquals(1, r.notices().size(), r.notices().toString());
    for (String v : JobVariant.QUICK) {
      int measured = 0;
      for (CellResult c : r.cells()) {
        if (c.variant().equals(v)) {
          measured++;
          assertEquals(Boolean.TRUE, c.answerMatchesBaseline(), c.task() + "/" + v);
        }
      }
      assertTrue(measured > 0, v + " ran no task: " + run.stdout);
    }
    // The quick variants that read loaded copies ran in containers too.
    assertNotNull(r.find("selection", "bdbiv"), "the loaded copy's variant");
    assertNotNull(r.find("join", "lookup"), "the loaded copy's variant");

    // The baseline's answers are the right ones, and DuckDB agrees.
    Configuration client = new Configuration(false);
    client.addResource(new Path(new File(confDir, "core-site.xml").toURI()));
    client.addResource(new Path(new File(confDir, "hdfs-site.xml").toURI()));
    FileSystem fs = FileSystem.newInstance(client);
    try {
      Reference ref = new Reference(fs, new Path("/tmp/hadoopopt-bench/data-s3.0E-4-seed" + SEED));
      Map<String, List<String>> expected = new LinkedHashMap<>();
      expected.put("grep", ref.grep("XYZ"));
      expected.put("selection", ref.selection(10));
      expected.put("aggregation", ref.aggregation(0, null, null));
      expected.put("join", ref.join("2000-01-15", "2000-01-22"));
      for (Map.Entry<String, List<String>> e : expected.entrySet()) {
        CellResult b = r.find(e.getKey(), "baseline");
        assertEquals(e.getValue().size(), b.answerLines(), e.getKey());
        assertEquals(Reference.sha256(e.getValue()), b.answerSha256(), e.getKey());
        assertEquals(Boolean.TRUE, r.find(e.getKey(), SuiteResults.DUCKDB).answerMatchesBaseline(), "duckdb " + e.getKey());
      }
      assertTrue(expected.get("aggregation").size() > 100, "a non-trivial aggregation");
      assertFalse(expected.get("join").isEmpty(), "a join with an answer");
    } finally {
      fs.close();
    }

    // The +dio tasks read through the DataNode's plugin: it counts the descriptors it passed when it stops.
    Scripts.Result stop = Scripts.run(300, "cluster", "stop", "--dir", dir.toString());
    assertEquals(0, stop.exitCode, stop.toString());
    String dn = new String(Files.readAllBytes(dir.resolve("logs/datanode-0.log")), StandardCharsets.UTF_8);
    Matcher passed = Pattern.compile("direct-I/O endpoint stopped \\((\\d+) served, (\\d+) with descriptors passed").matcher(dn);
    assertTrue(passed.find(), "the plugin's closing line in the DataNode log");
    assertTrue(Long.parseLong(passed.group(2)) > 0, passed.group());
  }
}
