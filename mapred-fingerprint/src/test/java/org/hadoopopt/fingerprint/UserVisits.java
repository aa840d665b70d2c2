package org.hadoopopt.fingerprint;

import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * A small stand-in for the Pavlo UserVisits table: {@code sourceIP|destURL|visitDate|adRevenue|
 * userAgent|countryCode|languageCode|searchWord|duration}, adRevenue with two decimals.
 */
public final class UserVisits {
  private UserVisits() {}

  public static String lines(long seed, int rows, int distinctIps) {
    Random r = new Random(seed);
    String[] ips = new String[distinctIps];
    for (int i = 0; i < distinctIps; i++) {
      ips[i] = (1 + r.nextInt(223)) + "." + r.nextInt(256) + "." + r.nextInt(256) + "." + r.nextInt(256);
    }
    StringBuilder sb = new StringBuilder(rows * 140);
    for (int i = 0; i < rows; i++) {
      sb.append(ips[r.nextInt(distinctIps)]).append('|')
          .append("http://url").append(r.nextInt(10000)).append(".example/page").append('|')
          .append(1980 + r.nextInt(30)).append("-0").append(1 + r.nextInt(9)).append("-1").append(r.nextInt(10)).append('|')
          .append(r.nextInt(1000)).append('.').append(String.format("%02d", r.nextInt(100))).append('|')
          .append("Mozilla/5.0 (agent ").append(r.nextInt(50)).append(")|")
          .append("USA|en-US|searchword").append(r.nextInt(1000)).append('|')
          .append(1 + r.nextInt(100)).append('\n');
    }
    return sb.toString();
  }

  /** Sum of adRevenue in hundredths by sourceIP (prefixLength 0) or by its first prefixLength characters. */
  static Map<String, Long> aggregate(String text, int prefixLength) {
    Map<String, Long> sums = new TreeMap<>();
    for (String line : text.split("\n")) {
      if (line.isEmpty()) {
        continue;
      }
      String[] f = line.split("\\|");
      String key = prefixLength > 0 ? f[0].substring(0, Math.min(prefixLength, f[0].length())) : f[0];
      sums.merge(key, hundredths(f[3]), Long::sum);
    }
    return sums;
  }

  static long hundredths(String decimal) {
    int dot = decimal.indexOf('.');
    return Long.parseLong(decimal.substring(0, dot)) * 100 + Long.parseLong(decimal.substring(dot + 1));
  }

  static String format(long hundredths) {
    return hundredths / 100 + "." + String.format("%02d", hundredths % 100);
  }
}
