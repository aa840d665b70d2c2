package org.hadoopopt.compat;

import java.util.ArrayList;
import java.util.List;

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
      row.notes.add(row.hasActivityRecord ? "no surefire report: the JVM died or timed out" : "no report");
      return;
    }
    if (row.config.equals(Suites.STOCK)) {
      row.verdict = r.broken.isEmpty() ? Row.STOCK_PASS : Row.STOCK_FAILS;
      r.broken.forEach((m, msg) -> row.notes.add(m + ": " + msg));
      return;
    }
    if (!r.broken.isEmpty()) {
      List<String> pluginOnly = new ArrayList<>();
      for (String m : r.brokenMethods()) {
        boolean stockBroken = stock != null && stock.result != null && stock.result.broken.containsKey(m);
        if (!stockBroken) {
          pluginOnly.add(m);
        }
        row.notes.add(m + (stockBroken ? " (fails stock too)" : "") + ": " + r.broken.get(m));
      }
      if (pluginOnly.isEmpty()) {
        row.verdict = Row.FAILS_STOCK_TOO;
        return;
      }
      boolean documented = true;
      for (String m : pluginOnly) {
        Expectations.Entry e = expected.find(row.config, row.testClass, m, "behaviour");
        if (e == null) {
          documented = false;
        } else {
          row.notes.add(m + ": documented: " + e.reason);
        }
      }
      if (stock == null || stock.result == null) {
        row.notes.add("no stock result to compare with");
      }
      row.verdict = documented ? Row.DOCUMENTED : Row.FAIL;
      return;
    }
    Expectations.Entry declines = expected.find(row.config, row.testClass, null, "declines");
    if (declines != null) {
      long used = row.count(CollectorLines.FP_USED);
      long declined = row.count(CollectorLines.FP_DECLINED);
      if (used == 0 && declined > 0) {
        row.verdict = Row.PASS;
        row.notes.add("declined as required: " + declines.reason);
      } else {
        row.verdict = used > 0 ? Row.FAIL : Row.NOT_EXERCISED;
        row.notes.add("must decline (" + declines.reason + "): used " + used + ", declined " + declined);
      }
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

  /** Verdicts that fail an enforced (CI) run. */
  static boolean failsBuild(Row row) {
    return row.verdict.equals(Row.FAIL) || row.verdict.equals(Row.NOT_EXERCISED)
        || row.verdict.equals(Row.NOT_RUN);
  }
}
