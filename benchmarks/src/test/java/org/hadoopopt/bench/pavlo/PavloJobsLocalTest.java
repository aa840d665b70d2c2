package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.hadoop.util.Tool;
import org.hadoopopt.bench.pavlo.jobs.AggregationJob;
import org.hadoopopt.bench.pavlo.jobs.GrepJob;
import org.hadoopopt.bench.pavlo.jobs.JoinJob;
import org.hadoopopt.bench.pavlo.jobs.SelectionJob;
import org.hadoopopt.bench.pavlo.jobs.UdfJob;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every baseline task on a tiny generated set (local runner, local files) against {@link Reference}. */
class PavloJobsLocalTest {
  private static SetFixture data;

  @BeforeAll
  static void generate() throws Exception {
    data = new SetFixture("jobs-local-out");
  }

  private static List<String> run(Tool tool, String name, String... args) throws Exception {
    return data.run(tool, name, args);
  }

  private static String table(String t) {
    return data.table(t);
  }

  @Test
  void grepFindsThePlantedPattern() throws Exception {
    List<String> want = data.ref.grep("XYZ");
    assertFalse(want.isEmpty(), "the set should contain a few XYZ rows");
    assertEquals(want, run(new GrepJob(), "grep", table("grep")));
  }

  @Test
  void selectionAboveARank() throws Exception {
    List<String> want = data.ref.selection(10);
    assertFalse(want.isEmpty());
    assertEquals(want, run(new SelectionJob(), "selection", table("rankings")));
  }

  @Test
  void aggregationBySourceIpWithTwoReducers() throws Exception {
    List<String> want = data.ref.aggregation(0, null, null);
    assertTrue(want.size() > 1000, "groups: " + want.size());
    assertEquals(want, run(new AggregationJob(), "aggregation", "-D", "mapreduce.job.reduces=2", table("uservisits")));
  }

  @Test
  void aggregationByPrefixOverADateRange() throws Exception {
    List<String> want = data.ref.aggregation(7, "1984-01-01", "1987-01-01");
    assertTrue(want.size() > 1000, "groups: " + want.size());
    assertEquals(want, run(new AggregationJob(), "aggregation-dates", "--prefix", "7", "--from", "1984-01-01",
        "--to", "1987-01-01", table("uservisits")));
  }

  @Test
  void joinWithTheDefaultRangeAndTwoReducers() throws Exception {
    List<String> want = data.ref.join("2000-01-15", "2000-01-22");
    assertEquals(1, want.size());
    assertTrue(want.get(0).matches("[0-9.]+\t[0-9]+\\.[0-9]{2}\t[0-9]+\\.[0-9]{6}"), want.get(0));
    assertEquals(want, run(new JoinJob(), "join", "-D", "mapreduce.job.reduces=2", table("rankings"), table("uservisits")));
  }

  @Test
  void udfCountsDistinctLinkingPages() throws Exception {
    List<String> want = data.ref.inlinks();
    assertFalse(want.isEmpty());
    assertEquals(want, run(new UdfJob(), "udf", table("documents")));
  }
}
