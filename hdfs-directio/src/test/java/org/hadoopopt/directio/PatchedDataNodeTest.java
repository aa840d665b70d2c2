package org.hadoopopt.directio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.hadoopopt.testing.HadoopPatches;
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
    Path jar = HadoopPatches.jar();
    Path base = Paths.get("target", "patched-dfs").toAbsolutePath();
    TestFiles.deleteRecursively(base.toFile());
    Path childLog = Paths.get("target", "patched-dfs.log").toAbsolutePath();
    int exit = HadoopPatches.runChild(jar, PatchedDataNodeMain.class.getName(), childLog, 240, base.toString());
    String out = new String(Files.readAllBytes(childLog), StandardCharsets.UTF_8);
    TestFiles.deleteRecursively(base.toFile());
    assertTrue(out.contains("patched DataNode from file:" + jar), "the patched class was loaded:\n" + tail(out));
    assertTrue(out.contains("PATCH OK"), tail(out));
    assertEquals(0, exit, tail(out));
  }

  static String tail(String s) {
    return HadoopPatches.tail(s);
  }
}
