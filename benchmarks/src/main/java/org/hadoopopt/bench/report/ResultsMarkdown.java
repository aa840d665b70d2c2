package org.hadoopopt.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.LoadStep;
import org.hadoopopt.bench.results.SuiteResults;

/**
 * The results file a run writes (results.md beside results.json), for people and for the READMEs to
 * link to: when and on what it ran (date, commit, scale, cluster, rounds, the load average before
 * and after), the like-with-like tables (raw against raw; loaded against loaded with each side's
 * loading time), Hadoop's job floor, every loading step, and every cell. A run made in parts (one
 * suite call per group of tasks into its own folder) is summarised in one file from all of its
 * parts' results.json ({@link #merge}); a loading time nobody recorded is printed as
 * {@link LoadStep#UNKNOWN}, in words; with an earlier run at another scale beside it, the file
 * also shows how each column's time grew from that scale to this one.
 */
public final class ResultsMarkdown {
  private ResultsMarkdown() {}

  /** The parts as one result: every part's cells, loading steps (each once) and notices; runs listed in {@link #parts}. */
  public static SuiteResults merge(List<SuiteResults> parts) {
    SuiteResults all = new SuiteResults();
    for (SuiteResults p : parts) {
      for (Map.Entry<String, String> e : p.run().entrySet()) {
        all.run().putIfAbsent(e.getKey(), e.getValue());
      }
      all.hardware().putAll(p.hardware());
      for (CellResult c : p.cells()) {
        CellResult m = all.cell(c.task(), c.variant());
        if (m.seconds().isEmpty()) {
          c.seconds().forEach(m::addSeconds);
          m.setStorage(c.storage());
          m.copies().addAll(c.copies());
          m.setAnswer(c.answerLines(), c.answerSha256());
          m.setAnswerMatchesBaseline(c.answerMatchesBaseline());
          m.setIdealSeconds(c.idealSeconds());
          m.setKrevatSeconds(c.krevatSeconds());
          m.counters().putAll(c.counters());
        } else if (SuiteResults.isFloor(c)) {
          c.seconds().forEach(m::addSeconds); // every part measured the floor: all its rounds count
        }
      }
      for (LoadStep l : p.loading()) {
        int seen = -1;
        for (int k = 0; k < all.loading().size(); k++) {
          LoadStep had = all.loading().get(k);
          seen = had.side() == l.side() && had.step().equals(l.step()) ? k : seen;
        }
        if (seen < 0) {
          all.loading().add(l);
        } else if (Double.isNaN(all.loading().get(seen).seconds()) && !Double.isNaN(l.seconds())) {
          all.loading().set(seen, l); // one part timed the step another reused untimed
        }
      }
      for (String n : p.notices()) {
        if (!all.notices().contains(n)) {
          all.notices().add(n);
        }
      }
    }
    return all;
  }

  /**
   * The markdown of PARTS (one run, or the parts of one run), with GROWTH_FROM (an earlier run at
   * another scale, merged the same way; null: none) for the growth table.
   */
  public static String render(List<SuiteResults> parts, SuiteResults growthFrom) {
    SuiteResults r = merge(parts);
    StringBuilder b = new StringBuilder();
    b.append("# Pavlo benchmark suite: scale ").append(r.run().getOrDefault("scale", "?")).append("\n\n");
    b.append("Written by the suite (`bin/hadoopopt bench`, `suite`, `summary`); do not edit by hand.\n\n");
    b.append("| part | started | ended | commit | scale | cluster | rounds | tasks | load average before / after |\n");
    b.append("|---|---|---|---|---|---|---:|---|---|\n");
    int i = 1;
    for (SuiteResults p : parts) {
      Map<String, String> run = p.run();
      b.append("| ").append(i++).append(" | ").append(run.getOrDefault("started", "-")).append(" | ")
          .append(run.getOrDefault("ended", "-")).append(" | ").append(run.getOrDefault("commit", "-")).append(" | ")
          .append(run.getOrDefault("scale", "-")).append(" | ").append(run.getOrDefault("cluster", "-")).append(" | ")
          .append(run.getOrDefault("runs", "-")).append(" | ").append(String.join(", ", p.queryTasks())).append(" | ")
          .append(run.getOrDefault("loadAverageStart", "-")).append(" / ").append(run.getOrDefault("loadAverageEnd", "-"))
          .append(" |\n");
    }
    b.append("\nMedians of the rounds, seconds; ratios are ours over the peer's (below 1.00x: ours is faster). Our side:"
        + " the fastest HadoopOpt variant reading the text (raw) or a copy loaded beforehand (loaded).\n\n");
    b.append("## Raw against raw: everyone on the same generated text\n\n");
    b.append("| task | ours | DuckDB on the text | Spark SQL on the text | ours / DuckDB | ours / Spark |\n|---|---|---:|---:|---:|---:|\n");
    for (LikeWithLike.Row x : LikeWithLike.rows(r, CellResult.Storage.TEXT)) {
      b.append("| ").append(x.task()).append(" | ").append(ours(x, r, false)).append(" | ")
          .append(sec(x.peer(SuiteResults.DUCKDB))).append(" | ").append(sec(x.peer(SuiteResults.SPARK))).append(" | ")
          .append(ratio(x.oursOver(SuiteResults.DUCKDB))).append(" | ").append(ratio(x.oursOver(SuiteResults.SPARK))).append(" |\n");
    }
    b.append("\n## Loaded against loaded: each on its own storage, [seconds loading the task's tables]\n\n");
    b.append("| task | ours | DuckDB's tables | Spark SQL on Parquet | ours / DuckDB | ours / Spark |\n|---|---|---:|---:|---:|---:|\n");
    for (LikeWithLike.Row x : LikeWithLike.rows(r, CellResult.Storage.LOADED)) {
      b.append("| ").append(x.task()).append(" | ").append(ours(x, r, true)).append(" | ")
          .append(withLoad(r, x.peer(SuiteResults.DUCKDB_LOADED))).append(" | ").append(withLoad(r, x.peer(SuiteResults.SPARK_PARQUET)))
          .append(" | ").append(ratio(x.oursOver(SuiteResults.DUCKDB_LOADED))).append(" | ")
          .append(ratio(x.oursOver(SuiteResults.SPARK_PARQUET))).append(" |\n");
    }
    String floor = ConsoleTable.floorLine(r);
    b.append("\n").append(floor == null ? "Hadoop's job floor: not measured." : floor + ".").append("\n\n");
    b.append("Headline: ").append(Headline.of(r)).append("\n\n");
    b.append("## Loading (seconds; a copy an earlier run made counts what making it took)\n\n| side | step | seconds |\n|---|---|---:|\n");
    for (LoadStep l : r.loading()) {
      b.append("| ").append(l.side().label()).append(" | ").append(l.step()).append(l.reused() ? " (reused)" : "").append(" | ")
          .append(LoadStep.format(l.seconds(), "%.1f")).append(" |\n");
    }
    for (LoadStep.Side side : LoadStep.Side.values()) {
      if (r.loading().stream().anyMatch(l -> l.side() == side)) {
        b.append("| **").append(side.label()).append("** | total | **").append(LoadStep.format(r.loadSeconds(side), "%.1f")).append("** |\n");
      }
    }
    if (growthFrom != null) {
      b.append("\n## Growth from scale ").append(growthFrom.run().getOrDefault("scale", "?")).append(" to ")
          .append(r.run().getOrDefault("scale", "?")).append(" (medians, s)\n\n");
      b.append("| task | column | at ").append(growthFrom.run().getOrDefault("scale", "?")).append(" | at ")
          .append(r.run().getOrDefault("scale", "?")).append(" | grew |\n|---|---|---:|---:|---:|\n");
      for (String t : r.queryTasks()) {
        for (Map.Entry<String, CellResult[]> e : columns(r, growthFrom, t).entrySet()) {
          CellResult then = e.getValue()[0];
          CellResult now = e.getValue()[1];
          b.append("| ").append(t).append(" | ").append(e.getKey()).append(" | ").append(sec(then)).append(" | ").append(sec(now))
              .append(" | ").append(then == null || now == null ? "-" : ratio(now.median() / then.median())).append(" |\n");
        }
      }
      for (LoadStep.Side side : new LoadStep.Side[] {LoadStep.Side.HADOOPOPT, LoadStep.Side.DUCKDB, LoadStep.Side.SPARK}) {
        b.append("| loading | ").append(side.label()).append(" | ").append(LoadStep.format(growthFrom.loadSeconds(side), "%.1f"))
            .append(" | ").append(LoadStep.format(r.loadSeconds(side), "%.1f")).append(" | ")
            .append(ratio(r.loadSeconds(side) / growthFrom.loadSeconds(side))).append(" |\n");
      }
    }
    b.append("\n## Every cell\n\n| task | variant | reads | rounds | median | best | speedup | answer |\n|---|---|---|---:|---:|---:|---:|---|\n");
    for (CellResult c : r.cells()) {
      double best = c.seconds().stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
      b.append("| ").append(c.task()).append(" | ").append(c.variant()).append(" | ").append(c.storage().label()).append(" | ")
          .append(c.seconds().size()).append(" | ").append(num(c.median(), "%.2f")).append(" | ").append(num(best, "%.2f"))
          .append(" | ").append(ratio(r.speedup(c))).append(" | ")
          .append(SuiteResults.isFloor(c) ? "-" : c.answerLines() + " lines" + (c.answerMatchesBaseline() == null ? ""
              : c.answerMatchesBaseline() ? ", = baseline" : ", DIFFERS")).append(" |\n");
    }
    if (!r.notices().isEmpty()) {
      b.append("\n## Notices\n\n");
      r.notices().forEach(n -> b.append("- ").append(n).append('\n'));
    }
    return b.toString();
  }

  /** The columns compared across scales: our best on each storage, each peer column; [then, now]. */
  private static Map<String, CellResult[]> columns(SuiteResults now, SuiteResults then, String task) {
    Map<String, CellResult[]> m = new LinkedHashMap<>();
    for (CellResult.Storage s : CellResult.Storage.values()) {
      CellResult n = now.best(task, s);
      CellResult t = then.best(task, s);
      if (n != null || t != null) {
        m.put("ours, " + s.label() + (n == null ? "" : " (" + n.variant() + ")"), new CellResult[] {t, n});
      }
    }
    m.put("baseline", new CellResult[] {then.find(task, SuiteResults.BASELINE), now.find(task, SuiteResults.BASELINE)});
    for (String p : SuiteResults.PEER_COLUMNS) {
      CellResult n = now.find(task, p);
      CellResult t = then.find(task, p);
      if (n != null || t != null) {
        m.put(LikeWithLike.label(p), new CellResult[] {t, n});
      }
    }
    m.values().removeIf(v -> v[0] == null && v[1] == null);
    return m;
  }

  private static String ours(LikeWithLike.Row x, SuiteResults r, boolean load) {
    if (x.ours() == null) {
      return "-";
    }
    return String.format(Locale.ROOT, "%.2f (`%s`)", x.ours().median(), x.ours().variant())
        + (load ? " [" + LoadStep.format(r.loadSeconds(x.ours()), "%.1f") + "]" : "");
  }

  private static String withLoad(SuiteResults r, CellResult c) {
    return c == null ? "-" : sec(c) + " [" + LoadStep.format(r.loadSeconds(c), "%.1f") + "]";
  }

  private static String sec(CellResult c) {
    return c == null || c.seconds().isEmpty() ? "-" : String.format(Locale.ROOT, "%.2f", c.median());
  }

  private static String ratio(double v) {
    return num(v, "%.2fx");
  }

  private static String num(double v, String fmt) {
    return ConsoleTable.num(v, fmt);
  }

  /** One result as a one-part list. */
  public static List<SuiteResults> one(SuiteResults r) {
    List<SuiteResults> l = new ArrayList<>();
    l.add(r);
    return l;
  }
}
