package org.hadoopopt.testing;

import java.util.Map;
import java.util.TreeMap;

/** The independent reference: word counts computed in plain Java, as "word TAB count" lines. */
final class WordCounts {
  private WordCounts() {}

  static Map<String, Integer> count(String text) {
    Map<String, Integer> counts = new TreeMap<>();
    for (String w : text.split("[ \\t\\n\\r\\f]+")) {
      if (!w.isEmpty()) {
        counts.merge(w, 1, Integer::sum);
      }
    }
    return counts;
  }

  static String randomText(long seed, int lines) {
    java.util.Random r = new java.util.Random(seed);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < lines; i++) {
      int n = 1 + r.nextInt(12);
      for (int j = 0; j < n; j++) {
        sb.append(j == 0 ? "" : " ").append("w").append(r.nextInt(200));
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
