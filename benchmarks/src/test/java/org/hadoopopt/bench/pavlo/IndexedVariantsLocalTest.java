package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import org.apache.hadoop.mapred.MapTask;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.Tool;
import org.hadoopopt.bench.pavlo.HadoopOptKeys;
import org.hadoopopt.bench.pavlo.jobs.AggregationJob;
import org.hadoopopt.bench.pavlo.jobs.BaselineTool;
import org.hadoopopt.bench.pavlo.jobs.JoinJob;
import org.hadoopopt.bench.pavlo.jobs.SelectionJob;
import org.hadoopopt.fingerprint.collector.FingerprintCollector;
import org.hadoopopt.fingerprint.collector.HashGroupCollector;
import org.hadoopopt.inputformats.btree.BTreeCounter;
import org.hadoopopt.inputformats.mapreduce.RangeIndexCounter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The indexed variants (selection and aggregation {@code mti}/{@code bdbi}/{@code bdbtree}; join {@code mt},
 * {@code simple-index}, {@code partition}) on a generated set loaded by {@code load} (2 partitions,
 * 4 KB pages, text and KVSF; and as B+-trees) give the reference answer (which the baseline gives, see
 * PavloJobsLocalTest), for typical, empty and all-covering ranges; local runner.
 */
class IndexedVariantsLocalTest {
  private static SetFixture data;

  @BeforeAll
  static void generateAndLoad() throws Exception {
    data = new SetFixture("indexed-variants-out");
    for (String table : new String[] {"rankings", "uservisits"}) {
      for (String format : new String[] {"text", "kvsf", "bdbtree"}) {
        data.load(table, format);
      }
    }
  }

  private static String loaded(String table, String format) {
    return new File(data.out, table + "-" + format).toString();
  }

  private static List<String> run(BaselineTool tool, String name, String... args) throws Exception {
    return data.run((Tool) tool, name, args);
  }

  private static long counter(BaselineTool tool, RangeIndexCounter c) throws Exception {
    long sum = 0;
    for (Job j : tool.jobs()) {
      sum += j.getCounters().findCounter(c).getValue();
    }
    return sum;
  }

  private static long treeCounter(BaselineTool tool, BTreeCounter c) throws Exception {
    long sum = 0;
    for (Job j : tool.jobs()) {
      sum += j.getCounters().findCounter(c).getValue();
    }
    return sum;
  }

  @Test
  void indexedSelectionGivesTheBaselineAnswer() throws Exception {
    List<String> want = data.ref.selection(10);
    assertFalse(want.isEmpty());
    SelectionJob mti = new SelectionJob();
    assertEquals(want, run(mti, "sel-mti", "--variant", "mti", loaded("rankings", "text")));
    assertTrue(counter(mti, RangeIndexCounter.PAGES_PRUNED) * 2 > counter(mti, RangeIndexCounter.PAGES_TOTAL),
        "pageRank > 10 (0.2% of rows) prunes most pages");
    assertEquals(want, run(new SelectionJob(), "sel-bdbi", "--variant", "bdbi", loaded("rankings", "kvsf")));
    assertEquals(data.ref.selection(0), run(new SelectionJob(), "sel-mti-all", "--variant", "mti", "--min-rank", "0",
        loaded("rankings", "text")));
    assertEquals(data.ref.selection(1000), run(new SelectionJob(), "sel-bdbi-none", "--variant", "bdbi", "--min-rank", "1000",
        loaded("rankings", "kvsf")));
    SelectionJob tree = new SelectionJob();
    assertEquals(want, run(tree, "sel-bdbtree", "--variant", "bdbtree", loaded("rankings", "bdbtree")));
    assertEquals(want.size(), treeCounter(tree, BTreeCounter.RECORDS_SCANNED), "the cursors read only the selected rows");
    assertEquals(data.ref.selection(0), run(new SelectionJob(), "sel-bdbtree-all", "--variant", "bdbtree", "--min-rank", "0",
        loaded("rankings", "bdbtree")));
    assertEquals(data.ref.selection(1000), run(new SelectionJob(), "sel-bdbtree-none", "--variant", "bdbtree", "--min-rank", "1000",
        loaded("rankings", "bdbtree")));
  }

  @Test
  void indexedDateRangeAggregationGivesTheBaselineAnswer() throws Exception {
    List<String> want = data.ref.aggregation(7, "1984-01-01", "1987-01-01");
    assertFalse(want.isEmpty());
    String[] range = {"--prefix", "7", "--from", "1984-01-01", "--to", "1987-01-01", "--variant"};
    assertEquals(want, run(new AggregationJob(), "agg-mti", concat(range, "mti", loaded("uservisits", "text"))));
    assertEquals(want, run(new AggregationJob(), "agg-bdbi", concat(range, "bdbi", loaded("uservisits", "kvsf"))));
    assertEquals(want, run(new AggregationJob(), "agg-bdbtree", concat(range, "bdbtree", loaded("uservisits", "bdbtree"))));
    assertEquals(data.ref.aggregation(0, null, null), run(new AggregationJob(), "agg-bdbtree-all",
        "--from", "1900-01-01", "--to", "2100-01-01", "--variant", "bdbtree", loaded("uservisits", "bdbtree")));
    assertTrue(run(new AggregationJob(), "agg-bdbtree-none", "--from", "1900-01-01", "--to", "1900-01-02", "--variant",
        "bdbtree", loaded("uservisits", "bdbtree")).isEmpty());
    assertEquals(data.ref.aggregation(0, null, null), run(new AggregationJob(), "agg-bdbi-all",
        "--from", "1900-01-01", "--to", "2100-01-01", "--variant", "bdbi", loaded("uservisits", "kvsf")));
    assertTrue(run(new AggregationJob(), "agg-mti-none", "--from", "1900-01-01", "--to", "1900-01-02", "--variant", "mti",
        loaded("uservisits", "text")).isEmpty());
    // As the suite runs mti+hash: the hash-grouping collector, two reducers at once, the reduce input in memory.
    AggregationJob hashed = new AggregationJob();
    assertEquals(data.ref.aggregation(0, "1984-01-01", "1987-01-01"), run(hashed, "agg-mti-hash",
        "-D", "mapreduce.job.map.output.collector.class=" + HashGroupCollector.class.getName() + ","
            + FingerprintCollector.class.getName() + "," + MapTask.MapOutputBuffer.class.getName(),
        "-D", "mapreduce.job.reduces=2", "-D", "mapreduce.local.reduce.tasks.maximum=2",
        "-D", "mapreduce.reduce.input.buffer.percent=0.6",
        "--from", "1984-01-01", "--to", "1987-01-01", "--variant", "mti", loaded("uservisits", "text")));
    long hashedRecords = 0;
    for (Job j : hashed.jobs()) {
      hashedRecords += HadoopOptKeys.recordsHashed(j.getCounters());
    }
    assertTrue(hashedRecords > 0, "the hash-grouping collector ran");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run(new AggregationJob(), "agg-mti-open",
        "--from", "1984-01-01", "--variant", "mti", loaded("uservisits", "text")));
    assertTrue(e.getMessage().contains(AggregationJob.TO), e.getMessage());
  }

  @Test
  void joinVariantsGiveTheBaselineAnswer() throws Exception {
    // The default (selective) range through every plan; a wide and an empty one through two each.
    String[][] cases = {
        {"2000-01-15", "2000-01-22", "mt", "simple-index", "partition", "partition-kvsf"},
        {"1984-01-01", "1987-01-01", "simple-index", "partition"},
        {"1900-01-01", "1900-01-02", "mt", "partition-kvsf"}};
    for (String[] c : cases) {
      List<String> want = data.ref.join(c[0], c[1]);
      for (int i = 2; i < c.length; i++) {
        String variant = c[i];
        String rankings = variant.equals("mt") ? new File(data.set, "rankings").toString()
            : loaded("rankings", variant.endsWith("kvsf") ? "kvsf" : "text");
        String visits = variant.equals("mt") ? new File(data.set, "uservisits").toString()
            : loaded("uservisits", variant.endsWith("kvsf") ? "kvsf" : "text");
        JoinJob job = new JoinJob();
        assertEquals(want, run(job, "join-" + variant + "-" + c[0], "--from", c[0], "--to", c[1], "--variant",
            variant.replace("-kvsf", ""), rankings, visits), variant + " " + c[0]);
        if (variant.equals("partition") && c[0].equals("2000-01-15")) {
          assertFalse(want.isEmpty());
          assertTrue(counter(job, RangeIndexCounter.PAGES_PRUNED) * 2 > counter(job, RangeIndexCounter.PAGES_TOTAL),
              "the UserVisits index prunes most pages");
        }
      }
    }
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = new String[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
