package org.hadoopopt.inputformats.record;

/** A mutable Grep row: {@code key|field}, both byte slices of the input line. */
public class GrepRecord extends Row {
  public static final int KEY = 0;
  public static final int FIELD = 1;

  public GrepRecord() {
    super(Schema.GREP);
  }

  public ByteSlice key() {
    return slice(KEY);
  }

  public ByteSlice field() {
    return slice(FIELD);
  }
}
