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
import org.hadoopopt.testing.VersionNeutral;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two Jiang et al. experiments that run the Pavlo suite (local runner, scale 0.0003, one
 * work folder): Table 1's rows and the tuned-settings row, each figure recomputed here from the
 * suite's own results.json, every answer equal to the baseline's.
 */
@VersionNeutral
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
    // five factors, per Table 1 task four rows (tuned, DBMS-X, Vertica, against), the range's two ends
    assertEquals(5 + 3 * 4 + 2, t1.size());
    JsonNode results = Json.MAPPER.readTree(new File(out, "results.json"));
    String[][] factors = {{"grep", "mt", "baseline"}, {"selection", "mt", "baseline"}, {"aggregation", "mt", "baseline"},
        {"aggregation", "mt+fph", "mt"}, {"aggregation-dates", "mti", "mt"}};
    double[] paper = {1.08, 2.0, 1.63, 1.225, 4.1};
    for (int i = 0; i < factors.length; i++) {
      Finding f = t1.get(i);
      assertNotEquals(Verdict.NOT_REPRODUCIBLE, f.verdict, f.ourSetting + " " + f.why);
      assertEquals(paper[i], f.paperFigure, 1e-9, f.finding);
      assertEquals(median(results, factors[i][0], factors[i][2]) / median(results, factors[i][0], factors[i][1]),
          f.ourFigure, 1e-9, f.ourSetting);
    }
    String[] tasks = {"grep", "aggregation", "join"};
    double[][] table1 = {{1.47, 1.5, 2.6, 1.5 / 1.47}, {1.54, 1.6, 4.3, 1.6 / 1.54}, {14.68, 36.3, 21.0, 21.0 / 14.68}};
    for (int k = 0; k < 3; k++) {
      List<Finding> rows = t1.subList(5 + 4 * k, 9 + 4 * k);
      double base = median(results, tasks[k], "baseline");
      double duck = median(results, tasks[k], "duckdb");
      Finding tuned = rows.get(0);
      String best = tuned.ourSetting.substring(0, tuned.ourSetting.indexOf(' '));
      assertEquals(table1[k][0], tuned.paperFigure, 0);
      assertEquals(base / median(results, tasks[k], best), tuned.ourFigure, 1e-9, tuned.ourSetting);
      assertEquals(table1[k][1], rows.get(1).paperFigure, 0);
      assertEquals(table1[k][2], rows.get(2).paperFigure, 0);
      assertEquals(base / duck, rows.get(1).ourFigure, 1e-9);
      assertEquals(base / duck, rows.get(2).ourFigure, 1e-9);
      assertEquals(table1[k][3], rows.get(3).paperFigure, 1e-9);
      assertEquals(duck / median(results, tasks[k], best), rows.get(3).ourFigure, 1e-9);
    }
    for (JsonNode c : results.path("cells")) {
      if (!c.path("variant").asText().equals("baseline") && !c.path("task").asText().equals(SuiteResults.FLOOR)) {
        assertTrue(c.path("answerMatchesBaseline").asBoolean(c.path("variant").asText().equals("duckdb")), c.toString());
      }
    }
    Finding low = t1.get(t1.size() - 2);
    Finding high = t1.get(t1.size() - 1);
    assertEquals(3.1, low.paperFigure, 0);
    assertEquals(6.5, high.paperFigure, 0);
    assertTrue(low.ourFigure <= high.ourFigure, low.ourFigure + " " + high.ourFigure);
    assertTrue(low.why.contains("DuckDB over the baseline per task"), low.why);

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
