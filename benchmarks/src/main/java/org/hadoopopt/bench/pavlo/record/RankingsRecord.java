package org.hadoopopt.bench.pavlo.record;

import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/** A mutable Rankings row: {@code pageURL|pageRank|avgDuration}. */
public class RankingsRecord extends Row {
  /** The Rankings table; the benchmark's {@code PavloSchema} names it. */
  public static final Schema TABLE = Schema.parse("rankings(pageURL:STRING,pageRank:INT,avgDuration:INT)")
      .withRecords(RankingsRecord.class, RankingsRecord::new);

  public static final int PAGE_URL = 0;
  public static final int PAGE_RANK = 1;
  public static final int AVG_DURATION = 2;

  public RankingsRecord() {
    super(TABLE);
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
