package org.hadoopopt.directio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hadoopopt.testing.Scripts;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * hadoop-patches: {@code build.sh} applies the patches to the Hadoop 3.4.2 sources (dry run
 * first), compiles them, and the patched DataNode then runs in a MiniDFSCluster in a child JVM
 * ({@link PatchedDataNodeMain}). The patches are made against 3.4.2, so under another Hadoop
 * version this test is skipped.
 */
class PatchedDataNodeTest {
  @Test
  void patchedDataNodeServesLocalPathsToTokenHoldersOnlyWhenSwitchedOn() throws Exception {
    Assumptions.assumeTrue("3.4.2".equals(System.getProperty("hadoop.version", "3.4.2")),
        "hadoop-patches target Hadoop 3.4.2");
    Path root = Scripts.root();
    Path jar = root.resolve("hadoop-patches/target/3.4.2/hadoop-patched-classes-3.4.2.jar");
    if (!upToDate(jar, root.resolve("hadoop-patches"))) { // like make: a clean checkout always builds
      Path log = Paths.get("target", "patch-build.log").toAbsolutePath();
      Process build = new ProcessBuilder(root.resolve("hadoop-patches/build.sh").toString(), "3.4.2")
          .redirectErrorStream(true).redirectOutput(log.toFile()).start();
      assertTrue(build.waitFor(300, TimeUnit.SECONDS), "build.sh finished");
      String buildOut = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
      assertEquals(0, build.exitValue(), buildOut);
      assertTrue(buildOut.contains("applying HDFS-datanode-local-path-by-token.patch"), buildOut);
      assertTrue(Files.isRegularFile(jar), buildOut);
    }

    String testClasspath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    Path base = Paths.get("target", "patched-dfs").toAbsolutePath();
    TestFiles.deleteRecursively(base.toFile());
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx768m");
    cmd.addAll(Arrays.asList("--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.util=ALL-UNNAMED"));
    cmd.add("-cp");
    cmd.add(jar + File.pathSeparator + testClasspath);
    cmd.add(PatchedDataNodeMain.class.getName());
    cmd.add(base.toString());
    Path childLog = Paths.get("target", "patched-dfs.log").toAbsolutePath();
    Process child = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(childLog.toFile()).start();
    boolean done = child.waitFor(240, TimeUnit.SECONDS);
    if (!done) {
      child.destroyForcibly();
    }
    String out = new String(Files.readAllBytes(childLog), StandardCharsets.UTF_8);
    TestFiles.deleteRecursively(base.toFile());
    assertTrue(done, "child JVM finished; log " + childLog);
    assertTrue(out.contains("patched DataNode from file:" + jar), "the patched class was loaded:\n" + tail(out));
    assertTrue(out.contains("PATCH OK"), tail(out));
    assertEquals(0, child.exitValue(), tail(out));
  }

  /** True if {@code jar} is newer than build.sh and every patch in {@code dir}. */
  static boolean upToDate(Path jar, Path dir) throws java.io.IOException {
    if (!Files.isRegularFile(jar)) {
      return false;
    }
    long built = Files.getLastModifiedTime(jar).toMillis();
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.toString().endsWith(".patch") || f.getFileName().toString().equals("build.sh"))
          .allMatch(f -> f.toFile().lastModified() < built);
    }
  }

  static String tail(String s) {
    return s.length() > 4000 ? s.substring(s.length() - 4000) : s;
  }
}
