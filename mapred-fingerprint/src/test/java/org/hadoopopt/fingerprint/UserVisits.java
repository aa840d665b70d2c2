package org.hadoopopt.fingerprint;

import java.util.Map;
import java.util.TreeMap;
import org.hadoopopt.pavlo.data.UserVisitsRows;

/**
 * Small Pavlo UserVisits tables ({@code sourceIP|destURL|visitDate|adRevenue|userAgent|countryCode|
 * languageCode|searchWord|duration}, adRevenue with two decimals) from the benchmark's own generator,
 * and the aggregation computed here from the text.
 */
public final class UserVisits {
  private UserVisits() {}

  /**
   * {@code rows} lines, each ended by a newline; sourceIPs from a pool of {@code distinctIps} whose first 7
   * characters take a tenth as many values (so their last octets vary too) and destURLs over 10,000 pages.
   */
  public static String lines(long seed, int rows, int distinctIps) {
    UserVisitsRows g = new UserVisitsRows(seed, 10_000, distinctIps, Math.max(1, distinctIps / 10),
        UserVisitsRows.PAVLO_FIRST_DATE, UserVisitsRows.PAVLO_DATE_DAYS);
    StringBuilder sb = new StringBuilder(rows * 140);
    for (int i = 0; i < rows; i++) {
      g.appendRow(i, sb);
      sb.append('\n');
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
