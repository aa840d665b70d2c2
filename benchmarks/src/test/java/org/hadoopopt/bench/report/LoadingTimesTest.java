package org.hadoopopt.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.LoadStep;
import org.hadoopopt.bench.results.SuiteResults;
import org.hadoopopt.bench.suite.ResultsJson;
import org.junit.jupiter.api.Test;

/**
 * Loading times in the results file, the headline and the console: our loaded variant's time is
 * printed beside the peers' wherever a step recorded it (also when one part reused a copy another
 * part made), and a time nobody recorded is said in words, never as NaN or a bare dash.
 */
class LoadingTimesTest {
  private static final String OUR_STEP = "load uservisits (kvsf, partitioned, indexed)";

  /** One part of a run: the aggregation over our loaded copy and DuckDB's table; OURS the seconds our load took. */
  private static SuiteResults part(double ours, boolean reused) throws Exception {
    SuiteResults r = new SuiteResults();
    r.run().put("scale", "0.1");
    r.run().put("commit", "0123456789abcdef0123456789abcdef01234567");
    r.loading().add(new LoadStep(LoadStep.Side.SET, "generate grep, rankings, uservisits", null, Double.NaN, true));
    r.loading().add(new LoadStep(LoadStep.Side.HADOOPOPT, OUR_STEP, "loaded-kvsf/uservisits", ours, reused));
    r.loading().add(new LoadStep(LoadStep.Side.DUCKDB, "load uservisits into a table of its own (database file)",
        "duckdb/uservisits", 12.6, true));
    cell(r, SuiteResults.FLOOR, SuiteResults.EMPTY_JOB, CellResult.Storage.TEXT, null, 0.4);
    cell(r, "aggregation", "baseline", CellResult.Storage.TEXT, null, 40);
    cell(r, "aggregation", "mtv", CellResult.Storage.TEXT, null, 5);
    cell(r, "aggregation", "bdbiv", CellResult.Storage.LOADED, "loaded-kvsf/uservisits", 4);
    cell(r, "aggregation", SuiteResults.DUCKDB, CellResult.Storage.TEXT, null, 2);
    cell(r, "aggregation", SuiteResults.DUCKDB_LOADED, CellResult.Storage.LOADED, "duckdb/uservisits", 0.5);
    // as `summary` sees it: through results.json, where an unknown time is null
    return ResultsJson.read(ResultsJson.write(r));
  }

  private static void cell(SuiteResults r, String task, String variant, CellResult.Storage storage, String copy, double s) {
    CellResult c = r.cell(task, variant);
    c.setStorage(storage);
    if (copy != null) {
      c.copies().add(copy);
    }
    c.addSeconds(s);
    if (!SuiteResults.isFloor(c)) {
      c.setAnswer(1, "aa");
      c.setAnswerMatchesBaseline(true);
    }
  }

  private static String console(SuiteResults r) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    ConsoleTable.print(r, new PrintStream(b, true, StandardCharsets.UTF_8));
    return b.toString(StandardCharsets.UTF_8);
  }

  @Test
  void ourRecordedLoadingTimeIsShownBesideThePeers() throws Exception {
    SuiteResults r = part(55.3, true);
    String md = ResultsMarkdown.render(ResultsMarkdown.one(r), null);
    assertTrue(md.contains("| aggregation | 4.00 (`bdbiv`) [55.3] | 0.50 [12.6] |"), md);
    assertTrue(md.contains("| HadoopOpt | " + OUR_STEP + " (reused) | 55.3 |"), md);
    assertTrue(md.contains("| **HadoopOpt** | total | **55.3** |"), md);
    assertTrue(Headline.of(r).contains("loading: HadoopOpt 55.3 s, duckdb-loaded 12.6 s"), Headline.of(r));
    // the set's generation was never timed: words, in every place a time goes
    assertTrue(md.contains("| set | generate grep, rankings, uservisits (reused) | " + LoadStep.UNKNOWN + " |"), md);
    assertFalse(md.contains("NaN") || Headline.of(r).contains("NaN") || console(r).contains("NaN"), md);
  }

  @Test
  void anUnrecordedLoadingTimeIsSaidInWords() throws Exception {
    SuiteResults r = part(Double.NaN, true);
    assertTrue(Double.isNaN(r.loadSeconds(r.find("aggregation", "bdbiv"))), "the round trip keeps the time unknown");
    String md = ResultsMarkdown.render(ResultsMarkdown.one(r), null);
    String headline = Headline.of(r);
    String console = console(r);
    assertTrue(md.contains("| aggregation | 4.00 (`bdbiv`) [" + LoadStep.UNKNOWN + "] | 0.50 [12.6] |"), md);
    assertTrue(md.contains("| **HadoopOpt** | total | **" + LoadStep.UNKNOWN + "** |"), md);
    assertTrue(headline.contains("loading: HadoopOpt " + LoadStep.UNKNOWN + ", duckdb-loaded 12.6 s"), headline);
    assertTrue(console.contains("HadoopOpt " + LoadStep.UNKNOWN), console);
    for (String out : List.of(md, headline, console)) {
      assertFalse(out.contains("NaN"), out);
      assertFalse(out.contains("[-]"), out);
    }
    String html = HtmlReport.render(r); // its inlined Chart.js has isNaN: only the tables are looked at
    assertTrue(html.contains("4.00 (bdbiv) [" + LoadStep.UNKNOWN + "]"), html);
    assertFalse(html.contains(">NaN<") || html.contains("[-]"), html);
  }

  @Test
  void mergedPartsTakeTheTimeOfThePartThatMadeTheCopy() throws Exception {
    // the first part reused a copy an older run made untimed; the second made it again, timed
    SuiteResults untimed = part(Double.NaN, true);
    SuiteResults timed = part(61.0, false);
    SuiteResults all = ResultsMarkdown.merge(List.of(untimed, timed));
    assertEquals(61.0, all.loadSeconds(LoadStep.Side.HADOOPOPT), 0);
    assertEquals(1, all.loading().stream().filter(l -> l.step().equals(OUR_STEP)).count());
    String md = ResultsMarkdown.render(List.of(untimed, timed), null);
    assertTrue(md.contains("(`bdbiv`) [61.0]"), md);
    assertFalse(md.contains(LoadStep.UNKNOWN + "] |"), md);
  }
}
