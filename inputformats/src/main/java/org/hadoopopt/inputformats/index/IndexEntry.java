package org.hadoopopt.inputformats.index;

/** One data page: its first and last key and where it lies in the data file. */
public final class IndexEntry {
  private final Object firstKey;
  private final Object lastKey;
  private final long offset;
  private final long length;

  public IndexEntry(Object firstKey, Object lastKey, long offset, long length) {
    this.firstKey = firstKey;
    this.lastKey = lastKey;
    this.offset = offset;
    this.length = length;
  }

  public Object firstKey() {
    return firstKey;
  }

  public Object lastKey() {
    return lastKey;
  }

  public long offset() {
    return offset;
  }

  public long length() {
    return length;
  }

  public long end() {
    return offset + length;
  }
}
