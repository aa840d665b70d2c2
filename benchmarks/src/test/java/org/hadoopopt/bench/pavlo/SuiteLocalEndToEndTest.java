package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.suite.ResultsJson;
import org.hadoopopt.bench.results.SuiteResults;
import org.hadoopopt.bench.suite.SuiteTool;
import org.junit.jupiter.api.Test;

/**
 * {@code suite --cluster local} end to end at a tiny scale: results.json has every task in every
 * variant that this jar offers (the rest named in a notice), every answer equal to the
 * baseline's, the baselines equal to {@link Reference}'s answers (plain Java over the generated
 * files), the DuckDB column equal too, and a report.html beside it.
 */
class SuiteLocalEndToEndTest {
  /** The variants that exist in every build of this module (others appear as modules land). */
  private static final List<String> ALWAYS = List.of("baseline", "mt", "bdb", "fph", "bdb+fph");
  /** Every decoder, the hash collector alone and with BDB, direct I/O (fp prefix mode is byte-identical by design and tested in its module). */
  private static final String VARIANTS = "baseline,mt,bdb,mti,bdbi,bdbtree,simple-index,partition,fph,bdb+fph,dio";

  @Test
  void everyTaskInEveryAvailableVariantGivesTheBaselineAnswer() throws Exception {
    File work = LocalSets.work("suite-e2e");
    File out = new File(work, "results");
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    int rc = ToolRunner.run(new Configuration(), new SuiteTool(new PrintStream(console, true, "UTF-8")), new String[] {
        "-D", SuiteTool.PROBE_BYTES + "=4194304", "--cluster", "local", "--scale", "0.0003", "--seed", "7",
        "--runs", "1", "--variants", VARIANTS, "--out", out.toString(), new File(work, "w").toString()});
    String printed = console.toString("UTF-8");
    Files.write(new File(out, "console.txt").toPath(), console.toByteArray());
    assertEquals(0, rc, printed);
    SuiteResults r = ResultsJson.read(new String(Files.readAllBytes(new File(out, "results.json").toPath()),
        StandardCharsets.UTF_8));

    // Every task x variant: measured with the baseline's answer, or named in a notice for that task.
    for (String v : VARIANTS.split(",")) {
      int measured = 0;
      for (CellResult c : r.cells()) {
        if (c.variant().equals(v)) {
          measured++;
          assertEquals(1, c.seconds().size(), c.task() + "/" + v);
          assertEquals(Boolean.TRUE, c.answerMatchesBaseline(), c.task() + "/" + v);
          assertTrue(skippedFor(r, v).isEmpty() || !skippedFor(r, v).contains(c.task()), c.task() + "/" + v);
        }
      }
      assertTrue(measured > 0 || !skippedFor(r, v).isEmpty(), v + ": neither measured nor in a notice");
      assertTrue(measured > 0 || !ALWAYS.contains(v), v + " must run in this build");
    }
    assertTrue(r.notices().stream().anyMatch(n -> n.startsWith("skipped dio: ")), "local files: no direct I/O");
    for (String t : List.of("selection", "aggregation", "aggregation-small", "aggregation-dates")) {
      for (String v : List.of("mt", "bdb")) {
        assertNotNull(r.find(t, v), t + "/" + v);
      }
    }
    for (String t : List.of("aggregation", "join", "udf")) {
      assertNotNull(r.find(t, "fph"), t + "/fph");
    }

    // The baseline's answers are the right ones.
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Reference ref = new Reference(fs, new Path(new File(work, "w/data-s3.0E-4-seed7").toString()));
    Map<String, List<String>> expected = new LinkedHashMap<>();
    expected.put("grep", ref.grep("XYZ"));
    expected.put("selection", ref.selection(10));
    expected.put("aggregation", ref.aggregation(0, null, null));
    expected.put("aggregation-small", ref.aggregation(7, null, null));
    expected.put("aggregation-dates", ref.aggregation(0, "1984-01-01", "1987-01-01"));
    expected.put("join", ref.join("2000-01-15", "2000-01-22"));
    expected.put("udf", ref.inlinks());
    for (Map.Entry<String, List<String>> e : expected.entrySet()) {
      CellResult b = r.find(e.getKey(), "baseline");
      assertEquals(e.getValue().size(), b.answerLines(), e.getKey());
      assertEquals(Reference.sha256(e.getValue()), b.answerSha256(), e.getKey());
      assertTrue(b.median() > 0, e.getKey());
      assertEquals(1.0, r.speedup(b), 1e-12);
      if (!e.getKey().equals("udf")) {
        CellResult d = r.find(e.getKey(), SuiteResults.DUCKDB);
        assertNotNull(d, "duckdb " + e.getKey());
        assertEquals(Reference.sha256(e.getValue()), d.answerSha256(), "duckdb " + e.getKey());
        assertEquals(Boolean.TRUE, d.answerMatchesBaseline());
      }
    }
    assertTrue(expected.get("aggregation").size() > 100, "a non-trivial aggregation");

    // Counters and the ideal: the input counter is the table's size (plus the local file system's
    // checksum files, 4 bytes per 512).
    CellResult grep = r.find("grep", "baseline");
    long table = dirBytes(new File(work, "w/data-s3.0E-4-seed7/grep"));
    long read = grep.counters().get("inputBytes");
    assertTrue(read >= table && read <= table * 1.02, "input bytes " + read + " for a table of " + table);
    assertNotNull(grep.idealSeconds());
    assertTrue(grep.idealSeconds() > 0 && r.hardware().get("cores") >= 1);
    // Krevat's model, from the same counters: map-only grep on one node reads its input and writes
    // its output on the one disk (Table 3's disk terms add within a phase)
    assertNotNull(grep.krevatSeconds());
    long written = grep.counters().get("outputBytes");
    assertEquals(read / r.hardware().get("coldDiskReadBytesPerSec") + written / r.hardware().get("diskWriteBytesPerSec"),
        grep.krevatSeconds(), grep.krevatSeconds() * 1e-9);
    assertEquals(grep.median() / grep.krevatSeconds(), grep.krevatRatio(), 1e-9);
    assertTrue(printed.contains("Krevat"), printed);

    // The B+-tree runs' counters are the cells' own: the cursors read exactly the selected rows;
    // no other variant reads a tree. Loading the trees is a timed preparation step.
    CellResult tree = r.find("selection", "bdbtree");
    assertNotNull(tree, "selection/bdbtree");
    assertTrue(tree.counters().get("treesOpened") >= 1, tree.counters().toString());
    assertEquals(tree.answerLines(), (long) tree.counters().get("treeRecordsScanned"), tree.counters().toString());
    assertTrue(r.find("aggregation-dates", "bdbtree").counters().get("treeScanNanos") > 0);
    assertTrue(r.cells().stream().filter(c -> !c.variant().equals("bdbtree")).noneMatch(c -> c.counters().containsKey("treesOpened")));
    assertTrue(r.loading().stream().anyMatch(s -> s.step().startsWith("load rankings (bdbtree")), r.loading().toString());
    assertTrue(printed.contains("B+-tree reads, selection/bdbtree: "), printed);

    assertTrue(new File(out, "report.html").length() > 100_000, "report with Chart.js inlined");
    assertTrue(printed.contains("geometric mean"), printed);
  }

  /** The tasks the notices say the variant was skipped for. */
  private static List<String> skippedFor(SuiteResults r, String variant) {
    List<String> tasks = new ArrayList<>();
    for (String n : r.notices()) {
      if (n.startsWith("skipped " + variant + ":")) {
        String list = n.substring(n.lastIndexOf("(tasks: ") + "(tasks: ".length(), n.length() - 1);
        tasks.addAll(List.of(list.split(", ")));
      }
    }
    return tasks;
  }

  private static List<String> names(List<Task> tasks) {
    List<String> n = new ArrayList<>();
    tasks.forEach(t -> n.add(t.name()));
    return n;
  }

  private static long dirBytes(File dir) {
    long n = 0;
    for (File f : dir.listFiles((d, name) -> name.startsWith("part-"))) {
      n += f.length();
    }
    return n;
  }
}
