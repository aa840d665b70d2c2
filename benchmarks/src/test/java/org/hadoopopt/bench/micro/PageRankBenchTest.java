package org.hadoopopt.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.util.List;
import org.hadoopopt.bench.results.Finding;
import org.hadoopopt.bench.results.Findings;
import org.hadoopopt.bench.tools.Json;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.Test;

/** The PageRank micro-benchmark at a tiny scale (local runner): answers, collector activity, its rows. */
class PageRankBenchTest {
  @Test
  void theInMemoryComputationIsPageRank() {
    // 0 -> 1, 1 -> 0, 2 -> 0: by hand, one iteration from 1/3 each (fixed point, SCALE = 1e15)
    int[][] g = {{1}, {0}, {0}};
    long third = PageRankGraph.SCALE / 3;
    long teleport = 15 * PageRankGraph.SCALE / 100 / 3;
    long[] r = PageRankGraph.ranks(g, 1);
    assertEquals(teleport + 2 * third * 85 / 100, r[0]);
    assertEquals(teleport + third * 85 / 100, r[1]);
    assertEquals(teleport, r[2]);
    double[] d = PageRankGraph.ranksDouble(g, 30);
    long[] f = PageRankGraph.ranks(g, 30);
    PageRankBench.checkAgainstDouble(f, d);
    assertEquals(1.0, d[0] + d[1] + d[2], 1e-12);
    assertThrows(IllegalArgumentException.class, () -> PageRankGraph.generate(1, 3, 1));
    // the full run's graph: vertices with thousands of in-links drift by their in-degree x 1e-15, still PageRank's
    int[][] big = PageRankGraph.generate(300_000, 10, 42);
    PageRankBench.checkAgainstDouble(PageRankGraph.ranks(big, 3), PageRankGraph.ranksDouble(big, 3));
  }

  @Test
  void theDriverChecksEveryVariantsRanksAndWritesItsRows() throws Exception {
    File dir = new File("target/test-work/" + TestFiles.perFork("pagerank")).getAbsoluteFile();
    TestFiles.deleteRecursively(dir);
    File findings = new File(dir, "findings/veiga-pagerank.json");
    File work = new File(dir, "work");
    PageRankBench.main(new String[] {"--findings", findings.getPath(), "--work", work.getPath(), "--vertices", "500",
        "--degree", "4", "--iterations", "2", "--rounds", "1", "--variants", "stock,fp,fph"});
    List<Finding> rows = Findings.read(findings);
    assertEquals(4, rows.size());
    assertEquals("veiga-pagerank", rows.get(0).part);
    assertTrue(rows.get(0).finding.contains("fp over stock") && rows.get(1).finding.contains("fph over stock"));
    com.fasterxml.jackson.databind.JsonNode json = Json.MAPPER.readTree(new File(dir, "pagerank.json"));
    String text = json.toString();
    // the collector sorted every map output record of both fingerprint variants (500 lines + their links)
    assertTrue(text.contains("fingerprintRecordsSorted"), text);
    assertTrue(rows.get(2).why.contains("InfiniBand") && rows.get(3).why.contains("disk"), rows.toString());
    for (Finding f : rows.subList(0, 2)) {
      assertTrue(f.ourFigure > 0 && !Double.isInfinite(f.ourFigure), f.ourSetting);
      assertTrue(f.why.contains("equal the in-memory computation"), f.why);
    }
    assertTrue(!new File(work, "pagerank").exists(), "the benchmark's data is removed");
    TestFiles.deleteRecursively(dir);
  }

  @Test
  void aWrongRankIsCaughtNamingTheVertex() throws Exception {
    File dir = new File("target/test-work/" + TestFiles.perFork("pagerank-bad")).getAbsoluteFile();
    TestFiles.deleteRecursively(dir);
    dir.mkdirs();
    Files.write(new File(dir, "part-r-00000").toPath(), "0\t5\t1\n1\t7\t0\n".getBytes("US-ASCII"));
    org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration());
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> PageRankBench.compare(fs, new org.apache.hadoop.fs.Path(dir.toURI()), new long[] {5, 8}, "fp"));
    assertTrue(e.getMessage().contains("vertex 1 has rank 7"), e.getMessage());
    TestFiles.deleteRecursively(dir);
  }
}
