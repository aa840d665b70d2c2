package org.hadoopopt.inputformats.record;

/**
 * A mutable UserVisits row: {@code sourceIP|destURL|visitDate|adRevenue|userAgent|countryCode|
 * languageCode|searchWord|duration}.
 */
public class UserVisitsRecord extends Row {
  public static final int SOURCE_IP = 0;
  public static final int DEST_URL = 1;
  public static final int VISIT_DATE = 2;
  public static final int AD_REVENUE = 3;
  public static final int USER_AGENT = 4;
  public static final int COUNTRY_CODE = 5;
  public static final int LANGUAGE_CODE = 6;
  public static final int SEARCH_WORD = 7;
  public static final int DURATION = 8;

  public UserVisitsRecord() {
    super(Schema.USER_VISITS);
  }

  public ByteSlice sourceIP() {
    return slice(SOURCE_IP);
  }

  public ByteSlice destURL() {
    return slice(DEST_URL);
  }

  /** Days since 1970-01-01. */
  public int visitDate() {
    return getEpochDay(VISIT_DATE);
  }

  /** Exact revenue in millionths ({@link Decimals}). */
  public long adRevenueMicros() {
    return getMicros(AD_REVENUE);
  }

  /** Revenue as a double, for display; sum {@link #adRevenueMicros()} for exact totals. */
  public double adRevenue() {
    return Decimals.toDouble(getMicros(AD_REVENUE));
  }

  public ByteSlice userAgent() {
    return slice(USER_AGENT);
  }

  public ByteSlice countryCode() {
    return slice(COUNTRY_CODE);
  }

  public ByteSlice languageCode() {
    return slice(LANGUAGE_CODE);
  }

  public ByteSlice searchWord() {
    return slice(SEARCH_WORD);
  }

  public int duration() {
    return getInt(DURATION);
  }
}
