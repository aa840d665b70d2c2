package org.hadoopopt.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.LoadStep;
import org.hadoopopt.bench.results.SuiteResults;
import org.hadoopopt.testing.TestFiles;
import org.hadoopopt.testing.VersionNeutral;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * report.html opens from disk in headless Chromium (Debian's {@code chromium}), draws its four
 * charts without a script error or console error, carries the headline, the paper's per-task
 * factors and the loading times, and a screenshot shows bars in the report's colours: our best
 * variant's bars stay visible with peers 400x faster beside them. Skips, saying so, only where no Chromium is installed.
 */
@VersionNeutral
class ReportRenderTest {
  private static File dir;
  private static File html;

  @BeforeAll
  static void writeReport() throws Exception {
    dir = new File("target/test-work/report-render").getAbsoluteFile();
    TestFiles.deleteRecursively(dir);
    dir.mkdirs();
    SuiteResults r = new SuiteResults();
    r.run().put("scale", "0.001");
    r.run().put("note", "<script>alert('not run')</script> is escaped");
    r.notices().add("skipped dio: no DataNode runs the direct I/O plugin (tasks: grep)");
    r.loading().add(new LoadStep(LoadStep.Side.SET, "generate grep, rankings, uservisits", null, 17.0, false));
    r.loading().add(new LoadStep(LoadStep.Side.HADOOPOPT, "load uservisits (kvsf, partitioned, indexed)",
        "loaded-kvsf/uservisits", 70.2, false));
    r.loading().add(new LoadStep(LoadStep.Side.DUCKDB, "load uservisits into a table of its own (database file)",
        "duckdb/uservisits", 9.5, true));
    r.loading().add(new LoadStep(LoadStep.Side.SPARK, "write uservisits as Parquet (written once)", "parquet/uservisits", 21.0,
        false));
    String[] tasks = {"grep", "selection", "aggregation", "join", "udf"};
    double[][] seconds = {{10, 11, 12}, {8, 8.5, 9}, {30, 31, 29}, {60, 61, 62}, {20, 21, 22}};
    for (int i = 0; i < tasks.length; i++) {
      add(r, tasks[i], "baseline", 1.0, seconds[i]);
      add(r, tasks[i], "bdb+fph", 2.0 + i, seconds[i]);
      if (!tasks[i].equals("udf")) {
        // Peers far faster than our bars: they must get their own (log) chart, not flatten ours.
        add(r, tasks[i], SuiteResults.DUCKDB, 400.0, seconds[i]);
        add(r, tasks[i], SuiteResults.SPARK, 3.0, seconds[i]);
      }
    }
    // a loaded aggregation beside the peers' loaded storage
    add(r, "aggregation", "bdbi", 10.0, seconds[2]).setStorage(CellResult.Storage.LOADED);
    r.find("aggregation", "bdbi").copies().add("loaded-kvsf/uservisits");
    add(r, "aggregation", SuiteResults.DUCKDB_LOADED, 50.0, seconds[2]).copies().add("duckdb/uservisits");
    add(r, "aggregation", SuiteResults.SPARK_PARQUET, 5.0, seconds[2]).copies().add("parquet/uservisits");
    r.find("aggregation", SuiteResults.DUCKDB_LOADED).setStorage(CellResult.Storage.LOADED);
    r.find("aggregation", SuiteResults.SPARK_PARQUET).setStorage(CellResult.Storage.LOADED);
    add(r, SuiteResults.FLOOR, SuiteResults.EMPTY_JOB, 100.0, seconds[0]);
    html = new File(dir, "report.html");
    HtmlReport.write(r, html);
  }

  private static CellResult add(SuiteResults r, String task, String variant, double factor, double[] seconds) {
    CellResult c = r.cell(task, variant);
    for (double s : seconds) {
      c.addSeconds(s / factor);
    }
    c.setAnswer(3, "abc");
    c.setAnswerMatchesBaseline(true);
    if (!SuiteResults.isPeer(variant)) {
      c.setIdealSeconds(0.5);
    }
    return c;
  }

  private static File chromium() {
    for (String p : new String[] {"/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"}) {
      if (new File(p).canExecute()) {
        return new File(p);
      }
    }
    return null;
  }

  /** Runs headless Chromium on the report with extra flags; returns {stdout, stderr}. */
  private static String[] run(String... flags) throws Exception {
    File exe = chromium();
    Assumptions.assumeTrue(exe != null, "Chromium is not installed (Debian: apt-get install -y chromium); render test skipped");
    List<String> cmd = new ArrayList<>(Arrays.asList(exe.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--no-first-run", "--disable-extensions", "--user-data-dir=" + new File(dir, "profile"),
        "--enable-logging=stderr", "--v=0", "--virtual-time-budget=10000"));
    cmd.addAll(Arrays.asList(flags));
    cmd.add(html.toURI().toString());
    File out = new File(dir, "stdout.txt");
    File err = new File(dir, "stderr.txt");
    Process p = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err).start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("chromium did not finish in 180 s: " + cmd);
    }
    return new String[] {new String(Files.readAllBytes(out.toPath()), StandardCharsets.UTF_8),
        new String(Files.readAllBytes(err.toPath()), StandardCharsets.UTF_8)};
  }

  @Test
  void chartsDrawWithoutErrors() throws Exception {
    String[] r = run("--dump-dom");
    String dom = r[0];
    assertTrue(dom.contains("data-charts-drawn=\"4\""), "charts not drawn; DOM tail: "
        + dom.substring(Math.max(0, dom.length() - 2000)) + "\nstderr: " + r[1]);
    assertFalse(dom.matches("(?s).*<body[^>]*data-chart-error.*"), "a chart failed: " + dom.substring(0, 600));
    assertTrue(dom.contains("charts drawn: 4"));
    // The headline line, the paper's per-task factors (not the overall range), the loading table.
    assertTrue(dom.contains("id=\"headline\"") && dom.contains("grep 2.00x (paper 1.47x)")
        && dom.contains("join 5.00x (paper 14.68x)"), dom);
    // like with like: the raw rows against the peers on the text, the loaded row against their own storage with loading times
    assertTrue(dom.contains("Raw against raw, our time over DuckDB on the text grep 200.00x")
        && dom.contains("Loaded against loaded, our time over DuckDB on its own tables aggregation 5.00x"), dom);
    assertTrue(dom.contains("loading: HadoopOpt 70.2 s, duckdb-loaded 9.5 s, spark-parquet 21.0 s"), dom);
    assertTrue(dom.contains("3.00 (bdbi) [70.20]") && dom.contains("0.60 [9.50]"), "the loaded table with loading times");
    assertTrue(dom.contains("load uservisits (kvsf, partitioned, indexed)") && dom.contains("(made by an earlier run, reused)"),
        "loading table");
    assertTrue(dom.contains("Hadoop's job floor (an empty job, same runner and cluster): 0.11 s"), "the job floor");
    assertFalse(dom.contains("<script>alert"), "run values are escaped");
    for (String line : r[1].split("\n")) {
      // Chromium logs page console messages as CONSOLE(line); none is expected from the report.
      assertFalse(line.contains("CONSOLE") || line.contains("Uncaught"), "console message: " + line);
    }
  }

  @Test
  void screenshotShowsTheCharts() throws Exception {
    File png = new File(dir, "report.png");
    run("--screenshot=" + png, "--window-size=1280,1600", "--hide-scrollbars");
    assertTrue(png.isFile(), "no screenshot written");
    BufferedImage img = ImageIO.read(png);
    assertEquals(1280, img.getWidth());
    // The bars of "best variant" are filled with #4e79a7 (report.js's first colour).
    int bars = 0;
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        if ((img.getRGB(x, y) & 0xffffff) == 0x4e79a7) {
          bars++;
        }
      }
    }
    assertTrue(bars > 2000, "too few bar pixels in the screenshot: " + bars + " (" + png + ")");
  }
}
