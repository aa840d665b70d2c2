package org.hadoopopt.bench.pavlo.record;

import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.Row;

/** A mutable Rankings row: {@code pageURL|pageRank|avgDuration}. */
public class RankingsRecord extends Row {
  public static final int PAGE_URL = 0;
  public static final int PAGE_RANK = 1;
  public static final int AVG_DURATION = 2;

  public RankingsRecord() {
    super(PavloSchema.RANKINGS_TABLE);
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
