package org.hadoopopt.bench.micro;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.bench.tools.ConfValues;

/** Keys every micro-benchmark program of this package reads ({@code --rounds}, {@code --out}). */
public final class MicroOptions {
  /** Rounds; every configuration runs once per round, in rotated order. Default {@code 3}. */
  public static final String ROUNDS = "hadoopopt.bench.micro.rounds";
  /** Local file of the program's JSON result. Default: {@code PROGRAM.json} in the working folder. */
  public static final String OUT = "hadoopopt.bench.micro.out";

  private MicroOptions() {}

  public static void setRounds(Configuration conf, int rounds) {
    conf.setInt(ROUNDS, rounds);
  }

  public static void setOut(Configuration conf, File out) {
    conf.set(OUT, out.getPath());
  }

  public static int rounds(Configuration conf) {
    return ConfValues.getInt(conf, ROUNDS, 3, 1);
  }

  public static File out(Configuration conf, String program) {
    return new File(conf.getTrimmed(OUT, program + ".json"));
  }

  /** A size like {@code 64m}, {@code 1g} or {@code 4096}; a bad value names the key. */
  public static long parseSize(String key, String value) {
    try {
      long n = org.apache.hadoop.util.StringUtils.TraditionalBinaryPrefix.string2long(value.trim());
      if (n <= 0) {
        throw new NumberFormatException("not positive");
      }
      return n;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(key + " must be a positive size such as 64m or 1g, not '" + value + "'");
    }
  }

  /** A size printed the way {@link #parseSize} reads it: {@code 64m}, {@code 1g}, or bytes. */
  public static String formatSize(long bytes) {
    String[] units = {"g", "m", "k"};
    long[] scale = {1L << 30, 1L << 20, 1L << 10};
    for (int i = 0; i < units.length; i++) {
      if (bytes % scale[i] == 0) {
        return (bytes / scale[i]) + units[i];
      }
    }
    return Long.toString(bytes);
  }
}
