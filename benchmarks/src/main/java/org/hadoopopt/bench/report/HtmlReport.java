package org.hadoopopt.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import java.util.List;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.LoadStep;
import org.hadoopopt.bench.results.SuiteResults;

/**
 * results.json as one self-contained HTML file (opens from disk, no network): Chart.js (from its
 * webjar, inlined) draws the best variant beside the paper's per-task factors, the seconds of stock
 * Hadoop, our best and the peers on a log axis (so the peers do not flatten our bars), every
 * variant's speedup and measured/ideal; tables list the loading steps and every cell. When the charts have been
 * drawn the page sets {@code data-charts-drawn} on its body (what the render test waits for).
 */
public final class HtmlReport {
  /** Chart.js inside org.webjars.npm:chart.js (the version is the dependency's in benchmarks/pom.xml). */
  static final String CHART_JS_DIR = "META-INF/resources/webjars/chart.js/";
  static final String CHART_JS_FILE = "/dist/chart.umd.js";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private HtmlReport() {}

  public static void write(SuiteResults r, File html) throws IOException {
    Files.write(html.toPath(), render(r).getBytes(StandardCharsets.UTF_8));
  }

  public static String render(SuiteResults r) throws IOException {
    StringBuilder b = new StringBuilder(400_000);
    b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>HadoopOpt benchmark report</title>\n")
        .append("<style>").append(resource("report.css")).append("</style>\n</head>\n<body>\n")
        .append("<h1>HadoopOpt: the Pavlo benchmark on this machine</h1>\n")
        .append("<p class=\"headline\" id=\"headline\">").append(escape(Headline.of(r))).append("</p>\n")
        .append("<p class=\"run\">").append(escape(runLine(r))).append("</p>\n");
    if (!r.notices().isEmpty()) {
      b.append("<h2>Notices</h2>\n<ul class=\"notices\">\n");
      for (String n : r.notices()) {
        b.append("<li>").append(escape(n)).append("</li>\n");
      }
      b.append("</ul>\n");
    }
    b.append("<h2>Best HadoopOpt variant per task, beside the paper</h2>\n")
        .append("<p>Speedup over stock Hadoop, the baseline (higher is better). Paper: ").append(escape(PaperFactors.SOURCE))
        .append(", per task (Table 1: grep, aggregation, join; the index experiments: selection). Geometric mean of the best variants over ")
        .append(escape(String.join(", ", ConsoleTable.headlineTasksRun(r)))).append(": <b id=\"geomean\">")
        .append(fmt(r.geometricMeanBestSpeedup(ConsoleTable.headlineTasksRun(r)))).append("x</b>.</p>\n")
        .append("<div class=\"chart\"><canvas id=\"best\"></canvas></div>\n")
        .append("<h2>Seconds per task: stock Hadoop, our best on the text and on a loaded copy, and the peers (log scale)</h2>\n")
        .append("<p>The peers run the same SQL (DuckDB in-process, Spark SQL in local mode, one thread per core), each over the")
        .append(" same text files and over its own storage loaded once from them (DuckDB's tables, Spark's Parquet);")
        .append(" their answers are checked against the baseline's. Lower is better.</p>\n")
        .append("<div class=\"chart\"><canvas id=\"peers\"></canvas></div>\n")
        .append("<h2>Like with like</h2>\n").append(likeWithLike(r))
        .append("<h2>Every variant's speedup over the baseline</h2>\n<div class=\"chart\"><canvas id=\"variants\"></canvas></div>\n")
        .append("<h2>Measured time over the hardware ideal: Krevat et al.'s model (cold disk, loopback network) and the"
            + " CPU floor, our extension (lower is better; 1 = the hardware's limit)</h2>\n")
        .append("<div class=\"chart\"><canvas id=\"ideal\"></canvas></div>\n")
        .append("<h2>Loading and conversion (before any query)</h2>\n").append(prepTable(r))
        .append("<h2>All measurements</h2>\n").append(table(r))
        .append("<p id=\"charts-status\">charts not drawn (JavaScript off or failed)</p>\n")
        .append("<script type=\"application/json\" id=\"report-data\">").append(scriptSafe(data(r))).append("</script>\n")
        .append("<script>").append(scriptSafe(chartJs())).append("</script>\n")
        .append("<script>").append(scriptSafe(resource("report.js"))).append("</script>\n")
        .append("</body></html>\n");
    return b.toString();
  }

  private static String runLine(SuiteResults r) {
    StringBuilder b = new StringBuilder();
    for (Map.Entry<String, String> e : r.run().entrySet()) {
      b.append(b.length() == 0 ? "" : " · ").append(e.getKey()).append(": ").append(e.getValue());
    }
    return b.toString();
  }

  /** The loading steps of every side and their seconds, as the original benchmark reports load times. */
  private static String prepTable(SuiteResults r) {
    if (r.loading().isEmpty()) {
      return "<p>none recorded</p>\n";
    }
    StringBuilder b = new StringBuilder("<table id=\"prep\">\n<tr><th>side</th><th>step</th><th>seconds</th></tr>\n");
    for (LoadStep l : r.loading()) {
      b.append("<tr><td>").append(escape(l.side().label())).append("</td><td>")
          .append(escape(l.step() + (l.reused() ? " (made by an earlier run, reused)" : ""))).append("</td><td>")
          .append(escape(LoadStep.format(l.seconds(), "%.2f"))).append("</td></tr>\n");
    }
    for (LoadStep.Side side : LoadStep.Side.values()) {
      if (r.loading().stream().anyMatch(l -> l.side() == side)) {
        b.append("<tr><th>").append(escape(side.label())).append("</th><th>total</th><th>").append(escape(LoadStep.format(r.loadSeconds(side), "%.2f")))
            .append("</th></tr>\n");
      }
    }
    return b.append("</table>\n").toString();
  }

  /** Raw against raw, loaded against loaded (with each side's loading time), and the job floor. */
  private static String likeWithLike(SuiteResults r) {
    StringBuilder b = new StringBuilder();
    b.append("<p>Ours over the peer's median (below 1: ours is faster). Nothing loaded is compared with a peer reading the text.</p>\n");
    for (CellResult.Storage storage : CellResult.Storage.values()) {
      boolean text = storage == CellResult.Storage.TEXT;
      List<String> columns = text ? LikeWithLike.RAW_PEERS : LikeWithLike.LOADED_PEERS;
      b.append("<h3>").append(text ? "Raw against raw: everyone on the same generated text"
          : "Loaded against loaded: each on its own storage, [loading seconds of the task's tables]").append("</h3>\n")
          .append("<table id=\"").append(text ? "raw" : "loaded").append("\">\n<tr><th>task</th><th>ours</th>");
      for (String c : columns) {
        b.append("<th>").append(escape(LikeWithLike.label(c))).append("</th>");
      }
      for (String c : columns) {
        b.append("<th>ours / ").append(escape(LikeWithLike.label(c))).append("</th>");
      }
      b.append("</tr>\n");
      for (LikeWithLike.Row x : LikeWithLike.rows(r, storage)) {
        b.append("<tr><td>").append(escape(x.task())).append("</td><td>").append(cell(r, x.ours(), !text, true)).append("</td>");
        for (String c : columns) {
          b.append("<td>").append(cell(r, x.peer(c), !text, false)).append("</td>");
        }
        for (String c : columns) {
          b.append("<td>").append(fmt(x.oursOver(c))).append("</td>");
        }
        b.append("</tr>\n");
      }
      b.append("</table>\n");
    }
    String floor = ConsoleTable.floorLine(r);
    if (floor != null) {
      b.append("<p id=\"floor\">").append(escape(floor)).append("</p>\n");
    }
    return b.toString();
  }

  private static String cell(SuiteResults r, CellResult c, boolean withLoad, boolean withVariant) {
    if (c == null) {
      return "-";
    }
    return escape(fmt(c.median()) + (withVariant ? " (" + c.variant() + ")" : "")
        + (withLoad ? " [" + LoadStep.format(r.loadSeconds(c), "%.2f") + "]" : ""));
  }

  private static String table(SuiteResults r) {
    StringBuilder b = new StringBuilder("<table>\n<tr><th>task</th><th>variant</th><th>reads</th><th>runs</th><th>median s</th>"
        + "<th>speedup</th><th>Krevat's ratio (measured / model)</th><th>measured / CPU floor (our extension)</th>"
        + "<th>answer</th></tr>\n");
    for (CellResult c : r.cells()) {
      String answer = c.answerLines() + " lines" + (c.answerMatchesBaseline() == null ? ""
          : c.answerMatchesBaseline() ? ", = baseline" : ", DIFFERS");
      b.append("<tr><td>").append(escape(c.task())).append("</td><td>").append(escape(c.variant())).append("</td><td>")
          .append(c.storage().label()).append("</td><td>").append(c.seconds().size()).append("</td><td>").append(fmt(c.median())).append("</td><td>")
          .append(fmt(r.speedup(c))).append("</td><td>").append(fmt(c.krevatRatio())).append("</td><td>")
          .append(c.idealSeconds() == null ? "-" : fmt(c.median() / c.idealSeconds())).append("</td><td>")
          .append(escape(answer)).append("</td></tr>\n");
    }
    return b.append("</table>\n").toString();
  }

  /** What report.js draws from. */
  static String data(SuiteResults r) throws IOException {
    ObjectNode root = MAPPER.createObjectNode();
    ArrayNode tasks = root.putArray("tasks");
    r.tasks().forEach(tasks::add);
    ArrayNode cells = root.putArray("cells");
    for (CellResult c : r.cells()) {
      ObjectNode o = cells.addObject();
      o.put("task", c.task());
      o.put("variant", c.variant());
      putNumber(o, "median", c.median());
      putNumber(o, "speedup", r.speedup(c));
      putNumber(o, "overIdeal", c.idealSeconds() == null ? Double.NaN : c.median() / c.idealSeconds());
      putNumber(o, "krevatRatio", c.krevatRatio());
    }
    ObjectNode best = root.putObject("best");
    for (String t : r.tasks()) {
      CellResult c = r.best(t);
      if (c != null && !Double.isNaN(r.speedup(c))) {
        best.putObject(t).put("variant", c.variant()).put("speedup", r.speedup(c));
      }
    }
    ObjectNode bestText = root.putObject("bestText");
    ObjectNode bestLoaded = root.putObject("bestLoaded");
    for (String t : r.tasks()) {
      CellResult c = r.best(t, CellResult.Storage.TEXT);
      if (c != null) {
        bestText.put(t, c.variant());
      }
      c = r.best(t, CellResult.Storage.LOADED);
      if (c != null) {
        bestLoaded.put(t, c.variant());
      }
    }
    ArrayNode peers = root.putArray("peers");
    SuiteResults.PEER_COLUMNS.forEach(peers::add);
    ObjectNode paper = root.putObject("paper");
    for (Map.Entry<String, PaperFactors.Factor> e : PaperFactors.all().entrySet()) {
      paper.putObject(e.getKey()).put("low", e.getValue().low()).put("high", e.getValue().high())
          .put("note", e.getValue().note());
    }
    return MAPPER.writeValueAsString(root);
  }

  private static void putNumber(ObjectNode o, String key, double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      o.putNull(key);
    } else {
      o.put(key, v);
    }
  }

  /** The Chart.js UMD build from the webjar on the classpath. */
  static String chartJs() throws IOException {
    String version = WebjarVersion.CHART_JS;
    String path = CHART_JS_DIR + version + CHART_JS_FILE;
    try (InputStream in = HtmlReport.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IOException("Chart.js is not on the classpath (" + path + " from org.webjars.npm:chart.js:" + version + ")");
      }
      return read(in);
    }
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IOException("missing resource " + name + " beside " + HtmlReport.class.getName());
      }
      return read(in);
    }
  }

  private static String read(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[65536];
    for (int n; (n = in.read(buf)) > 0;) {
      out.write(buf, 0, n);
    }
    return new String(out.toByteArray(), StandardCharsets.UTF_8);
  }

  /** Inside a script element only "</script" would end it early; in JS strings "<\\/" is the same text. */
  static String scriptSafe(String s) {
    return s.replaceAll("(?i)</(script)", "<\\\\/$1");
  }

  static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  private static String fmt(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? "-" : String.format(java.util.Locale.ROOT, "%.2f", v);
  }
}
