package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.Verdict;
import org.hadoopopt.bench.results.Finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import org.hadoopopt.testing.VersionNeutral;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cold/warm I/O-mode experiment on a MiniDFSCluster with a 32 MB file, one round: the block
 * files are evicted before every cold read and mincore (fincore) confirms at most 10% stayed cached, where available;
 * both modes are timed cold and warm; each finding's figure is the ratio of the measured medians.
 * Without a way to evict, the cold finding says why it is not reproducible.
 */
@VersionNeutral
class IoModesColdTest {
  @TempDir
  File dir;

  @Test
  void coldAndWarmReadsAreMeasuredAndReported() throws Exception {
    IoModesCold.Result r = IoModesCold.run(new File(dir, "dfs"), 32, 1);
    assertNotEquals(PageCache.Method.NONE, r.cache.method, r.cache.why);
    assertNull(r.notCold, r.notCold);
    for (String m : IoModesCold.MODES) {
      assertEquals(1, r.gbps.get(m + " cold").size(), m);
      assertEquals(1, r.gbps.get(m + " warm").size(), m);
    }
    assertEquals(2, r.residentAfterEviction.size());
    for (long resident : r.residentAfterEviction) {
      assertTrue(resident <= r.fileBytes / 10, "still cached after eviction: " + resident);
    }
    List<Finding> f = IoModesCold.findings(8, r);
    assertEquals(2, f.size());
    assertEquals(IoModesCold.median(r, "direct cold") / IoModesCold.median(r, "streaming cold"), f.get(0).ourFigure, 1e-12);
    assertEquals(IoModesCold.median(r, "direct warm") / IoModesCold.median(r, "streaming warm"), f.get(1).ourFigure, 1e-12);
    assertEquals(IoModesCold.PAPER_FACTOR, f.get(0).paperFigure, 0);
  }

  @Test
  void withoutEvictionTheColdFindingSaysWhy() {
    IoModesCold.Result r = new IoModesCold.Result();
    r.notCold = "no password-less sudo and no dd";
    r.gbps.put("direct warm", java.util.Arrays.asList(2.0));
    r.gbps.put("streaming warm", java.util.Arrays.asList(1.0));
    List<Finding> f = IoModesCold.findings(8, r);
    assertEquals(Verdict.NOT_REPRODUCIBLE, f.get(0).verdict);
    assertTrue(f.get(0).why.contains("no password-less sudo"), f.get(0).why);
    assertEquals(2.0, f.get(1).ourFigure, 1e-12);
  }
}
