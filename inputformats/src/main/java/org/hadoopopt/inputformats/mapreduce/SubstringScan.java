package org.hadoopopt.inputformats.mapreduce;

import org.hadoopopt.inputformats.codec.ByteSearch;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.Schema;

/**
 * A pushed-down substring searched in the line splitter's buffer rather than row by row: one
 * search runs ahead over many lines (Grep keeps 1 row in 10,000, so most lines lie before the next
 * hit and cost no search of their own), and a line passes only if a hit lies wholly inside its
 * column. Only for tables whose columns are all strings, where the field count, which
 * {@link LineSplitter#countDelimiters} counts in its line-end pass, is the grammar's whole check.
 */
final class SubstringScan {
  private final LineSplitter lines;
  private final byte[] pattern;
  private final int column;
  private final int fields;
  private int generation;
  private int hit = -1; // the first hit at or after the last column searched from, in this generation
  private boolean searched;

  private SubstringScan(LineSplitter lines, byte[] pattern, int column, int fields) {
    this.lines = lines;
    this.pattern = pattern;
    this.column = column;
    this.fields = fields;
  }

  /** The fast path for this reader, or null: it needs a substring predicate and string columns only. */
  static SubstringScan of(Schema schema, PushdownCounts pushdown, LineSplitter lines) {
    if (pushdown == null || pushdown.predicate().pattern() == null) {
      return null;
    }
    for (int i = 0; i < schema.fieldCount(); i++) {
      if (schema.type(i) != FieldType.STRING) {
        return null;
      }
    }
    lines.countDelimiters((byte) '|', schema.fieldCount() - 1);
    return new SubstringScan(lines, pushdown.predicate().pattern(), pushdown.predicate().field(), schema.fieldCount());
  }

  /** The delimiters a well-formed line has. */
  int delimiters() {
    return fields - 1;
  }

  /** Whether the current line (of the right field count) holds the pattern inside its column. */
  boolean hitInColumn() {
    LineSplitter s = lines;
    int start = s.lineStart();
    int from = column == 0 ? start : start + s.delimiterAt(column - 1) + 1;
    int to = column == fields - 1 ? start + s.lineLength() : start + s.delimiterAt(column);
    if (!searched || generation != s.generation() || (hit >= 0 && hit < from)) {
      // Positions moved, or the hit lies before this column: search again from here to the buffer's end.
      generation = s.generation();
      searched = true;
      hit = ByteSearch.indexOf(s.bytes(), from, s.filled(), pattern);
    }
    // No hit (-1) up to the buffer's end: none in any line before the next refill.
    return hit >= 0 && hit <= to - pattern.length;
  }
}
