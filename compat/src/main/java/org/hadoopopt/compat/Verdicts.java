package org.hadoopopt.compat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Decides a row's verdict from its result, stock's result for the same class, and the expectations. */
final class Verdicts {
  private final Expectations expected;

  Verdicts(Expectations expected) {
    this.expected = expected;
  }

  void decide(Row row, Row stock) {
    ClassResult r = row.result;
    if (r == null) {
      row.verdict = Row.NOT_RUN;
      if (row.halted) {
        row.notes.add("timed out: still running " + ActivityListener.HALT_MARGIN_SECONDS
            + " s after compat.class.timeout, its JVM was halted");
      } else if (row.hasActivityRecord) {
        row.notes.add("no surefire report, but the class started: its JVM died or was stopped");
      }
      return;
    }
    if (row.config.equals(Suites.STOCK)) {
      row.verdict = r.broken.isEmpty() ? Row.STOCK_PASS : Row.STOCK_FAILS;
      r.broken.forEach((m, msg) -> row.notes.add(m + ": " + msg + stockReason(row, m)));
      return;
    }
    if (!r.broken.isEmpty()) {
      List<String> pluginOnly = new ArrayList<>();
      for (String m : r.brokenMethods()) {
        boolean stockBroken = stock != null && stock.result != null && stock.result.broken.containsKey(m);
        if (!stockBroken) {
          pluginOnly.add(m);
        }
        row.notes.add(m + (stockBroken ? " (fails stock too)" : "") + ": " + r.broken.get(m)
            + (stockBroken ? stockReason(row, m) : ""));
      }
      if (pluginOnly.isEmpty()) {
        row.verdict = Row.FAILS_STOCK_TOO;
        return;
      }
      boolean documented = true;
      boolean anyBehaviour = false;
      boolean anyTokens = false;
      for (String m : pluginOnly) {
        Expectations.Entry e = expected.find(row.config, row.testClass, m, "behaviour");
        Expectations.Entry t = e == null ? expected.find(row.config, row.testClass, m, "tokens") : null;
        Expectations.Entry i = e == null && t == null ? intermittent(row, m, r.broken.get(m)) : null;
        anyBehaviour |= e != null;
        anyTokens |= t != null;
        if (e == null && t == null && i == null) {
          documented = false;
        } else if (i != null) {
          row.notes.add(m + ": fails stock too, intermittently (passed stock in this run): " + i.reason);
        } else {
          row.notes.add(m + (t != null ? ": fails stock with block tokens on too: " + t.reason
              : ": documented: " + e.reason));
        }
      }
      if (stock == null || stock.result == null) {
        row.notes.add("no stock result to compare with");
      }
      // The plugin's own documented behaviour names the row first; then tokens; a race of stock's last.
      row.verdict = !documented ? Row.FAIL : anyBehaviour ? Row.DOCUMENTED
          : anyTokens ? Row.FAILS_WITH_TOKENS : Row.INTERMITTENT;
      return;
    }
    Expectations.Entry declines = expected.find(row.config, row.testClass, null, "declines");
    if (declines == null) {
      declines = expected.find(row.config, row.testClass, null, "declines-some");
    }
    if (declines != null && Suites.plugin(row.config).equals("fp")) {
      decideDeclines(row, declines);
      return;
    }
    if (row.exercised()) {
      row.verdict = Row.PASS;
      return;
    }
    Expectations.Entry ne = expected.find(row.config, row.testClass, null, "not-exercised");
    if (ne != null) {
      row.verdict = Row.NOT_EXERCISED_DOCUMENTED;
      row.notes.add(ne.reason);
    } else {
      row.verdict = Row.NOT_EXERCISED;
    }
  }

  /**
   * The {@code intermittent} entry covering the method whose failure message is this failure's (a
   * method may have one line per message the race gives): its reason starts with the message in
   * double quotes, and any other failure of the method (a different assertion, an error) stays a
   * plugin failure.
   */
  private Expectations.Entry intermittent(Row row, String method, String failure) {
    for (Expectations.Entry i : expected.entries) {
      if (i.kind.equals("intermittent") && i.matches(row.config, row.testClass) && i.covers(method)
          && failure != null && failure.contains(Expectations.quotedMessage(i))) {
        return i;
      }
    }
    return null;
  }

  /** The documented reason a method fails stock ({@code stock} in expected.txt), or "". */
  private String stockReason(Row row, String method) {
    Expectations.Entry e = expected.find(row.config, row.testClass, method, "stock");
    return e == null ? "" : " -- fails stock: " + e.reason;
  }

  /**
   * The collector must decline: in the whole class (method {@code *}: counts from the local
   * runner's output and the containers' logs) or in the named methods (local runner only), every
   * map attempt declined it and none used it; the rest of the class must exercise it as usual.
   */
  private void decideDeclines(Row row, Expectations.Entry declines) {
    boolean ok = true;
    if (declines.method.equals("*")) {
      ok = check(row, "class", row.activity, declines);
    } else {
      boolean seen = false;
      for (Map.Entry<String, Map<String, Long>> m : row.perMethod.entrySet()) {
        if (declines.covers(m.getKey())) {
          seen = true;
          ok &= check(row, m.getKey(), m.getValue(), declines);
        }
      }
      if (!seen) {
        row.notes.add(declines.method + ": no map attempt of this method was seen");
        ok = false;
      }
    }
    boolean restExercised = declines.method.equals("*") || exercisedOutside(row, declines);
    row.verdict = ok && restExercised ? Row.PASS : ok ? Row.NOT_EXERCISED : Row.FAIL;
  }

  private static boolean check(Row row, String where, Map<String, Long> counts, Expectations.Entry e) {
    long used = counts.getOrDefault(CollectorLines.FP_USED, 0L);
    long declined = counts.getOrDefault(CollectorLines.FP_DECLINED, 0L);
    boolean ok = declined > 0 && (used == 0 || e.kind.equals("declines-some"));
    row.notes.add(where + (ok ? ": declined as required (" : ": must decline (") + e.reason + "): used "
        + used + ", declined " + declined);
    return ok;
  }

  private static boolean exercisedOutside(Row row, Expectations.Entry e) {
    for (Map.Entry<String, Map<String, Long>> m : row.perMethod.entrySet()) {
      if (!e.covers(m.getKey()) && m.getValue().getOrDefault(CollectorLines.FP_USED, 0L) > 0) {
        return true;
      }
    }
    return false;
  }

  /** Verdicts that fail an enforced (CI) run. */
  static boolean failsBuild(Row row) {
    return row.verdict.equals(Row.FAIL) || row.verdict.equals(Row.NOT_EXERCISED)
        || row.verdict.equals(Row.NOT_RUN);
  }
}
