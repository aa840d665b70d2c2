package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.Verdict;
import org.hadoopopt.bench.results.Findings;
import org.hadoopopt.bench.results.Finding;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.hadoopopt.bench.micro.MicroPart;
import org.hadoopopt.bench.tools.Json;

/**
 * The reproduction report of a {@code reproduce} run: reads OUT/reproduce-status.tsv (part,
 * status, detail) and each experiment's OUT/findings/PART.json, and writes OUT/reproduce.txt (the
 * console table), OUT/reproduce.json and OUT/reproduce.html. An experiment that was skipped, failed
 * or wrote no findings becomes one row "not reproducible here" with the reason, so the report
 * always lists every experiment that was asked for.
 */
public final class ReproduceReport {
  static final String STATUS = "reproduce-status.tsv";

  private ReproduceReport() {}

  /** Writes the three report files; returns the console text. */
  public static String write(File out) throws IOException {
    List<Finding> all = collect(out, ReproduceParts.all());
    List<String> run = ReproduceRun.describe(out,
        ReproduceParts.all().stream().map(p -> p.name).collect(Collectors.toList()));
    String text = text(all) + (run.isEmpty() ? "" : String.join("\n", run) + "\n");
    Files.write(new File(out, "reproduce.txt").toPath(), text.getBytes(StandardCharsets.UTF_8));
    ObjectNode root = Json.object();
    ObjectNode counts = root.putObject("verdicts");
    verdictCounts(all).forEach((v, n) -> counts.put(v.name(), n));
    ArrayNode runLines = root.putArray("run");
    run.forEach(runLines::add);
    ArrayNode why = root.putArray("notReproducible");
    for (Finding f : notReproducible(all)) {
      why.addObject().put("part", f.part).put("finding", f.finding).put("why", f.why);
    }
    ArrayNode a = root.putArray("findings");
    for (Finding f : all) {
      a.add(f.toJson());
    }
    Json.write(new File(out, "reproduce.json"), root);
    Files.write(new File(out, "reproduce.html").toPath(), html(all, run).getBytes(StandardCharsets.UTF_8));
    return text + String.format(Locale.ROOT, "(report in %s/reproduce.txt, .json and .html)%n", out);
  }

  /** Every part run into {@code out}, in run order: its findings, or one row saying why there are none. */
  static List<Finding> collect(File out, List<MicroPart> parts) throws IOException {
    Map<String, String[]> status = new LinkedHashMap<>();
    File tsv = new File(out, STATUS);
    if (tsv.isFile()) {
      for (String l : Files.readAllLines(tsv.toPath(), StandardCharsets.UTF_8)) {
        String[] f = l.split("\t", 3);
        if (f.length == 3) {
          status.put(f[0], f);
        }
      }
    }
    List<Finding> all = new ArrayList<>();
    for (MicroPart p : parts) {
      String[] s = status.get(p.name);
      if (s == null) {
        continue; // not run into this folder
      }
      File file = new File(out, "findings/" + p.name + ".json");
      String why;
      if (s[1].equals("skipped")) {
        why = "cannot run here: " + s[2];
      } else if (s[1].equals("failed")) {
        why = "the experiment failed (" + s[2] + ")";
      } else if (!file.isFile()) {
        why = "the experiment wrote no findings (" + file + ")";
      } else {
        try {
          all.addAll(Findings.read(file));
          continue;
        } catch (IOException | RuntimeException e) {
          why = "its findings cannot be read: " + e.getMessage();
        }
      }
      all.add(Finding.of(p.name, "", p.description).notReproducible(why));
    }
    return all;
  }

  static Map<Verdict, Integer> verdictCounts(List<Finding> all) {
    Map<Verdict, Integer> m = new EnumMap<>(Verdict.class);
    for (Verdict v : Verdict.values()) {
      m.put(v, 0);
    }
    for (Finding f : all) {
      m.merge(f.verdict, 1, Integer::sum);
    }
    return m;
  }

  static String text(List<Finding> all) {
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.ROOT, "%-10s %-46s %12s %12s %7s  %s%n", "experiment", "finding", "paper", "ours",
        "ratio", "verdict"));
    for (Finding f : all) {
      b.append(String.format(Locale.ROOT, "%-10s %-46s %12s %12s %7s  %s%n", f.part, cut(f.finding, 46),
          paperFigure(f), figure(f.ourFigure, f.unit), number(f.ratio()), f.verdict.text));
      if (!f.paperSetting.isEmpty() || !f.ourSetting.isEmpty()) {
        b.append("           paper: ").append(f.paper).append(f.paperSetting.isEmpty() ? "" : "; " + f.paperSetting)
            .append('\n');
        if (!f.ourSetting.isEmpty()) {
          b.append("           ours:  ").append(f.ourSetting).append('\n');
        }
      }
      if (!f.why.isEmpty()) {
        b.append("           why:   ").append(f.why).append('\n');
      }
    }
    StringBuilder counts = new StringBuilder();
    verdictCounts(all).forEach((v, n) -> counts.append(counts.length() == 0 ? "" : ", ").append(n).append(' ').append(v.text));
    b.append(String.format(Locale.ROOT, "%d findings: %s%n", all.size(), counts));
    List<Finding> nr = notReproducible(all);
    if (!nr.isEmpty()) {
      b.append("not reproducible here, and why:\n");
      for (Finding f : nr) {
        b.append("  ").append(f.part).append(": ").append(f.finding).append(": ").append(f.why).append('\n');
      }
    }
    return b.toString();
  }

  static List<Finding> notReproducible(List<Finding> all) {
    return all.stream().filter(f -> f.verdict == Verdict.NOT_REPRODUCIBLE).collect(Collectors.toList());
  }

  static String html(List<Finding> all, List<String> run) throws IOException {
    StringBuilder b = new StringBuilder();
    b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
        .append("<title>HadoopOpt: the research reproduced</title>\n<style>").append(css())
        .append(" .verdict-REPRODUCED{color:#1b7a2e} .verdict-LARGER_HERE{color:#1f5fa8}")
        .append(" .verdict-SMALLER_HERE{color:#a85d00} .verdict-NOT_REPRODUCIBLE{color:#888}")
        .append(" td.text{text-align:left;max-width:28em}</style>\n</head>\n<body>\n")
        .append("<h1>The research HadoopOpt comes from, reproduced on this machine</h1>\n<p class=\"headline\">");
    StringBuilder counts = new StringBuilder();
    verdictCounts(all).forEach((v, n) -> counts.append(counts.length() == 0 ? "" : ", ").append(n).append(' ').append(v.text));
    b.append(all.size()).append(" findings: ").append(escape(counts.toString())).append("</p>\n")
        .append("<p class=\"run\">Ratio: ours over the paper's figure; for a factor (x) the ratio of the effects")
        .append(" (logarithms). Within a factor of ").append(Verdict.TOLERANCE).append(" either way counts as reproduced.</p>\n")
        .append("<table id=\"findings\">\n<tr><th>experiment</th><th>paper</th><th>finding</th><th>paper's setting</th>")
        .append("<th>paper</th><th>our setting</th><th>ours</th><th>ratio</th><th>verdict</th><th>why</th></tr>\n");
    for (Finding f : all) {
      b.append("<tr><td>").append(escape(f.part)).append("</td><td>").append(escape(f.paper)).append("</td><td class=\"text\">")
          .append(escape(f.finding)).append("</td><td class=\"text\">").append(escape(f.paperSetting)).append("</td><td>")
          .append(escape(paperFigure(f))).append("</td><td class=\"text\">").append(escape(f.ourSetting))
          .append("</td><td>").append(escape(figure(f.ourFigure, f.unit))).append("</td><td>").append(number(f.ratio()))
          .append("</td><td class=\"verdict-").append(f.verdict.name()).append("\">").append(escape(f.verdict.text))
          .append("</td><td class=\"text\">").append(escape(f.why)).append("</td></tr>\n");
    }
    b.append("</table>\n");
    List<Finding> nr = notReproducible(all);
    if (!nr.isEmpty()) {
      b.append("<h2>Not reproducible here, and why</h2>\n<ul>\n");
      for (Finding f : nr) {
        b.append("<li>").append(escape(f.part)).append(": ").append(escape(f.finding)).append(": ")
            .append(escape(f.why)).append("</li>\n");
      }
      b.append("</ul>\n");
    }
    if (!run.isEmpty()) {
      b.append("<pre class=\"run\">").append(escape(String.join("\n", run))).append("</pre>\n");
    }
    return b.append("</body></html>\n").toString();
  }

  private static String css() throws IOException {
    try (InputStream in = ReproduceReport.class.getResourceAsStream("/org/hadoopopt/bench/report/report.css")) {
      return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** The paper's figure as the paper states it: a value, or a bound ("> 1x", "< 2x"). */
  static String paperFigure(Finding f) {
    String v = figure(f.paperFigure, f.unit);
    return f.paperBound.isEmpty() || v.equals("-") ? v : f.paperBound + " " + v;
  }

  static String figure(double v, String unit) {
    if (Double.isNaN(v)) {
      return "-";
    }
    boolean whole = Math.abs(v) >= 100 || !unit.equals("x") && v == Math.rint(v);
    String n = whole ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
    return unit.equals("x") ? n + "x" : n + " " + unit;
  }

  private static String number(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
  }

  private static String cut(String s, int n) {
    return s.length() <= n ? s : s.substring(0, n - 1) + "…";
  }

  static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
