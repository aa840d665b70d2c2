package org.hadoopopt.bench.results;

/**
 * How one of our figures compares with the paper's. A factor (unit {@code x}) is compared by its
 * effect, the logarithm, so 1.1x against the paper's 1.2x is about half the effect, not 92% of it;
 * any other figure by the plain ratio. Within {@link #TOLERANCE} either way it is reproduced; an
 * effect in the other direction (a slowdown where the paper saw a speedup) is smaller here.
 */
public enum Verdict {
  REPRODUCED("reproduced"),
  LARGER_HERE("larger here"),
  SMALLER_HERE("smaller here"),
  NOT_REPRODUCIBLE("not reproducible here");

  /** Ours within a factor of 1.25 of the paper's (effect or value) counts as reproduced. */
  public static final double TOLERANCE = 1.25;
  /** A factor closer to 1 than this has no direction: it is compared by difference instead. */
  static final double NO_EFFECT = 0.02;

  /** A paper's figure stated as a value. */
  public static final String EXACT = "";
  /** A paper's figure stated as a bound from below: more than the figure ("worse" as above 1x). */
  public static final String ABOVE = ">";
  /** A paper's figure stated as a bound from above: at most the figure ("within 2x"). */
  public static final String BELOW = "<";

  public final String text;

  Verdict(String text) {
    this.text = text;
  }

  /** Ours over the paper's: for factors the ratio of the effects (logarithms), else of the values; NaN without both. */
  public static double ratio(double paper, double ours, String unit) {
    if (Double.isNaN(paper) || Double.isNaN(ours)) {
      return Double.NaN;
    }
    if ("x".equals(unit)) {
      if (paper <= 0 || ours <= 0) {
        return Double.NaN;
      }
      double p = Math.log(paper);
      return Math.abs(p) < NO_EFFECT ? Double.NaN : Math.log(ours) / p;
    }
    return paper == 0 ? Double.NaN : ours / paper;
  }

  /**
   * The verdict for a figure the paper states as {@code bound} of {@code paper}: for {@link #EXACT}
   * {@link #compare}; for a bound, ours on the paper's side of it is reproduced (for a factor of 1x,
   * by more than {@link #NO_EFFECT}, so noise is no direction), else smaller here ({@link #ABOVE})
   * or larger here ({@link #BELOW}).
   */
  public static Verdict compareBound(String bound, double paper, double ours, String unit) {
    if (bound.equals(EXACT)) {
      return compare(paper, ours, unit);
    }
    if (Double.isNaN(paper) || Double.isNaN(ours)) {
      return NOT_REPRODUCIBLE;
    }
    boolean factor = "x".equals(unit) && paper > 0 && ours > 0;
    double margin = factor ? Math.log(ours) - Math.log(paper) : ours - paper;
    double noise = factor ? NO_EFFECT : 0;
    if (bound.equals(ABOVE)) {
      return margin > noise ? REPRODUCED : SMALLER_HERE;
    }
    return margin <= noise ? REPRODUCED : LARGER_HERE;
  }

  /** The verdict for a measured figure (both numbers known). */
  public static Verdict compare(double paper, double ours, String unit) {
    if (Double.isNaN(paper) || Double.isNaN(ours)) {
      return NOT_REPRODUCIBLE;
    }
    if ("x".equals(unit) && paper > 0 && ours > 0 && Math.abs(Math.log(paper)) < NO_EFFECT) {
      // the paper saw no effect: so do we when ours is as close to 1 (within the tolerance's effect)
      double o = Math.log(ours);
      return Math.abs(o) < Math.log(TOLERANCE) ? REPRODUCED : o > 0 ? LARGER_HERE : SMALLER_HERE;
    }
    double r = ratio(paper, ours, unit);
    if (Double.isNaN(r)) {
      return NOT_REPRODUCIBLE;
    }
    if (r > TOLERANCE) {
      return LARGER_HERE;
    }
    return r >= 1 / TOLERANCE ? REPRODUCED : SMALLER_HERE;
  }
}
