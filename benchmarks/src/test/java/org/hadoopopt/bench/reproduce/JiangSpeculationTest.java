package org.hadoopopt.bench.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.hadoopopt.bench.results.Finding;
import org.hadoopopt.bench.results.Verdict;
import org.hadoopopt.testing.MiniMrYarn;
import org.hadoopopt.testing.TestFiles;
import org.hadoopopt.testing.VersionNeutral;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The slow-node experiment at a tiny scale against a real YARN (MiniMRYarnCluster, one NodeManager
 * of 8 GB): a second NodeManager JVM joins it in a CPU-limited cgroup, the Grep jobs run on both
 * nodes with speculation on and off, the slow node's quota holds it back (the driver fails
 * otherwise), and everything it started is gone afterwards. Needs the right to create a cgroup
 * (root here); without it the rows say why.
 */
@VersionNeutral
class JiangSpeculationTest {
  @RegisterExtension
  static final MiniMrYarn CLUSTER = new MiniMrYarn(1, smallBlocks());

  private static Configuration smallBlocks() {
    Configuration c = new Configuration();
    c.setLong("dfs.namenode.fs-limits.min-block-size", 0);
    return c;
  }

  @Test
  void containersAreSizedTwoANodeWithTheApplicationMasterOnTheFirst() {
    JiangSpeculation.Sizes s = new JiangSpeculation.Sizes(8192, 256);
    assertEquals(1792, s.mapMb);
    assertEquals(3840, s.amMb);
    assertEquals(3584, s.slowNodeMb);
    assertTrue(s.amMb + 2 * s.mapMb <= 8192 && s.amMb + 3 * s.mapMb > 8192 && s.amMb > s.slowNodeMb);
    JiangSpeculation.Sizes small = new JiangSpeculation.Sizes(4096, 256);
    assertEquals(768, small.mapMb);
    assertEquals(2048, small.amMb); // 2048 + 2 x 768 fits 4096, + 3 x 768 does not; the slow node has 1536
    assertThrows(IllegalArgumentException.class, () -> new JiangSpeculation.Sizes(768, 256));
  }

  @Test
  void aSlowSecondNodeManagerRunsTheGrepJobsBesideTheClustersOwn() throws Exception {
    assumeTrue(CpuLimit.unavailable() == null, "no cgroup CPU controller to write: " + CpuLimit.unavailable());
    File dir = new File("target/test-work/" + TestFiles.perFork("jiang-spec")).getAbsoluteFile();
    TestFiles.deleteRecursively(dir);
    File conf = new File(dir, "conf");
    assertTrue(conf.mkdirs());
    Configuration c = CLUSTER.conf();
    try (OutputStream o = Files.newOutputStream(new File(conf, "yarn-site.xml").toPath())) {
      c.writeXml(o); // the cluster's addresses, as a cluster's HADOOP_CONF_DIR holds them
    }
    File local = new File(dir, "node");
    List<Finding> rows = JiangSpeculation.measure(c, conf, new Path("/jiang-spec"), local, 1L << 20, 128L << 10, 0.5,
        1, null);
    assertEquals(2, rows.size());
    Finding jiang = rows.get(0);
    assertEquals(Verdict.ABOVE, jiang.paperBound);
    assertTrue(jiang.ourFigure > 0 && !Double.isInfinite(jiang.ourFigure), jiang.ourSetting);
    assertEquals(Verdict.compareBound(Verdict.ABOVE, 1.0, jiang.ourFigure, "x"), jiang.verdict);
    assertTrue(jiang.why.contains("periods of 100 ms") && jiang.why.contains("of 8 maps"), jiang.why);
    Finding krevat = rows.get(1);
    assertEquals(1.0, krevat.paperFigure, 0);
    assertFalse(Double.isNaN(krevat.ourFigure));
    // the second node has left: the cluster has its one NodeManager, the cgroup is gone
    YarnClient yarn = YarnClient.createYarnClient();
    yarn.init(c);
    yarn.start();
    try {
      assertEquals(1, yarn.getNodeReports(NodeState.RUNNING).size());
    } finally {
      yarn.stop();
    }
    File[] groups = CpuLimit.V1.isDirectory() ? CpuLimit.V1.listFiles((d, n) -> n.startsWith("hadoopopt-slow-node-"
        + ProcessHandle.current().pid())) : new File[0];
    assertEquals(0, groups == null ? 0 : groups.length);
    TestFiles.deleteRecursively(dir);
  }
}
