package org.hadoopopt.bench.tools;

import org.apache.hadoop.conf.Configuration;

/** Strict readers for configuration values: a bad value fails with a message naming the key. */
public final class ConfValues {
  private ConfValues() {}

  public static boolean getBoolean(Configuration conf, String key, boolean dflt) {
    String v = conf.getTrimmed(key);
    if (v == null || v.isEmpty()) {
      return dflt;
    }
    if (v.equalsIgnoreCase("true")) {
      return true;
    }
    if (v.equalsIgnoreCase("false")) {
      return false;
    }
    throw new IllegalArgumentException(key + " must be true or false, not '" + v + "'");
  }

  public static long getLong(Configuration conf, String key, long dflt, long min) {
    String v = conf.getTrimmed(key);
    if (v == null || v.isEmpty()) {
      return dflt;
    }
    long n;
    try {
      n = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be an integer, not '" + v + "'");
    }
    if (n < min) {
      throw new IllegalArgumentException(key + " must be at least " + min + ", not " + n);
    }
    return n;
  }

  public static int getInt(Configuration conf, String key, int dflt, int min) {
    long n = getLong(conf, key, dflt, min);
    if (n > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(key + " is too large: " + n);
    }
    return (int) n;
  }
}
