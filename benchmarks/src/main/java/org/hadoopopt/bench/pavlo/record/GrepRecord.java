package org.hadoopopt.bench.pavlo.record;

import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.Row;

/** A mutable Grep row: {@code key|field}, both byte slices of the input line. */
public class GrepRecord extends Row {
  public static final int KEY = 0;
  public static final int FIELD = 1;

  public GrepRecord() {
    super(PavloSchema.GREP_TABLE);
  }

  public ByteSlice key() {
    return slice(KEY);
  }

  public ByteSlice field() {
    return slice(FIELD);
  }
}
