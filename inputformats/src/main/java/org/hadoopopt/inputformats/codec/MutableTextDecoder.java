package org.hadoopopt.inputformats.codec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.Dates;
import org.hadoopopt.inputformats.record.Decimals;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Mutable decoding of '|' text: scans the line in place, points string fields at the line's bytes
 * and parses numbers and dates from the bytes, allocating nothing. Grammar per field: STRING any
 * bytes but '|'; INT {@code -?[0-9]+} within int range; DECIMAL {@code -?[0-9]{1,12}(\.[0-9]{1,6})?};
 * DATE {@code yyyy-MM-dd} naming a real day; an empty numeric or date field is null. Anything else
 * (and a wrong field count) fails with the file, offset and field.
 *
 * <p>Speed: delimiters are found eight bytes at a time ({@link ByteScan}); a short number or a
 * date is parsed from the same eight bytes that located its end, all digits at once
 * ({@link TextFields}: SWAR arithmetic, a month table for dates), with no loop or branch per byte.
 * Values those fast paths do not take (long numbers, malformed fields, fields at the end of the
 * buffer) go through the exact byte-by-byte parsers below, which also word the errors. After a
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

  /** Decodes one line (without its newline) that starts at {@code lineOffset} of {@code src}. */
  public Row decodeLine(byte[] b, int off, int len, String src, long lineOffset) throws MalformedRecordException {
    decodeFields(b, off, off + len, false, src, lineOffset);
    return row;
  }

  /**
   * Decodes the fields of the line at {@code b[off]}, which ends at the first '\n' (if
   * {@code batch}) or at {@code limit}; returns where it ends.
   */
  private int decodeFields(byte[] b, int off, int limit, boolean batch, String src, long lineOffset)
      throws MalformedRecordException {
    int[] ks = kinds;
    ByteSlice[] ss = slices;
    Row r = row;
    int n = ks.length;
    int p = off;
    int q = off;
    r.setNullMask(0); // the slow paths set null bits; the fast path leaves the mask alone
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
        throw lineEnds ? error(src, lineOffset + (q - off), i, "line ends after " + (i + 1) + " of " + n + " fields")
            : error(src, lineOffset + (q - off), i, "more than " + n + " fields");
      }
      if (value != TextFields.NONE) {
        r.putNumber(i, value);
        p = q + 1;
        continue;
      }
      int fieldEnd = lineEnds && batch && q > p && b[q - 1] == '\r' ? q - 1 : q;
      switch (kind) {
        case STRING:
          ss[i].setView(b, p, fieldEnd - p);
          break;
        case INT:
          parseInt(b, p, fieldEnd, i, src, lineOffset + (p - off));
          break;
        case DECIMAL:
          parseDecimal(b, p, fieldEnd, i, src, lineOffset + (p - off));
          break;
        default:
          parseDate(b, p, fieldEnd, i, src, lineOffset + (p - off));
      }
      p = q + 1;
    }
    return q;
  }

  private void parseInt(byte[] b, int p, int q, int field, String src, long at) throws MalformedRecordException {
    if (p == q) {
      row.setNull(field);
      return;
    }
    long fast = TextFields.parseInt(b, p, q);
    if (fast != TextFields.NONE) {
      row.setNumber(field, fast);
      return;
    }
    boolean neg = b[p] == '-';
    int i = neg ? p + 1 : p;
    if (i == q) {
      throw error(src, at, field, "not an int: '" + text(b, p, q) + "'");
    }
    long v = 0;
    for (; i < q; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        throw error(src, at, field, "not an int: '" + text(b, p, q) + "'");
      }
      // Saturate past the int range (leading zeros are fine, any number of them).
      v = Math.min(v * 10 + d, 1L << 32);
    }
    v = neg ? -v : v;
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw error(src, at, field, "int out of range: '" + text(b, p, q) + "'");
    }
    row.setNumber(field, v);
  }

  private void parseDecimal(byte[] b, int p, int q, int field, String src, long at) throws MalformedRecordException {
    if (p == q) {
      row.setNull(field);
      return;
    }
    long fast = TextFields.parseDecimal(b, p, q);
    if (fast != TextFields.NONE) {
      row.setNumber(field, fast);
      return;
    }
    boolean neg = b[p] == '-';
    int i = neg ? p + 1 : p;
    long whole = 0;
    int digits = 0;
    for (; i < q && b[i] != '.'; i++, digits++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9 || digits == 12) {
        throw error(src, at, field, "not a decimal (-?d{1,12}(.d{1,6})?): '" + text(b, p, q) + "'");
      }
      whole = whole * 10 + d;
    }
    long frac = 0;
    int fracDigits = 0;
    if (i < q) { // at '.'
      for (i++; i < q; i++, fracDigits++) {
        int d = b[i] - '0';
        if (d < 0 || d > 9 || fracDigits == Decimals.SCALE) {
          throw error(src, at, field, "not a decimal (-?d{1,12}(.d{1,6})?): '" + text(b, p, q) + "'");
        }
        frac = frac * 10 + d;
      }
      if (fracDigits == 0) {
        throw error(src, at, field, "not a decimal (no digits after '.'): '" + text(b, p, q) + "'");
      }
    }
    if (digits == 0) {
      throw error(src, at, field, "not a decimal (no digits before '.'): '" + text(b, p, q) + "'");
    }
    for (int k = fracDigits; k < Decimals.SCALE; k++) {
      frac *= 10;
    }
    long micros = whole * Decimals.ONE + frac;
    row.setNumber(field, neg ? -micros : micros);
  }

  private void parseDate(byte[] b, int p, int q, int field, String src, long at) throws MalformedRecordException {
    if (p == q) {
      row.setNull(field);
      return;
    }
    long fast = TextFields.parseDate(b, p, q);
    if (fast != TextFields.NONE) {
      row.setNumber(field, fast);
      return;
    }
    if (q - p != 10 || b[p + 4] != '-' || b[p + 7] != '-') {
      throw error(src, at, field, "not a date yyyy-MM-dd: '" + text(b, p, q) + "'");
    }
    int year = digits(b, p, 4);
    int month = digits(b, p + 5, 2);
    int day = digits(b, p + 8, 2);
    if (year < 0 || month < 0 || day < 0) {
      throw error(src, at, field, "not a date yyyy-MM-dd: '" + text(b, p, q) + "'");
    }
    if (!Dates.isValid(year, month, day)) {
      throw error(src, at, field, "no such day: '" + text(b, p, q) + "'");
    }
    row.setNumber(field, Dates.toEpochDay(year, month, day));
  }

  /** The value of {@code n} decimal digits at {@code p}, or -1 if one is not a digit. */
  private static int digits(byte[] b, int p, int n) {
    int v = 0;
    for (int i = p; i < p + n; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      v = v * 10 + d;
    }
    return v;
  }

  private static String text(byte[] b, int p, int q) {
    int n = Math.min(q - p, 40);
    return new String(b, p, n, StandardCharsets.UTF_8) + (q - p > n ? "..." : "");
  }

  private MalformedRecordException error(String src, long at, int field, String problem) {
    return new MalformedRecordException(src, at, schema.fieldName(field), problem);
  }
}
