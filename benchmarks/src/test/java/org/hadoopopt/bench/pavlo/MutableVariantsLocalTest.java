package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.jobs.AggregationJob;
import org.hadoopopt.bench.pavlo.jobs.GrepJob;
import org.hadoopopt.bench.pavlo.jobs.SelectionJob;
import org.hadoopopt.inputformats.mapreduce.BadRows;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The MT (mutable text) and BDB (JE tuples in KeyValueSequenceFiles) variants of Selection and
 * Aggregation, and Grep's MT, give exactly the baseline's output, and the reference answer, on a generated set
 * (local runner, local files).
 */
class MutableVariantsLocalTest {
  private static SetFixture data;

  @BeforeAll
  static void generateAndConvert() throws Exception {
    data = SetFixture.withKvsf("variants-local-out");
  }

  private static List<String> run(Tool tool, String name, String... args) throws Exception {
    return data.run(tool, name, args);
  }

  @Test
  void selectionVariantsGiveTheBaselineAnswer() throws Exception {
    List<String> baseline = run(new SelectionJob(), "sel-baseline", new File(data.set, "rankings").toString());
    assertFalse(baseline.isEmpty());
    assertEquals(data.ref.selection(10), baseline);
    assertEquals(baseline, run(new SelectionJob(), "sel-mt", "--variant", "mt", new File(data.set, "rankings").toString()));
    assertEquals(baseline, run(new SelectionJob(), "sel-bdb", "--variant", "bdb", new File(data.out, "rankings-kvsf").toString()));
  }

  @Test
  void aggregationVariantsGiveTheBaselineAnswer() throws Exception {
    String uv = new File(data.set, "uservisits").toString();
    String[] opts = {"--prefix", "7", "--from", "1984-01-01", "--to", "1987-01-01"};
    List<String> baseline = run(new AggregationJob(), "agg-baseline", concat(opts, uv));
    assertFalse(baseline.isEmpty());
    assertEquals(data.ref.aggregation(7, "1984-01-01", "1987-01-01"), baseline);
    assertEquals(baseline, run(new AggregationJob(), "agg-mt", concat(opts, "--variant", "mt", uv)));
    assertEquals(baseline, run(new AggregationJob(), "agg-bdb",
        concat(opts, "--variant", "bdb", new File(data.out, "uservisits-kvsf").toString())));
    assertEquals(data.ref.aggregation(0, null, null), run(new AggregationJob(), "agg-bdb-all",
        "--variant", "bdb", new File(data.out, "uservisits-kvsf").toString()));

    // the suite's +hash variants: hash-grouping collector, counted so a decline cannot pass
    String[] hash = {"-D", HadoopOptKeys.COLLECTOR_KEY + "=" + HadoopOptKeys.HASH_GROUP_COLLECTOR + ","
        + HadoopOptKeys.FINGERPRINT_COLLECTOR + "," + HadoopOptKeys.STOCK_COLLECTOR};
    AggregationJob mtHash = new AggregationJob();
    assertEquals(baseline, run(mtHash, "agg-mt-hash", concat(hash, concat(opts, "--variant", "mt", uv))));
    AggregationJob bdbHash = new AggregationJob();
    assertEquals(data.ref.aggregation(0, null, null), run(bdbHash, "agg-bdb-hash-all",
        concat(hash, "--variant", "bdb", new File(data.out, "uservisits-kvsf").toString())));
    for (AggregationJob j : List.of(mtHash, bdbHash)) {
      assertTrue(HadoopOptKeys.recordsHashed(j.jobs().get(0).getCounters()) > 0, "the hash-grouping collector ran");
    }
  }

  @Test
  void grepMtGivesTheBaselineAnswer() throws Exception {
    String grep = new File(data.set, "grep").toString();
    List<String> baseline = run(new GrepJob(), "grep-baseline", grep);
    assertFalse(baseline.isEmpty());
    assertEquals(data.ref.grep("XYZ"), baseline);
    assertEquals(baseline, run(new GrepJob(), "grep-mt", "--variant", "mt", grep));
  }

  @Test
  void grepMtMatchesAtTheFieldEdgesOnlyAndRejectsBadRowsLikeTheBaseline() throws Exception {
    File in = new File(data.out, "grep-edges.txt");
    java.nio.file.Files.write(in.toPath(), String.join("\n",
        "k000000001|XYZabc", "k000000002|abcXYZ", "XYZ0000003|abc", "k000000004|abXYbZ", "k000000005|a|XYZ",
        "k000000006|", "no separator XYZ", "k000000008|XYZ").concat("\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    List<String> want = java.util.Arrays.asList("k000000001\tXYZabc", "k000000002\tabcXYZ", "k000000008\tXYZ");
    String skip = BadRows.SKIP_BAD + "=true";
    assertEquals(want, run(new GrepJob(), "edges-baseline", "-D", skip, in.toString()));
    assertEquals(want, run(new GrepJob(), "edges-mt", "-D", skip, "--variant", "mt", in.toString()));
    int rc;
    try {
      rc = ToolRunner.run(LocalSets.conf(), new GrepJob(), new String[] {"--variant", "mt", in.toString(),
          new File(data.out, "edges-mt-strict").toString()});
    } catch (Exception e) {
      rc = -1;
    }
    assertNotEquals(0, rc, "a row with three fields must fail the mt grep when skipping is off");
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = new String[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
