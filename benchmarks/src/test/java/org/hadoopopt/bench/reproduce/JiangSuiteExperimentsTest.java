package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.SuiteResults;
import org.hadoopopt.bench.results.Verdict;
import org.hadoopopt.bench.results.Finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.bench.tools.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two Jiang et al. experiments that run the Pavlo suite (local runner, scale 0.0003, one
 * work folder): Table 1's rows and the tuned-settings row, each figure recomputed here from the
 * suite's own results.json, every answer equal to the baseline's.
 */
class JiangSuiteExperimentsTest {
  @TempDir
  File dir;

  @Test
  void table1AndConfigRows() throws Exception {
    Configuration conf = new Configuration();
    conf.setInt("mapreduce.local.map.tasks.maximum", 1); // io.sort.mb 512 of +jiang: one buffer at a time
    File work = new File(dir, "work");
    File out = new File(dir, "t1");
    List<Finding> t1 = JiangTable1.measure(conf, work, out, 0.0003, null, 1);
    assertEquals(6, t1.size());
    JsonNode results = Json.MAPPER.readTree(new File(out, "results.json"));
    String[][] expect = {{"grep", "mt"}, {"selection", "mti"}, {"aggregation", null}, {"join", "partition"}};
    for (int i = 0; i < 4; i++) {
      Finding f = t1.get(i);
      assertNotEquals(Verdict.NOT_REPRODUCIBLE, f.verdict, f.ourSetting + " " + f.why);
      double base = median(results, expect[i][0], "baseline");
      String best = expect[i][1] != null ? expect[i][1] : f.ourSetting.startsWith("mt+fph") ? "mt+fph" : "mt";
      assertTrue(f.ourSetting.startsWith(best + " over baseline"), f.ourSetting);
      assertEquals(base / median(results, expect[i][0], best), f.ourFigure, 1e-9, f.ourSetting);
    }
    for (JsonNode c : results.path("cells")) {
      if (!c.path("variant").asText().equals("baseline") && !c.path("task").asText().equals(SuiteResults.FLOOR)) {
        assertTrue(c.path("answerMatchesBaseline").asBoolean(c.path("variant").asText().equals("duckdb")), c.toString());
      }
    }
    Finding low = t1.get(4);
    Finding high = t1.get(5);
    assertEquals(3.1, low.paperFigure, 0);
    assertEquals(6.5, high.paperFigure, 0);
    assertTrue(low.ourFigure <= high.ourFigure, low.ourFigure + " " + high.ourFigure);
    assertTrue(low.why.contains("not found"), low.why);

    File out2 = new File(dir, "cfg");
    List<Finding> cfg = JiangConfig.measure(conf, work, out2, 0.0003, null, 1);
    assertEquals(1, cfg.size());
    JsonNode r2 = Json.MAPPER.readTree(new File(out2, "results.json"));
    assertEquals(median(r2, "aggregation", "baseline") / median(r2, "aggregation", "jiang"), cfg.get(0).ourFigure, 1e-9);
    assertTrue(cfg.get(0).why.contains("no paper figure"), cfg.get(0).why);
  }

  private static double median(JsonNode results, String task, String variant) {
    for (JsonNode c : results.path("cells")) {
      if (c.path("task").asText().equals(task) && c.path("variant").asText().equals(variant)) {
        return c.path("median").asDouble();
      }
    }
    throw new AssertionError("no cell " + task + "/" + variant);
  }
}
