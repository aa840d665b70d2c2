package org.hadoopopt.inputformats.batch;

import org.hadoopopt.inputformats.codec.ByteSearch;
import org.hadoopopt.inputformats.index.KeyRange;
import org.hadoopopt.inputformats.index.KeyType;
import org.hadoopopt.inputformats.mapreduce.RowPredicate;
import org.hadoopopt.inputformats.record.FieldType;

/**
 * A row test applied to a whole {@link ColumnBatch} in one loop over its column vector, writing the
 * passing rows' numbers into the batch's selection: a pushed-down predicate ({@link RowPredicate}:
 * a substring of a STRING column, a range of an INT, DATE or STRING column), or the key range of
 * the range index the pages were chosen by (the pages at the range's edges hold other keys too).
 * Filters compose: each keeps the selected rows that pass it.
 */
public final class BatchFilter {
  private final int field;
  private final FieldType type;
  private final byte[] pattern;
  private final KeyRange range;

  private BatchFilter(int field, FieldType type, byte[] pattern, KeyRange range) {
    this.field = field;
    this.type = type;
    this.pattern = pattern;
    this.range = range;
  }

  public static BatchFilter of(RowPredicate p, FieldType type) {
    return new BatchFilter(p.field(), type, p.pattern(), p.range());
  }

  public static BatchFilter of(KeyRange range, int field, FieldType type) {
    return new BatchFilter(field, type, null, range);
  }

  /** The column tested (decoded whatever the projection). */
  public int field() {
    return field;
  }

  /** Keeps the batch's selected rows that pass; returns how many do. */
  public int apply(ColumnBatch b) {
    int[] sel = b.selection();
    int n = b.selected();
    int kept = 0;
    if (pattern != null) {
      byte[] s = b.strings(field);
      int[] st = b.starts(field);
      int[] len = b.lengths(field);
      for (int i = 0; i < n; i++) {
        int r = sel[i];
        if (ByteSearch.indexOf(s, st[r], st[r] + len[r], pattern) >= 0) {
          sel[kept++] = r;
        }
      }
    } else if (range.type() == KeyType.STRING) {
      byte[] s = b.strings(field);
      int[] st = b.starts(field);
      int[] len = b.lengths(field);
      for (int i = 0; i < n; i++) {
        int r = sel[i];
        if (range.containsBytes(s, st[r], len[r])) {
          sel[kept++] = r;
        }
      }
    } else {
      int[] v = b.ints(field);
      for (int i = 0; i < n; i++) {
        int r = sel[i];
        if (range.containsNumber(v[r])) {
          sel[kept++] = r;
        }
      }
    }
    b.select(kept);
    return kept;
  }

  @Override
  public String toString() {
    return pattern != null ? "field " + field + " contains a substring" : range + " (" + type + ")";
  }
}
