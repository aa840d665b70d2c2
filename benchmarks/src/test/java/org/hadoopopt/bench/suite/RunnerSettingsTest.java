package org.hadoopopt.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.hadoopopt.bench.tools.PosixLocalFileSystem;
import org.hadoopopt.bench.tools.TaskJars;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The suite's settings for the local job runner stay with it: read the way {@code hadoop jar ...
 * suite} starts it, in a fresh JVM with a cluster's configuration folder first on the class path.
 * A YARN cluster's mapred-site.xml is not part of a plain Configuration until a MapReduce class is
 * loaded, and the suite read {@code local} there: its {@code fs.file.impl} (a class of this jar)
 * went to YARN's containers and every loader task failed with ClassNotFoundException.
 */
class RunnerSettingsTest {
  private static File dir;

  @BeforeAll
  static void setUp() throws IOException {
    dir = Files.createTempDirectory("runner-settings").toFile();
  }

  @AfterAll
  static void tearDown() {
    TestFiles.deleteRecursively(dir);
  }

  @Test
  void aYarnClustersConfigurationGetsNoLocalRunnerSetting() throws Exception {
    Map<String, String> s = settings("yarn", "<property><name>mapreduce.framework.name</name><value>yarn</value></property>");
    assertEquals("yarn", s.get("framework"), s.toString());
    assertEquals("-", s.get(SuiteOptions.LOCAL_FS_KEY), "YARN's containers keep Hadoop's local file system: " + s);
    assertEquals("-", s.get(SuiteOptions.LOCAL_MAPS), s.toString());
    assertEquals("-", s.get(Execution.LOCAL_REDUCES), s.toString());
    assertEquals("-", s.get(Execution.HDFS_CACHE_OFF), "a container makes its own HDFS client: " + s);
    String shipped = s.get(TaskJars.TMPJARS);
    for (String module : new String[] {"hadoopopt-inputformats", "hadoopopt-mapred-fingerprint", "hadoopopt-hdfs-directio"}) {
      assertTrue(shipped.contains(module), "the job ships " + module + ": " + s);
    }
  }

  @Test
  void theLocalRunnerGetsThemAll() throws Exception {
    Map<String, String> s = settings("local", "");
    assertEquals("local", s.get("framework"), s.toString());
    assertEquals(PosixLocalFileSystem.class.getName(), s.get(SuiteOptions.LOCAL_FS_KEY), s.toString());
    assertEquals(String.valueOf(Runtime.getRuntime().availableProcessors()), s.get(SuiteOptions.LOCAL_MAPS), s.toString());
    assertEquals(String.valueOf(Runtime.getRuntime().availableProcessors()), s.get(Execution.LOCAL_REDUCES), s.toString());
    assertEquals("true", s.get(Execution.HDFS_CACHE_OFF), s.toString());
    assertEquals("-", s.get(TaskJars.TMPJARS), "the local runner's tasks use this JVM's class path: " + s);
  }

  /** {@link RunnerSettingsChild}'s lines in a JVM whose class path starts with a folder holding mapred-site.xml with PROPERTIES. */
  private static Map<String, String> settings(String name, String properties) throws Exception {
    File conf = new File(dir, name);
    assertTrue(conf.mkdirs());
    Files.write(new File(conf, "mapred-site.xml").toPath(), ("<?xml version=\"1.0\"?>\n<configuration>" + properties
        + "</configuration>\n").getBytes(StandardCharsets.UTF_8));
    File out = new File(dir, name + ".out");
    Process p = new ProcessBuilder(new File(System.getProperty("java.home"), "bin/java").toString(), "-Xmx256m",
        "-XX:TieredStopAtLevel=1", "-cp", conf + File.pathSeparator + System.getProperty("java.class.path"),
        RunnerSettingsChild.class.getName()).redirectErrorStream(true).redirectOutput(out).start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child ended");
    String printed = new String(Files.readAllBytes(out.toPath()), StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), printed);
    Map<String, String> m = new LinkedHashMap<>();
    for (String line : printed.split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0 && !line.contains(" ")) {
        m.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    return m;
  }
}
