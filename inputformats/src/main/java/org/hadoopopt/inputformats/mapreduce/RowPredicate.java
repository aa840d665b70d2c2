package org.hadoopopt.inputformats.mapreduce;

import java.nio.charset.StandardCharsets;
import org.hadoopopt.inputformats.codec.ByteSearch;
import org.hadoopopt.inputformats.index.KeyRange;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.Row;

/**
 * A pushed-down row test on one column: a substring of a STRING column (searched in the column's
 * bytes, which for text rows are the input line's own bytes, with {@link ByteSearch}), or a range of
 * an INT, DATE or STRING column ({@link KeyRange}). Allocates nothing per row.
 */
public final class RowPredicate {
  private final int field;
  private final byte[] pattern;
  private final KeyRange range;

  private RowPredicate(int field, byte[] pattern, KeyRange range) {
    this.field = field;
    this.pattern = pattern;
    this.range = range;
  }

  static RowPredicate contains(int field, byte[] pattern) {
    return new RowPredicate(field, pattern, null);
  }

  static RowPredicate range(int field, KeyRange range) {
    return new RowPredicate(field, null, range);
  }

  public int field() {
    return field;
  }

  /** The substring's bytes, or null for a range. */
  public byte[] pattern() {
    return pattern;
  }

  /** The range, or null for a substring. */
  public KeyRange range() {
    return range;
  }

  /** Whether the decoded row passes. */
  public boolean test(Row row) {
    if (pattern != null) {
      ByteSlice s = row.slice(field);
      return ByteSearch.indexOf(s.bytes(), s.offset(), s.offset() + s.length(), pattern) >= 0;
    }
    return range.contains(row, field);
  }

  @Override
  public String toString() {
    return pattern != null ? "field " + field + " contains '" + new String(pattern, StandardCharsets.UTF_8) + "'"
        : range.toString();
  }
}
