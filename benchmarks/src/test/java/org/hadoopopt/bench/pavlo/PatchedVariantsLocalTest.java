package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.jar.JarOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.suite.ResultsJson;
import org.hadoopopt.bench.results.SuiteResults;
import org.hadoopopt.bench.suite.SuiteTool;
import org.hadoopopt.testing.HadoopPatches;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The suite's patched variants on the local runner at a tiny scale: {@code +patched} (hadoop-patches'
 * classes, fingerprint key unset), {@code +pfs} and {@code +pfsh} (the fingerprint-sort patch) run
 * in the suite's child JVM with the patched jar first and give the baseline's answers, the patch's
 * counter covering every map output record; without the jar they are skipped with the command
 * that builds it; a jar that does not hold the patched MapTask, or a patch that declines, fails
 * the suite instead of measuring stock Hadoop.
 */
class PatchedVariantsLocalTest {
  private static final String SCALE = "0.0003";
  private static File work;
  private static String jar;

  @BeforeAll
  static void buildPatches() throws Exception {
    Assumptions.assumeTrue(HadoopPatches.VERSION.equals(org.apache.hadoop.util.VersionInfo.getVersion()),
        "hadoop-patches target Hadoop " + HadoopPatches.VERSION);
    jar = HadoopPatches.jar().toString();
    work = LocalSets.work("suite-patched");
  }

  private static int suite(ByteArrayOutputStream console, File out, String variants, String tasks, String... defs)
      throws Exception {
    List<String> args = new java.util.ArrayList<>();
    for (String d : defs) {
      args.add("-D");
      args.add(d);
    }
    args.addAll(List.of("--cluster", "local", "--scale", SCALE, "--seed", "7", "--runs", "1", "--no-duckdb", "--no-ideal",
        "--tasks", tasks, "--variants", variants, "--out", out.toString(), new File(work, "w").toString()));
    return ToolRunner.run(new Configuration(), new SuiteTool(new PrintStream(console, true, "UTF-8")),
        args.toArray(new String[0]));
  }

  private static SuiteResults results(File out) throws Exception {
    return ResultsJson.read(new String(Files.readAllBytes(new File(out, "results.json").toPath()), StandardCharsets.UTF_8));
  }

  @Test
  void patchedVariantsRunThePatchAndGiveTheBaselineAnswers() throws Exception {
    File out = new File(work, "results");
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    // the jar found where build.sh writes it, in the checkout the suite's classes come from
    int rc = suite(console, out, "baseline,patched,pfs,pfsh,mt+pfs", "grep,aggregation");
    String printed = console.toString("UTF-8");
    assertEquals(0, rc, printed);
    SuiteResults r = results(out);
    assertTrue(r.notices().isEmpty(), r.notices().toString());
    for (String[] tv : new String[][] {{"grep", "patched"}, {"aggregation", "patched"}, {"aggregation", "pfs"},
        {"aggregation", "pfsh"}, {"aggregation", "mt+pfs"}}) {
      CellResult c = r.find(tv[0], tv[1]);
      assertNotNull(c, tv[0] + "/" + tv[1] + " measured:\n" + printed);
      assertEquals(Boolean.TRUE, c.answerMatchesBaseline(), tv[0] + "/" + tv[1]);
      long records = c.counters().get("mapOutputRecords");
      long sorted = c.counters().get("patchRecordsSorted");
      if (tv[1].contains("pfs")) {
        assertTrue(records > 0, tv[1]);
        assertEquals(records, sorted, tv[1] + ": the patch sorted every map output record");
      } else {
        assertEquals(0, sorted, tv[1] + ": key unset, no fingerprint sort");
      }
    }
    assertNull(r.find("grep", "pfs"), "map-only: no sort for the patch to change");
    assertEquals(0L, r.find("aggregation", "baseline").counters().get("patchRecordsSorted"));
  }

  @Test
  void withoutTheJarThePatchedVariantsAreSkippedWithTheBuildCommand() throws Exception {
    File out = new File(work, "results-nojar");
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    int rc = suite(console, out, "baseline,patched,pfs", "aggregation",
        "hadoopopt.bench.suite.patched.jar=" + new File(work, "no-such.jar"));
    assertEquals(0, rc, console.toString("UTF-8"));
    SuiteResults r = results(out);
    assertNull(r.find("aggregation", "patched"));
    assertTrue(r.notices().stream().anyMatch(n -> n.startsWith("skipped patched: hadoop-patches' classes are not built")
        && n.contains("run hadoop-patches/build.sh 3.4.2")), r.notices().toString());
    assertTrue(r.notices().stream().anyMatch(n -> n.startsWith("skipped pfs: ")), r.notices().toString());
  }

  @Test
  void aJarWithoutThePatchedMapTaskFailsTheSuite() throws Exception {
    File other = new File(work, "not-patched.jar");
    work.mkdirs();
    try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(other.toPath()))) {
      j.putNextEntry(new java.util.jar.JarEntry("empty.txt"));
    }
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> suite(new ByteArrayOutputStream(),
        new File(work, "results-other"), "baseline,patched", "aggregation", "hadoopopt.bench.suite.patched.jar=" + other));
    assertTrue(e.getMessage().contains("MapTask came from") && e.getMessage().contains("not from the patched"), e.getMessage());
  }

  @Test
  void aDeclinedPatchFailsTheSuite() throws Exception {
    // prefix mode needs the key's own comparator: with another one the patched buffer sorts as stock
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> suite(new ByteArrayOutputStream(),
        new File(work, "results-declined"), "baseline,pfs", "aggregation", "hadoopopt.bench.suite.patched.jar=" + jar,
        "mapreduce.job.output.key.comparator.class=org.apache.hadoop.mapreduce.lib.partition.KeyFieldBasedComparator"));
    assertTrue(e.getMessage().contains("declined the fingerprint sort"), e.getMessage());
  }
}
