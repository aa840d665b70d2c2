package org.hadoopopt.bench.pavlo.jobs;

/** A decoded Rankings row, the baseline way: one immutable object per row and per field. */
public final class Ranking {
  public final String pageURL;
  public final Integer pageRank;
  public final Integer avgDuration;

  Ranking(String pageURL, Integer pageRank, Integer avgDuration) {
    this.pageURL = pageURL;
    this.pageRank = pageRank;
    this.avgDuration = avgDuration;
  }
}
