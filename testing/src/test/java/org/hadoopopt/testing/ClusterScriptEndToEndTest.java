package org.hadoopopt.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * bin/cluster and bin/hadoop as a user runs them: real daemons in separate JVMs, a file put in
 * with {@code bin/hadoop fs -put}, the stock WordCount of hadoop-mapreduce-examples run with
 * {@code bin/hadoop jar}, and nothing of ours left running after {@code bin/cluster stop}.
 */
class ClusterScriptEndToEndTest {
  private static final int PORTS = 43; // bin/cluster's port plan with one DataNode: P..P+42
  /** The AM's and the tasks' JVM options, as SuiteYarnEndToEndTest and MiniMrYarn have them. */
  private static final String TASK_OPTS = "-Xmx512m -XX:TieredStopAtLevel=1";
  private static String basePort;
  private static Path dir;
  private static Map<String, String> env;
  private static final List<Long> daemonPids = new ArrayList<>();

  @BeforeAll
  static void startCluster() throws Exception {
    dir = Scripts.root().resolve("testing/target/cluster-e2e");
    Scripts.run(300, "cluster", "stop", "--dir", dir.toString()); // a leftover from an aborted run
    TestFiles.deleteRecursively(dir.toFile()); // a fresh, formatted HDFS every time
    Scripts.Result start = null;
    // free ports, never a fixed block: the same test may run elsewhere on this machine meanwhile
    for (int attempt = 0; attempt < 5 && (start == null || Scripts.portClash(start)); attempt++) {
      basePort = String.valueOf(Scripts.freeBasePort(PORTS));
      start = Scripts.run(300, "cluster", "start", "--dir", dir.toString(), "--base-port", basePort,
          // test-sized latencies, as MiniMrYarn has them: 100 ms heartbeats instead of 1 s, no
          // container-log deletion pending for 3 h that the NodeManager's stop would wait for, and
          // the AM and task JVMs, which live seconds, on C1 alone (start-up is most of their time)
          "--set", "yarn.resourcemanager.nodemanagers.heartbeat-interval-ms=100",
          "--set", "yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms=100",
          "--set", "yarn.nodemanager.log.retain-seconds=0",
          "--set", "yarn.app.mapreduce.am.command-opts=" + TASK_OPTS,
          "--set", "mapreduce.map.java.opts=" + TASK_OPTS, "--set", "mapreduce.reduce.java.opts=" + TASK_OPTS);
    }
    assertEquals(0, start.exitCode, start.toString());
    Matcher m = Pattern.compile("^export HADOOP_CONF_DIR=(.+)$", Pattern.MULTILINE).matcher(start.stdout);
    assertTrue(m.find(), "start must print the conf dir: " + start);
    env = new HashMap<>();
    env.put("HADOOP_CONF_DIR", m.group(1).trim());

    Scripts.Result status = Scripts.run(60, "cluster", "status", "--dir", dir.toString());
    assertEquals(0, status.exitCode, status.toString());
    Matcher pid = Pattern.compile("(\\S+): running \\(pid (\\d+)\\)").matcher(status.stdout);
    List<String> names = new ArrayList<>();
    while (pid.find()) {
      names.add(pid.group(1));
      daemonPids.add(Long.parseLong(pid.group(2)));
    }
    assertEquals(List.of("namenode", "datanode-0", "resourcemanager", "nodemanager", "historyserver"), names);
  }

  @AfterAll
  static void stopCluster() throws Exception {
    Scripts.Result stop = Scripts.run(300, "cluster", "stop", "--dir", dir.toString());
    assertEquals(0, stop.exitCode, stop.toString());
    for (long pid : daemonPids) {
      assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "daemon pid " + pid + " survived stop");
    }
    String marker = dir.toString();
    List<String> leftovers = new ArrayList<>();
    ProcessHandle.allProcesses().forEach(p -> p.info().commandLine()
        .filter(c -> c.contains(marker) && !c.contains("surefire"))
        .ifPresent(c -> leftovers.add(p.pid() + " " + c)));
    assertEquals(List.of(), leftovers, "processes of the cluster left after stop");
    Scripts.Result status = Scripts.run(60, "cluster", "status", "--dir", dir.toString());
    assertTrue(status.stdout.contains("no cluster"), status.toString());
  }

  @Test
  void wordCountFromTheExamplesJarMatchesCountsComputedHere() throws Exception {
    String text = WordCounts.randomText(7, 5000);
    Path local = Files.createTempFile("wordcount-in", ".txt");
    Files.writeString(local, text);
    try {
      assertOk(Scripts.run(env, 120, "hadoop", "fs", "-mkdir", "-p", "/e2e/in"));
      assertOk(Scripts.run(env, 120, "hadoop", "fs", "-put", "-f", local.toString(), "/e2e/in/words.txt"));
      String examples = Scripts.root().resolve("testing/target/hadoop-jars/hadoop-mapreduce-examples.jar").toString();
      Scripts.Result job = Scripts.run(env, 600, "hadoop", "jar", examples, "wordcount",
          "-D", "mapreduce.job.reduces=2",
          // A loaded 2-core machine can make YARN start a speculative reduce, which adds a
          // launched (and killed) attempt to the counters this test reads.
          "-D", "mapreduce.map.speculative=false", "-D", "mapreduce.reduce.speculative=false",
          "/e2e/in", "/e2e/out");
      assertOk(job);
      assertTrue(job.stderr.contains("completed successfully"), job.toString());
      assertTrue(job.stderr.contains("Launched reduce tasks=2"), "counters come back from the finished job: " + job);

      Scripts.Result cat = Scripts.run(env, 120, "hadoop", "fs", "-cat", "/e2e/out/part-r-*");
      assertOk(cat);
      List<String> got = new ArrayList<>(List.of(cat.stdout.split("\n")));
      Collections.sort(got);
      List<String> want = new ArrayList<>();
      WordCounts.count(text).forEach((w, c) -> want.add(w + "\t" + c));
      Collections.sort(want);
      assertEquals(want, got);
    } finally {
      Files.deleteIfExists(local);
    }
  }

  @Test
  void startingTwiceSaysItIsAlreadyRunning() throws Exception {
    Scripts.Result again = Scripts.run(120, "cluster", "start", "--dir", dir.toString(), "--base-port", basePort);
    assertNotEquals(0, again.exitCode);
    assertTrue(again.stderr.contains("already running"), again.toString());
  }

  @Test
  void aPortInUseIsNamed() throws Exception {
    Path other = Files.createTempDirectory("cluster-port-clash");
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      Scripts.Result r = Scripts.run(120, "cluster", "start", "--dir", other.toString(), "--base-port", String.valueOf(port));
      assertNotEquals(0, r.exitCode);
      assertTrue(r.stderr.contains("port " + port + " "), r.toString());
    } finally {
      TestFiles.deleteRecursively(other.toFile());
    }
  }

  @Test
  void aMissingJarIsHadoopsOwnClearError() throws Exception {
    Scripts.Result r = Scripts.run(env, 120, "hadoop", "jar", "/no/such/job.jar", "wordcount", "a", "b");
    assertNotEquals(0, r.exitCode);
    assertTrue(r.all().contains("JAR does not exist or is not a normal file: /no/such/job.jar"), r.toString());
  }

  private static void assertOk(Scripts.Result r) throws IOException {
    assertEquals(0, r.exitCode, r.toString());
  }
}
