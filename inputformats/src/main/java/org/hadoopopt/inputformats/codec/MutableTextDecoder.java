package org.hadoopopt.inputformats.codec;

import java.io.IOException;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.ColumnGrammar;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Mutable decoding of '|' text: scans the line in place, points string fields at the line's bytes
 * and parses numbers and dates from the bytes, allocating nothing. The grammar is
 * {@link ColumnGrammar}'s (the same as every other reader of the text); anything else, and a wrong
 * field count, fails with a {@link MalformedRecordException} naming the file, the line's offset and
 * the column.
 *
 * <p>Speed: delimiters are found eight bytes at a time ({@link ByteScan}); a short number or a
 * date is parsed from the same eight bytes that located its end, all digits at once
 * ({@link TextFields}: SWAR arithmetic, a month table for dates), with no loop or branch per byte.
 * Values those fast paths do not take (long numbers, malformed fields, fields at the end of the
 * buffer) go through {@link ColumnGrammar}'s exact parsers, which also word the errors. After a
 * malformed line {@link #next()} goes on with the next line if called again.
 */
public final class MutableTextDecoder implements RecordDecoder<Row> {
  private static final int STRING = 0;
  private static final int INT = 1;
  private static final int DECIMAL = 2;
  private static final int DATE = 3;

  private final Schema schema;
  private final int[] kinds;
  private final Row row;
  /** The row's string holders by field (null for other fields), one indirection less per field. */
  private final ByteSlice[] slices;
  private byte[] buf;
  private int pos;
  private int end;
  private int start;
  private final String[] columns;
  private String source;
  private long sourceOffset;

  public MutableTextDecoder(Schema schema) {
    this(schema, schema.newRow());
  }

  /** Decodes into {@code row}, which must be of {@code schema}. */
  public MutableTextDecoder(Schema schema, Row row) {
    this.schema = schema;
    this.row = row;
    this.kinds = new int[schema.fieldCount()];
    for (int i = 0; i < kinds.length; i++) {
      FieldType t = schema.type(i);
      kinds[i] = t == FieldType.STRING ? STRING : t == FieldType.INT ? INT : t == FieldType.DECIMAL ? DECIMAL : DATE;
    }
    this.columns = ColumnGrammar.columns(schema);
    this.slices = new ByteSlice[kinds.length];
    for (int i = 0; i < kinds.length; i++) {
      slices[i] = kinds[i] == STRING ? row.slice(i) : null;
    }
  }

  @Override
  public void reset(byte[] b, int off, int len, String src, long srcOffset) {
    buf = b;
    pos = off;
    start = off;
    end = off + len;
    source = src;
    sourceOffset = srcOffset;
  }

  @Override
  public Row next() throws IOException {
    if (pos >= end) {
      return null;
    }
    int lineStart = pos;
    try {
      pos = decodeFields(buf, lineStart, end, true, source, sourceOffset + (lineStart - start)) + 1;
    } catch (MalformedRecordException e) {
      // Go on after this line if the caller does.
      int nl = ByteScan.indexOf(buf, lineStart, end, (byte) '\n');
      pos = nl + 1;
      throw e;
    }
    return row;
  }

  /** Where in the buffer given to {@link #reset} the line {@link #next()} decodes next starts. */
  public int position() {
    return pos;
  }

  /** Decodes one line (without its newline) that starts at {@code lineOffset} of {@code src}. */
  public Row decodeLine(byte[] b, int off, int len, String src, long lineOffset) throws MalformedRecordException {
    decodeFields(b, off, off + len, false, src, lineOffset);
    return row;
  }

  /**
   * Decodes the fields of the line at {@code b[off]}, which ends at the first '\n' (if
   * {@code batch}) or at {@code limit}; returns where it ends. Errors name the line's offset.
   */
  private int decodeFields(byte[] b, int off, int limit, boolean batch, String src, long lineOffset)
      throws MalformedRecordException {
    int[] ks = kinds;
    ByteSlice[] ss = slices;
    Row r = row;
    int n = ks.length;
    int p = off;
    int q = off;
    r.setNullMask(0);
    for (int i = 0; i < n; i++) {
      int kind = ks[i];
      long value = TextFields.NONE;
      q = -1;
      if (kind != STRING && p + 11 <= limit) {
        // One pass for short numbers and dates: the bytes loaded to find the field's end are parsed.
        if (kind == DATE) {
          byte c = b[p + 10];
          if (c == '|' || (batch && c == '\n')) {
            value = TextFields.parseDate(b, p, p + 10); // accepts digits and '-' only: no delimiter before
            q = value == TextFields.NONE ? -1 : p + 10;
          }
        } else {
          long w = ByteScan.word(b, p);
          int k = ByteScan.firstOfEither(w, (byte) '|', batch ? (byte) '\n' : (byte) '|');
          if (k < 8) {
            q = p + k;
            value = kind == INT ? TextFields.intOf(w, k) : TextFields.decimalOf(w, k);
          }
        }
      }
      if (q < 0) {
        q = batch ? ByteScan.indexOfEither(b, p, limit, (byte) '|', (byte) '\n') : ByteScan.indexOf(b, p, limit, (byte) '|');
      }
      boolean lineEnds = q == limit || b[q] == '\n';
      if (lineEnds != (i == n - 1)) {
        throw countError(b, off, limit, batch, src, lineOffset);
      }
      if (value != TextFields.NONE) {
        r.putNumber(i, value);
        p = q + 1;
        continue;
      }
      int fieldEnd = lineEnds && batch && q > p && b[q - 1] == '\r' ? q - 1 : q;
      if (kind == STRING) {
        ss[i].setView(b, p, fieldEnd - p);
      } else {
        long v = ColumnGrammar.parse(schema.type(i), b, p, fieldEnd);
        if (v == ColumnGrammar.INVALID) {
          // The field count is checked first, as every reader of the grammar does.
          MalformedRecordException count = countErrorOrNull(b, off, limit, batch, src, lineOffset);
          throw count != null ? count : ColumnGrammar.valueError(src, lineOffset, schema, i, b, p, fieldEnd);
        }
        r.putNumber(i, v);
      }
      p = q + 1;
    }
    return q;
  }

  private MalformedRecordException countError(byte[] b, int off, int limit, boolean batch, String src, long lineOffset) {
    MalformedRecordException e = countErrorOrNull(b, off, limit, batch, src, lineOffset);
    if (e == null) {
      throw new IllegalStateException("field count error without a wrong count at " + src + ", offset " + lineOffset);
    }
    return e;
  }

  /** The field-count error of the line at {@code b[off]}, or null if it has the schema's count. */
  private MalformedRecordException countErrorOrNull(byte[] b, int off, int limit, boolean batch, String src, long lineOffset) {
    int end = batch ? ByteScan.indexOf(b, off, limit, (byte) '\n') : limit;
    int found = ColumnGrammar.countFields(b, off, end);
    return found == schema.fieldCount() ? null : ColumnGrammar.fieldCountError(src, lineOffset, columns, found);
  }

}
