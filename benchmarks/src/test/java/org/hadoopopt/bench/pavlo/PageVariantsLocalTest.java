package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import org.apache.hadoop.mapred.MapTask;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.jobs.AggregationJob;
import org.hadoopopt.bench.pavlo.jobs.BaselineTool;
import org.hadoopopt.bench.pavlo.jobs.JoinJob;
import org.hadoopopt.bench.pavlo.jobs.SelectionJob;
import org.hadoopopt.fingerprint.collector.FingerprintCollector;
import org.hadoopopt.fingerprint.collector.HashGroupCollector;
import org.hadoopopt.inputformats.loader.LoadJob;
import org.hadoopopt.inputformats.mapreduce.PushdownCounter;
import org.hadoopopt.inputformats.mapreduce.RangeIndexCounter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Pages, not records: the {@code mtv} (text) and {@code bdbiv} (loaded KVSF through its index)
 * variants of selection and aggregation, and the join's {@code mtp} (date range pushed into the
 * UserVisits reader, Rankings scanned against the visits in memory) and {@code lookup} (visits
 * through the visitDate index, Rankings rows looked up by pageURL) on the generated set (scale
 * 0.0003) give the reference answer: selection for pageRank &gt; 10, &gt; 0 and &gt; 1000; the
 * large, small and date-range aggregations, with a table of partial sums so small that it empties
 * many times, and through the hash-grouping collector; the join over its week, a wide range and an
 * empty one. The page variants hand the mapper pages, not rows (map input records far below the
 * rows scanned), and the loaded ones prune pages. A lookup join over tables loaded with different
 * partition counts fails naming both.
 */
class PageVariantsLocalTest {
  private static SetFixture data;
  private static String rankingsByUrl;
  private static long visitRows;

  @BeforeAll
  static void generateAndLoad() throws Exception {
    data = new SetFixture("page-variants-out");
    data.load("rankings", "kvsf");
    data.load("uservisits", "kvsf");
    rankingsByUrl = new File(data.out, "rankings-by-url").toString();
    for (File part : new File(data.table("uservisits")).listFiles((d, n) -> n.startsWith("part-"))) {
      visitRows += java.nio.file.Files.readAllLines(part.toPath(), java.nio.charset.StandardCharsets.ISO_8859_1).size();
    }
    assertEquals(0, ToolRunner.run(LocalSets.conf(), new LoadJob(), new String[] {"--table", "rankings", "--partitions", "2",
        "--format", "kvsf", "--index-column", "pageURL", "--page-size", "1024", data.table("rankings"), rankingsByUrl}));
  }

  private static String loaded(String table) {
    return new File(data.out, table + "-kvsf").toString();
  }

  private static long counter(BaselineTool tool, Enum<?> c) throws Exception {
    long sum = 0;
    for (Job j : tool.jobs()) {
      sum += j.getCounters().findCounter(c).getValue();
    }
    return sum;
  }

  @Test
  void pageSelectionGivesTheBaselineAnswer() throws Exception {
    for (int minRank : new int[] {10, 0, 1000}) {
      List<String> want = data.ref.selection(minRank);
      SelectionJob mtv = new SelectionJob();
      assertEquals(want, data.run(mtv, "sel-mtv-" + minRank, "--variant", "mtv", "--min-rank", Integer.toString(minRank),
          data.table("rankings")), "mtv > " + minRank);
      assertEquals(want.size(), counter(mtv, PushdownCounter.ROWS_PASSED), "the reader tested pageRank");
      SelectionJob bdbiv = new SelectionJob();
      assertEquals(want, data.run(bdbiv, "sel-bdbiv-" + minRank, "--variant", "bdbiv", "--min-rank",
          Integer.toString(minRank), loaded("rankings")), "bdbiv > " + minRank);
      if (minRank == 10) {
        assertFalse(want.isEmpty());
        assertTrue(counter(bdbiv, RangeIndexCounter.PAGES_PRUNED) * 2 > counter(bdbiv, RangeIndexCounter.PAGES_TOTAL),
            "pageRank > 10 prunes most pages");
      }
    }
  }

  @Test
  void pageAggregationsGiveTheBaselineAnswer() throws Exception {
    String[][] cases = {{}, {"--prefix", "7"}, {"--from", "1984-01-01", "--to", "1987-01-01"},
        {"--from", "1900-01-01", "--to", "1900-01-02"}};
    for (String[] c : cases) {
      int prefix = c.length == 2 ? 7 : 0;
      String from = c.length == 4 ? c[1] : null;
      String to = c.length == 4 ? c[3] : null;
      List<String> want = data.ref.aggregation(prefix, from, to);
      for (String variant : new String[] {"mtv", "bdbiv"}) {
        String input = variant.equals("mtv") ? data.table("uservisits") : loaded("uservisits");
        AggregationJob job = new AggregationJob();
        assertEquals(want, data.run(job, "agg-" + variant + "-" + String.join("", c), concat(c, "--variant", variant, input)),
            variant + " " + String.join(" ", c));
        assertTrue(counter(job, TaskCounter.MAP_INPUT_RECORDS) * 10 < visitRows, variant + ": the mapper is handed pages, not rows");
        // a table of partial sums so small that it hands its sums on again and again
        assertEquals(want, data.run(new AggregationJob(), "agg-" + variant + "-small-" + String.join("", c),
            concat(new String[] {"-D", "hadoopopt.bench.aggregation.partial.bytes=3000"}, concat(c, "--variant", variant, input))),
            variant + " small table " + String.join(" ", c));
      }
    }
    // and through the hash-grouping collector, two reducers
    AggregationJob hashed = new AggregationJob();
    assertEquals(data.ref.aggregation(0, null, null), data.run(hashed, "agg-bdbiv-hash",
        "-D", "mapreduce.job.map.output.collector.class=" + HashGroupCollector.class.getName() + ","
            + FingerprintCollector.class.getName() + "," + MapTask.MapOutputBuffer.class.getName(),
        "-D", "mapreduce.job.reduces=2", "--variant", "bdbiv", loaded("uservisits")));
    assertTrue(HadoopOptKeys.recordsHashed(hashed.jobs().get(0).getCounters()) > 0, "the hash-grouping collector ran");
  }

  @Test
  void pageJoinsGiveTheBaselineAnswer() throws Exception {
    String[][] ranges = {{"2000-01-15", "2000-01-22"}, {"1984-01-01", "1987-01-01"}, {"1900-01-01", "1900-01-02"}};
    for (String[] r : ranges) {
      List<String> want = data.ref.join(r[0], r[1]);
      assertEquals(want, data.run(new JoinJob(), "join-mtp-" + r[0], "--from", r[0], "--to", r[1], "--variant", "mtp",
          data.table("rankings"), data.table("uservisits")), "mtp " + r[0]);
      JoinJob lookup = new JoinJob();
      assertEquals(want, data.run(lookup, "join-lookup-" + r[0], "--from", r[0], "--to", r[1], "--variant", "lookup",
          rankingsByUrl, loaded("uservisits")), "lookup " + r[0]);
      if (r[0].equals("2000-01-15")) {
        assertFalse(want.isEmpty());
        assertTrue(counter(lookup, RangeIndexCounter.PAGES_PRUNED) * 2 > counter(lookup, RangeIndexCounter.PAGES_TOTAL),
            "the visitDate index and the lookups by URL leave most pages unread");
      }
    }
    String threeParts = new File(data.out, "rankings-by-url-3").toString();
    assertEquals(0, ToolRunner.run(LocalSets.conf(), new LoadJob(), new String[] {"--table", "rankings", "--partitions", "3",
        "--format", "kvsf", "--index-column", "pageURL", data.table("rankings"), threeParts}));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> data.run(new JoinJob(), "join-lookup-3",
        "--variant", "lookup", threeParts, loaded("uservisits")));
    assertTrue(e.getMessage().contains("3 partitions") && e.getMessage().contains(threeParts), e.getMessage());
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = new String[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
