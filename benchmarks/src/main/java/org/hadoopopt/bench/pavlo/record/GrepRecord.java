package org.hadoopopt.bench.pavlo.record;

import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/** A mutable Grep row: {@code key|field}, both byte slices of the input line. */
public class GrepRecord extends Row {
  /**
   * The Grep table ({@code key|field}, both strings), read as text (scans with a pushed-down
   * substring); the benchmark's {@code PavloSchema} names it.
   */
  public static final Schema TABLE =
      Schema.parse("grep(key:STRING,field:STRING)").withRecords(GrepRecord.class, GrepRecord::new);

  public static final int KEY = 0;
  public static final int FIELD = 1;

  public GrepRecord() {
    super(TABLE);
  }

  public ByteSlice key() {
    return slice(KEY);
  }

  public ByteSlice field() {
    return slice(FIELD);
  }
}
