package org.hadoopopt.inputformats.record;

/** A mutable Rankings row: {@code pageURL|pageRank|avgDuration}. */
public class RankingsRecord extends Row {
  public static final int PAGE_URL = 0;
  public static final int PAGE_RANK = 1;
  public static final int AVG_DURATION = 2;

  public RankingsRecord() {
    super(Schema.RANKINGS);
  }

  public ByteSlice pageURL() {
    return slice(PAGE_URL);
  }

  public int pageRank() {
    return getInt(PAGE_RANK);
  }

  public int avgDuration() {
    return getInt(AVG_DURATION);
  }
}
