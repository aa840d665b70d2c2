package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.jobs.AggregationJob;
import org.hadoopopt.bench.pavlo.jobs.GrepJob;
import org.hadoopopt.bench.pavlo.jobs.JoinJob;
import org.hadoopopt.bench.pavlo.jobs.SelectionJob;
import org.hadoopopt.bench.pavlo.jobs.UdfJob;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every baseline task on a tiny generated set (local runner, local files) against {@link Reference}. */
class PavloJobsLocalTest {
  private static File set;
  private static File out;
  private static FileSystem fs;
  private static Reference ref;

  @BeforeAll
  static void generate() throws Exception {
    set = LocalSets.set(0.0003, 11);
    out = LocalSets.work("jobs-local-out");
    fs = FileSystem.getLocal(new Configuration());
    ref = new Reference(fs, new Path(set.toString()));
  }

  private static List<String> run(Tool tool, String name, String... args) throws Exception {
    return LocalSets.runLocal(tool, out, name, args);
  }

  private static String table(String t) {
    return new File(set, t).toString();
  }

  @Test
  void grepFindsThePlantedPattern() throws Exception {
    List<String> want = ref.grep("XYZ");
    assertFalse(want.isEmpty(), "the set should contain a few XYZ rows");
    assertEquals(want, run(new GrepJob(), "grep", table("grep")));
  }

  @Test
  void selectionAboveARank() throws Exception {
    List<String> want = ref.selection(10);
    assertFalse(want.isEmpty());
    assertEquals(want, run(new SelectionJob(), "selection", table("rankings")));
  }

  @Test
  void aggregationBySourceIpWithTwoReducers() throws Exception {
    List<String> want = ref.aggregation(0, null, null);
    assertTrue(want.size() > 1000, "groups: " + want.size());
    assertEquals(want, run(new AggregationJob(), "aggregation", "-D", "mapreduce.job.reduces=2", table("uservisits")));
  }

  @Test
  void aggregationByPrefixOverADateRange() throws Exception {
    List<String> want = ref.aggregation(7, "1984-01-01", "1987-01-01");
    assertTrue(want.size() > 1000, "groups: " + want.size());
    assertEquals(want, run(new AggregationJob(), "aggregation-dates", "--prefix", "7", "--from", "1984-01-01",
        "--to", "1987-01-01", table("uservisits")));
  }

  @Test
  void joinWithTheDefaultRangeAndTwoReducers() throws Exception {
    List<String> want = ref.join("2000-01-15", "2000-01-22");
    assertEquals(1, want.size());
    assertTrue(want.get(0).matches("[0-9.]+\t[0-9]+\\.[0-9]{2}\t[0-9]+\\.[0-9]{6}"), want.get(0));
    assertEquals(want, run(new JoinJob(), "join", "-D", "mapreduce.job.reduces=2", table("rankings"), table("uservisits")));
  }

  @Test
  void udfCountsDistinctLinkingPages() throws Exception {
    List<String> want = ref.inlinks();
    assertFalse(want.isEmpty());
    assertEquals(want, run(new UdfJob(), "udf", table("documents")));
  }
}
