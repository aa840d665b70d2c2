package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.Verdict;
import org.hadoopopt.bench.results.Finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;
import org.hadoopopt.bench.tools.Stats;
import org.hadoopopt.testing.VersionNeutral;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The selectivity sweep at a tiny scale (36,000 Rankings rows, 64 KB index pages, one round, local
 * runner): every sweep point's measured selectivity (the scan's output rows over its input rows)
 * lies within 10% of the paper's target, the index and the scan gave the same rows (the driver
 * checks), the index pruned pages below 100%, and the findings carry exactly what was measured.
 */
@VersionNeutral
class IndexSweepTest {
  @TempDir
  File dir;

  @Test
  void sweepHitsThePapersSelectivitiesAndReportsThem() throws Exception {
    IndexSweep.Settings s = IndexSweep.Settings.of(true);
    s.scale = 0.002;
    s.pageSize = "64k";
    s.rounds = 1;
    s.work = new File(dir, "work");
    List<IndexSweep.Point> points = IndexSweep.sweep(s);
    assertEquals(4, points.size());
    double[] targets = {0.002, 0.026, 0.23, 1.0};
    for (int k = 0; k < 4; k++) {
      IndexSweep.Point p = points.get(k);
      assertEquals(36_000, p.rows);
      assertEquals(targets[k], p.target, 0);
      assertTrue(Math.abs(p.selectivity() / targets[k] - 1) <= 0.10,
          "pageRank > " + p.threshold + " selected " + p.selected + " rows: " + p.selectivity() + " vs " + targets[k]);
      assertTrue(p.pagesTotal > 10, "pages " + p.pagesTotal);
      if (k < 3) {
        assertTrue(p.pagesPruned > 0, "the index pruned nothing at " + targets[k]);
      }
    }
    assertEquals(0, points.get(3).pagesPruned, "selectivity 1.0 reads every page");

    List<Finding> f = IndexSweep.findings(s, points);
    assertEquals(4, f.size());
    Finding factor = f.get(0);
    assertEquals(IndexSweep.PAPER_INDEX_FACTOR, factor.paperFigure, 0);
    assertEquals(2.75, factor.paperFigure, 0); // 2.5-3.0x
    assertEquals(Stats.median(points.get(0).scanSeconds) / Stats.median(points.get(0).indexSeconds), factor.ourFigure, 1e-12);
    assertTrue(factor.ourSetting.contains(String.format(java.util.Locale.ROOT, "%,d of 36,000 rows", points.get(0).selected)),
        factor.ourSetting);
    for (int k = 1; k < 3; k++) {
      // the middle points are in the paper's chart only: ours stands alone, in the reason
      assertEquals(Verdict.NOT_REPRODUCIBLE, f.get(k).verdict);
      assertTrue(f.get(k).why.contains("only its chart") && f.get(k).why.contains(String.format(java.util.Locale.ROOT,
          "%.2fx", points.get(k).speedup())), f.get(k).why);
    }
    Finding all = f.get(3);
    assertEquals(Verdict.BELOW, all.paperBound);
    assertEquals(1.0, all.paperFigure, 0);
    assertEquals(points.get(3).speedup(), all.ourFigure, 1e-12);
    assertEquals(Verdict.compareBound(Verdict.BELOW, 1.0, all.ourFigure, "x"), all.verdict);
    assertTrue(factor.ourFigure > 0);
  }

  @Test
  void anUnknownRankDistributionFailsNamingTheKey() {
    Configuration c = new Configuration(false);
    c.set(PavloGenerator.RANKS, "zipf");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PavloGenerator.getRanks(c));
    assertTrue(e.getMessage().contains(PavloGenerator.RANKS) && e.getMessage().contains("zipf"), e.getMessage());
  }
}
