package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.Verdict;
import org.hadoopopt.bench.results.Findings;
import org.hadoopopt.bench.results.Finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.testing.MiniDfs;
import org.hadoopopt.testing.VersionNeutral;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Jiang et al. scheduling experiment's driver at a tiny scale: real HDFS (real block sizes),
 * the local job runner; its two rows, the scan's and Grep's figures computed from their times.
 */
@VersionNeutral
class JiangSchedulingTest {
  @RegisterExtension
  static final MiniDfs DFS = new MiniDfs(1, smallBlocks());

  private static Configuration smallBlocks() {
    Configuration c = new HdfsConfiguration();
    c.setLong("dfs.namenode.fs-limits.min-block-size", 0);
    return c;
  }

  @Test
  void scanAndGrepRows() throws Exception {
    Configuration conf = DFS.conf();
    conf.set("mapreduce.framework.name", "local");
    // no DataNode plugin here: a socket folder of its own keeps other clusters' sockets out
    EndpointDirectory.setSocketDir(conf, Files.createTempDirectory("jiang-sched-sock").toString());
    JiangScheduling.Sizes s = new JiangScheduling.Sizes(512 * 1024, 64 * 1024, 1);
    List<Finding> rows = JiangScheduling.measure(conf, new Path("/jiang"), s, null);
    assertEquals(2, rows.size());

    Finding scan = rows.get(0);
    assertEquals(Verdict.compare(JiangScheduling.PAPER_SCAN, scan.ourFigure, "x"), scan.verdict);
    assertTrue(scan.ourFigure > 0 && !Double.isInfinite(scan.ourFigure), scan.ourSetting);
    assertTrue(scan.ourSetting.contains("(8 vs 2 maps)"), scan.ourSetting);
    assertTrue(scan.why.contains("direct I/O off"), scan.why);
    FileSystem fs = FileSystem.get(conf);
    assertEquals(64 * 1024, fs.getFileStatus(new Path("/jiang/scan-64k")).getBlockSize());
    assertEquals(256 * 1024, fs.getFileStatus(new Path("/jiang/scan-256k")).getBlockSize());

    Finding grep = rows.get(1);
    assertEquals("%", grep.unit);
    assertTrue(grep.ourFigure > -100 && !Double.isNaN(grep.ourFigure), grep.ourSetting);
    assertTrue(grep.why.contains("1 matching rows both ways"), grep.why); // row 0 of 5,140 has XYZ
    assertEquals(JiangPaper.GREP_BLOCKS_PERCENT_HADOOP, grep.paperFigure, 0);

    File f = Files.createTempFile("jiang-sched", ".json").toFile();
    Findings.write(f, JiangScheduling.PART, rows);
    assertEquals(2, Findings.read(f).size());
  }

  @Test
  void grepRowsAreWholeAndPlantXyzOnceIn10000() {
    byte[] row = new byte[JiangScheduling.GrepInput.ROW];
    JiangScheduling.GrepInput.row(20_000, row);
    String s = new String(row, java.nio.charset.StandardCharsets.US_ASCII);
    assertEquals("0000020000|", s.substring(0, 11));
    assertTrue(s.contains("XYZ") && s.endsWith("\n"), s);
    JiangScheduling.GrepInput.row(20_001, row);
    assertTrue(!new String(row, java.nio.charset.StandardCharsets.US_ASCII).contains("XYZ"));
  }
}
