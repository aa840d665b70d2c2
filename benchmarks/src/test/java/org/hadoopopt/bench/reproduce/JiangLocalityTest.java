package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.Verdict;
import org.hadoopopt.bench.results.Finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import org.apache.hadoop.fs.FileUtil;
import org.hadoopopt.testing.VersionNeutral;
import org.junit.jupiter.api.Test;

/**
 * The locality experiment's driver at a tiny scale: two DataNodes, the file placed on each; the
 * driver itself fails unless the local scan read every byte direct and the remote one streamed
 * every byte, so a row here means both paths were taken.
 */
@VersionNeutral
class JiangLocalityTest {
  @Test
  void localAndRemoteScansGiveTheRow() throws Exception {
    File base = Files.createTempDirectory("jiang-locality").toFile();
    try {
      Finding f = JiangLocality.measure(base, 2L << 20, 1);
      assertEquals(JiangLocality.PART, f.part);
      assertEquals("x", f.unit);
      assertFalse(Double.isNaN(f.ourFigure));
      assertTrue(f.ourFigure > 0, f.ourSetting);
      assertEquals(Verdict.compare(JiangLocality.PAPER_FACTOR, f.ourFigure, "x"), f.verdict);
      assertTrue(f.ourSetting.contains("local (direct read)") && f.ourSetting.contains("remote (streamed"), f.ourSetting);
    } finally {
      FileUtil.fullyDelete(base);
    }
  }
}
