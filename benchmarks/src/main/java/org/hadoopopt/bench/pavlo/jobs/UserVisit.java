package org.hadoopopt.bench.pavlo.jobs;

import java.util.Date;

/** A decoded UserVisits row, the baseline way: one immutable object per row and per field. */
public final class UserVisit {
  public final String sourceIP;
  public final String destURL;
  public final Date visitDate;
  /** adRevenue in millionths. */
  public final Long adRevenueMicros;
  public final String userAgent;
  public final String countryCode;
  public final String languageCode;
  public final String searchWord;
  public final Integer duration;

  UserVisit(String[] f, Date visitDate, Long adRevenueMicros, Integer duration) {
    this.sourceIP = f[0];
    this.destURL = f[1];
    this.visitDate = visitDate;
    this.adRevenueMicros = adRevenueMicros;
    this.userAgent = f[4];
    this.countryCode = f[5];
    this.languageCode = f[6];
    this.searchWord = f[7];
    this.duration = duration;
  }
}
