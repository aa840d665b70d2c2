package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.suite.SuiteOptions;
import org.hadoopopt.bench.suite.SuiteTool;
import org.junit.jupiter.api.Test;

/**
 * The suite's checks before anything is generated: a requested peer without its runtime (Spark's
 * classpath, DuckDB's native library), a scale
 * too small for the tables, a scale that would not fit the disk, an unknown peer. Each exits 2
 * with a message naming the key, and leaves no set behind.
 */
class SuiteBadInputTest {
  private static String[] run(File work, String... args) throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream saved = System.err;
    int rc;
    String[] all = new String[args.length + 7];
    System.arraycopy(args, 0, all, 0, args.length);
    System.arraycopy(new String[] {"--cluster", "local", "--no-ideal", "--tasks", "selection", "--out",
        new File(work, "results").toString()}, 0, all, args.length, 7);
    String[] withWork = java.util.Arrays.copyOf(all, all.length + 1);
    withWork[all.length] = new File(work, "w").toString();
    System.setErr(new PrintStream(err, true, "UTF-8"));
    try {
      rc = ToolRunner.run(new Configuration(), new SuiteTool(new PrintStream(new ByteArrayOutputStream(), true, "UTF-8")), withWork);
    } finally {
      System.setErr(saved);
    }
    return new String[] {Integer.toString(rc), err.toString("UTF-8")};
  }

  @Test
  void sparkWithoutItsRuntimeFailsNamingTheKey() throws Exception {
    File work = LocalSets.work("bad-peer");
    String[] r = run(work, "--peers", "duckdb,spark");
    assertEquals("2", r[0], r[1]);
    assertTrue(r[1].contains(SuiteOptions.SPARK_CLASSPATH), r[1]);
    assertFalse(new File(work, "w").exists(), "nothing generated");

    String[] cp = run(work, "-D", SuiteOptions.SPARK_CLASSPATH + "=" + new File(work, "no-such.jar"), "--peers", "spark");
    assertEquals("2", cp[0], cp[1]);
    assertTrue(cp[1].contains("no-such.jar does not exist"), cp[1]);

    String[] unknown = run(work, "--peers", "postgres");
    assertEquals("2", unknown[0], unknown[1]);
    assertTrue(unknown[1].contains(SuiteOptions.PEERS + ": unknown peer 'postgres'"), unknown[1]);
  }

  /**
   * DuckDB's driver class loads without its native library, which it unpacks into java.io.tmpdir
   * at the first connection: with no such folder the library cannot load, and the suite (in a JVM
   * of its own, since this one may have loaded the library already) says so before generating.
   */
  @Test
  void duckdbWhoseNativeLibraryCannotLoadFailsBeforeGenerating() throws Exception {
    File work = LocalSets.work("bad-duckdb");
    assertTrue(work.mkdirs());
    File out = new File(work, "child.out");
    Process p = new ProcessBuilder(new File(System.getProperty("java.home"), "bin/java").toString(), "-Xmx256m",
        "-XX:TieredStopAtLevel=1", "-Djava.io.tmpdir=" + new File(work, "no-such-tmp"),
        "-cp", System.getProperty("java.class.path"), SuiteTool.class.getName(),
        "--cluster", "local", "--no-ideal", "--tasks", "selection", "--peers", "duckdb",
        "--out", new File(work, "results").toString(), new File(work, "w").toString())
        .redirectErrorStream(true).redirectOutput(out).start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the suite ended");
    String printed = new String(Files.readAllBytes(out.toPath()), StandardCharsets.UTF_8);
    assertEquals(2, p.exitValue(), printed);
    assertTrue(printed.contains(SuiteOptions.PEERS + ": duckdb cannot run here: DuckDB's native library does not load")
        && printed.contains("no-such-tmp"), printed);
    assertFalse(new File(work, "w").exists(), "nothing generated");
  }

  @Test
  void aScaleOutOfRangeFailsBeforeGenerating() throws Exception {
    File work = LocalSets.work("bad-scale");
    String[] tiny = run(work, "--scale", "0.00000001", "--peers", "none");
    assertEquals("2", tiny[0], tiny[1]);
    assertTrue(tiny[1].contains("too small"), tiny[1]);
    String[] huge = run(work, "--scale", "100000", "--peers", "none");
    assertEquals("2", huge[0], huge[1]);
    assertTrue(huge[1].contains("hadoopopt.bench.gen.scale") || huge[1].contains("needs about"), huge[1]);
    assertTrue(huge[1].contains("GB are free"), huge[1]);
    String[] negative = run(work, "--scale", "-1", "--peers", "none");
    assertEquals("2", negative[0], negative[1]);
    assertFalse(new File(work, "w").exists(), "nothing generated");
  }
}
