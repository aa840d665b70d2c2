package org.hadoopopt.compat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The one place that lists documented exceptions ({@code src/test/compat/expected.txt}). A line:
 * {@code CONFIG CLASS METHOD KIND REASON...}; CONFIG and METHOD may be {@code *}; CLASS is the
 * simple or full class name. KIND is {@code behaviour} (a test that fails because of what the
 * plugin is documented to do, e.g. hash mode's reduce input not in key order), {@code declines}
 * (the plugin must decline: exercised means it declined and never ran), {@code declines-some}
 * (the class also runs jobs the plugin takes, e.g. unencrypted reference jobs: it must have
 * declined at least once, and may have run), {@code tokens} (a test that fails because the
 * configuration turns block access tokens on, which stock Hadoop with tokens on fails the same way,
 * e.g. a test sending a dummy token),
 * {@code not-exercised} (the test sets the plugin's own key itself, so the plugin cannot run), or
 * {@code stock} (the method fails stock Hadoop in this module, for a reason outside the plugins,
 * e.g. a data file the published test jar leaves out: the reason is shown with the stock row and
 * with every row that "fails stock too"; it changes no verdict), or {@code intermittent} (the
 * method fails stock Hadoop now and then too, a timing race of the test shown by failure rates; the
 * reason starts with the failure message in double quotes, and only that failure is covered).
 */
final class Expectations {
  static final class Entry {
    final String config;
    final String testClass;
    final String method;
    final String kind;
    final String reason;

    Entry(String[] f) {
      config = f[0];
      testClass = f[1];
      method = f[2];
      kind = f[3];
      reason = f[4];
    }

    boolean matches(String cfg, String cls) {
      return (config.equals("*") || config.equals(cfg))
          && (testClass.equals(cls) || cls.endsWith("." + testClass));
    }

    boolean covers(String m) {
      // surefire names parameterized runs "method[params]"
      return method.equals("*") || m.equals(method) || m.startsWith(method + "[");
    }
  }

  final List<Entry> entries = new ArrayList<>();

  static Expectations read(Path file) throws IOException {
    Expectations e = new Expectations();
    if (file == null || !Files.exists(file)) {
      return e;
    }
    for (String line : Files.readAllLines(file)) {
      String t = line.trim();
      if (t.isEmpty() || t.startsWith("#")) {
        continue;
      }
      String[] f = t.split("\\s+", 5);
      if (f.length < 5 || !List.of("behaviour", "tokens", "declines", "declines-some", "not-exercised", "stock", "intermittent").contains(f[3])) {
        throw new IllegalArgumentException(file + ": bad line (CONFIG CLASS METHOD KIND REASON): " + line);
      }
      Entry entry = new Entry(f);
      if (entry.kind.equals("intermittent") && quotedMessage(entry) == null) {
        throw new IllegalArgumentException(file + ": an intermittent line's REASON must start with the failure"
            + " message in double quotes: " + line);
      }
      e.entries.add(entry);
    }
    return e;
  }

  /** The failure message an {@code intermittent} entry covers (its reason's leading quoted text), or null. */
  static String quotedMessage(Entry e) {
    int end = e.reason.startsWith("\"") ? e.reason.indexOf('"', 1) : -1;
    return end > 1 ? e.reason.substring(1, end) : null;
  }

  /** The entry of this kind for (config, class) covering the method, or null. */
  Entry find(String config, String cls, String method, String kind) {
    for (Entry x : entries) {
      if (x.kind.equals(kind) && x.matches(config, cls) && (method == null || x.covers(method))) {
        return x;
      }
    }
    return null;
  }
}
