package org.hadoopopt.compat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The markdown of the table: per suite, one row per class and configuration, then the notes. */
final class TableWriter {
  private TableWriter() {}

  static String markdown(Map<Suites, List<Row>> rows, String set) {
    StringBuilder sb = new StringBuilder();
    sb.append("Set `").append(set).append("`. Verdicts: pass (passes, and the plugin ran); fail (a test ")
        .append("that passes stock fails with the plugin); not exercised (passes, but the plugin did ")
        .append("nothing); documented behaviour (fails only as the plugin is documented to behave, ")
        .append("see `src/test/compat/expected.txt`); fails stock too; fails stock too, intermittently (fails only ")
        .append("with the failure `expected.txt` lists for a method that fails stock now and then too); not run (no report).\n\n");
    for (Map.Entry<Suites, List<Row>> e : rows.entrySet()) {
      if (e.getValue().isEmpty()) {
        continue;
      }
      sb.append("### ").append(e.getKey().id).append(" (").append(String.join(", ", e.getKey().configs))
          .append(")\n\n");
      sb.append("| class | configuration | run | failed | errored | skipped | seconds | plugin activity | verdict |\n");
      sb.append("|---|---|--:|--:|--:|--:|--:|---|---|\n");
      String last = null;
      for (Row r : e.getValue()) {
        String cls = r.testClass.equals(last) ? "" : "`" + simple(r.testClass) + "`";
        last = r.testClass;
        ClassResult c = r.result;
        sb.append("| ").append(cls).append(" | ").append(r.config).append(" | ")
            .append(c == null ? "-" : c.tests).append(" | ")
            .append(c == null ? "-" : c.failures).append(" | ")
            .append(c == null ? "-" : c.errors).append(" | ")
            .append(c == null ? "-" : c.skipped).append(" | ")
            .append(c == null ? "-" : String.format("%.0f", c.seconds)).append(" | ")
            .append(r.activityText()).append(" | ")
            .append(emphasis(r.verdict)).append(" |\n");
      }
      sb.append('\n').append(summary(e.getValue())).append('\n');
    }
    StringBuilder notes = new StringBuilder();
    for (List<Row> l : rows.values()) {
      for (Row r : l) {
        if (!r.notes.isEmpty() && !r.verdict.equals(Row.PASS)) {
          notes.append("- `").append(simple(r.testClass)).append("` [").append(r.config).append("] ")
              .append(r.verdict).append(":");
          int shown = 0;
          for (String n : r.notes) {
            if (shown++ == 6) {
              notes.append(" ... (").append(r.notes.size() - 6).append(" more)");
              break;
            }
            notes.append("\n  - ").append(n);
          }
          notes.append('\n');
        }
      }
    }
    if (notes.length() > 0) {
      sb.append("### Notes\n\n").append(notes);
    }
    return sb.toString();
  }

  private static String summary(List<Row> rows) {
    Map<String, Map<String, Integer>> byConfig = new TreeMap<>();
    Map<String, Double> seconds = new TreeMap<>();
    for (Row r : rows) {
      byConfig.computeIfAbsent(r.config, k -> new TreeMap<>()).merge(r.verdict, 1, Integer::sum);
      seconds.merge(r.config, r.result == null ? 0 : r.result.seconds, Double::sum);
    }
    StringBuilder sb = new StringBuilder();
    byConfig.forEach((cfg, m) -> sb.append("- ").append(cfg).append(": ").append(m.toString()
        .replaceAll("[{}]", "")).append(String.format(" (%.0f s of tests)", seconds.get(cfg))).append('\n'));
    return sb.toString();
  }

  private static String emphasis(String verdict) {
    return verdict.equals(Row.FAIL) || verdict.equals(Row.NOT_EXERCISED) || verdict.equals(Row.NOT_RUN)
        ? "**" + verdict + "**" : verdict;
  }

  private static String simple(String cls) {
    return cls.substring(cls.lastIndexOf('.') + 1);
  }
}
