package org.hadoopopt.inputformats.index;

import java.util.Arrays;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.Row;

/** A range of keys of one column, each end open (null), inclusive or exclusive. */
public final class KeyRange {
  private final String column;
  private final KeyType type;
  private final Object lower;
  private final boolean lowerInclusive;
  private final Object upper;
  private final boolean upperInclusive;
  private final long lowerLong;
  private final long upperLong;

  /** {@code what} names the configuration keys (or arguments) in the error if lower > upper. */
  public KeyRange(String column, KeyType type, Object lower, boolean lowerInclusive, Object upper, boolean upperInclusive,
      String what) {
    this.column = column;
    this.type = type;
    this.lower = lower;
    this.lowerInclusive = lowerInclusive;
    this.upper = upper;
    this.upperInclusive = upperInclusive;
    if (lower != null && upper != null && type.compare(lower, upper) > 0) {
      throw new IllegalArgumentException(what + ": lower bound " + type.format(lower) + " is above the upper bound "
          + type.format(upper));
    }
    // Integer keys compare as inclusive long bounds in the per-row filter.
    if (type != KeyType.STRING) {
      lowerLong = lower == null ? Long.MIN_VALUE : (Long) lower + (lowerInclusive ? 0 : 1);
      upperLong = upper == null ? Long.MAX_VALUE : (Long) upper - (upperInclusive ? 0 : 1);
    } else {
      lowerLong = 0;
      upperLong = 0;
    }
  }

  public String column() {
    return column;
  }

  public KeyType type() {
    return type;
  }

  /** The lower bound (Long or byte[], by the type), or null if open. */
  public Object lower() {
    return lower;
  }

  public boolean lowerInclusive() {
    return lowerInclusive;
  }

  /** The upper bound (Long or byte[], by the type), or null if open. */
  public Object upper() {
    return upper;
  }

  public boolean upperInclusive() {
    return upperInclusive;
  }

  /** Whether a page holding keys {@code first..last} may hold a key of the range. */
  public boolean mayOverlap(Object first, Object last) {
    if (lower != null) {
      int c = type.compare(last, lower);
      if (c < 0 || c == 0 && !lowerInclusive) {
        return false;
      }
    }
    if (upper != null) {
      int c = type.compare(first, upper);
      if (c > 0 || c == 0 && !upperInclusive) {
        return false;
      }
    }
    return true;
  }

  /** Whether the key is in the range (a null key never is). */
  public boolean contains(Object key) {
    return key != null && mayOverlap(key, key);
  }

  /** Whether {@code row}'s column {@code field} is in the range, without allocating for INT and DATE. */
  public boolean contains(Row row, int field) {
    if (type != KeyType.STRING) {
      return !row.isNull(field) && containsNumber(row.getNumber(field));
    }
    ByteSlice s = row.slice(field);
    return containsBytes(s.bytes(), s.offset(), s.length());
  }

  /** Whether an INT or DATE (days since 1970-01-01) key is in the range. */
  public boolean containsNumber(long v) {
    return v >= lowerLong && v <= upperLong;
  }

  /** Whether a STRING key, LEN bytes of B from OFF, is in the range (unsigned byte order). */
  public boolean containsBytes(byte[] b, int off, int len) {
    if (lower != null) {
      byte[] l = (byte[]) lower;
      int c = Arrays.compareUnsigned(b, off, off + len, l, 0, l.length);
      if (c < 0 || c == 0 && !lowerInclusive) {
        return false;
      }
    }
    if (upper != null) {
      byte[] u = (byte[]) upper;
      int c = Arrays.compareUnsigned(b, off, off + len, u, 0, u.length);
      if (c > 0 || c == 0 && !upperInclusive) {
        return false;
      }
    }
    return true;
  }

  @Override
  public String toString() {
    return column + " in " + (lower == null ? "(-inf" : (lowerInclusive ? "[" : "(") + type.format(lower)) + ", "
        + (upper == null ? "+inf)" : type.format(upper) + (upperInclusive ? "]" : ")"));
  }
}
