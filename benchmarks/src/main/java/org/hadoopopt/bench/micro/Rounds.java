package org.hadoopopt.bench.micro;

import java.util.ArrayList;
import java.util.List;

/**
 * Alternation of variants across rounds: in round r the variants run in their list order rotated
 * by r, so each leads one round and a drift in the machine's speed hits them alike.
 */
public final class Rounds {
  /** One execution of a variant; returns the seconds it measured (e.g. the job, not its checks). */
  public interface Trial {
    double run(String variant, int round) throws Exception;
  }

  /** Progress and timing hooks. */
  public interface Listener {
    void ran(String variant, int round, double seconds);
  }

  private Rounds() {}

  /** The order of the variants in round {@code round}. */
  public static List<String> order(List<String> variants, int round) {
    List<String> out = new ArrayList<>(variants.size());
    int n = variants.size();
    for (int i = 0; i < n; i++) {
      out.add(variants.get((i + round) % n));
    }
    return out;
  }

  /** Runs every variant once per round in rotated order; the trials' seconds go into {@code result}'s rows. */
  public static void run(List<String> variants, int rounds, MicroResult result, Trial trial, Listener listener)
      throws Exception {
    for (int r = 0; r < rounds; r++) {
      for (String v : order(variants, r)) {
        double s = trial.run(v, r);
        result.row(v).add(s);
        if (listener != null) {
          listener.ran(v, r, s);
        }
      }
    }
  }

  /** Seconds since {@code t0} ({@link System#nanoTime()}). */
  public static double since(long t0) {
    return (System.nanoTime() - t0) / 1e9;
  }

}
