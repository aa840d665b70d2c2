package org.hadoopopt.inputformats.record;

/**
 * The one row grammar of the Pavlo '|' text tables, per column type. Every reader of the text uses
 * it: the benchmark's baseline jobs, the mutable text decoder (whose eight-bytes-at-a-time fast
 * paths accept only what this accepts), the loader and the text-to-KVSF converter; the binary
 * decoders check with {@link #checkDecoded} what a binary record can hold and text cannot. So a
 * row is accepted by every variant or rejected by every one, with the same
 * {@link MalformedRecordException} (file, row offset, column, problem).
 *
 * <ul>
 *   <li>Row: the bytes of one line as Hadoop's {@code LineRecordReader} delimits it (LF, CR or
 *       CRLF end a row), fields separated by {@code '|'}, exactly as many as the table has.</li>
 *   <li>STRING: any bytes but {@code '|'}, LF and CR (may be empty; need not be UTF-8: the bytes
 *       are kept as they are).</li>
 *   <li>INT: {@code -?[0-9]{1,10}} within the 32-bit range (no {@code '+'}, exponent, space).</li>
 *   <li>DECIMAL: {@code -?[0-9]{1,12}(\.[0-9]{1,2})?}: at most 2 decimals, so every variant sums
 *       exact hundredths.</li>
 *   <li>DATE: {@code [0-9]{4}-[0-9]{2}-[0-9]{2}} naming a day of the proleptic Gregorian
 *       calendar in years 0001..9999 (SQL's DATE range).</li>
 *   <li>An empty INT, DECIMAL or DATE field is malformed: there are no NULLs.</li>
 * </ul>
 *
 * A row with the wrong number of fields is reported as that (column: the first missing one, or
 * the last one when there are too many); otherwise the first bad column from the left.
 */
public final class ColumnGrammar {
  /** What the {@code parse} methods return for a value outside the grammar (no valid value is this). */
  public static final long INVALID = Long.MIN_VALUE;
  public static final byte FIELD_SEPARATOR = '|';
  public static final int INT_MAX_DIGITS = 10;
  public static final int DECIMAL_MAX_WHOLE_DIGITS = 12;
  public static final int DECIMAL_MAX_FRACTION_DIGITS = 2;
  /** Millionths ({@link Decimals}) per smallest decimal step (0.01). */
  public static final long DECIMAL_STEP = Decimals.ONE / 100;
  public static final int MIN_YEAR = 1;
  public static final int MIN_EPOCH_DAY = Dates.toEpochDay(MIN_YEAR, 1, 1);
  public static final int MAX_EPOCH_DAY = Dates.toEpochDay(9999, 12, 31);
  private static final long MAX_MICROS = 999_999_999_999_990_000L;

  private ColumnGrammar() {}

  /** The value of a field of type {@code t} at {@code b[p, q)} (INT, epoch day or millionths; 0 for a STRING), or {@link #INVALID}. */
  public static long parse(FieldType t, byte[] b, int p, int q) {
    switch (t) {
      case INT:
        return parseInt(b, p, q);
      case DECIMAL:
        return parseDecimal(b, p, q);
      case DATE:
        return parseDate(b, p, q);
      default:
        return isString(b, p, q) ? 0 : INVALID;
    }
  }

  /** STRING: no '|', LF or CR. */
  public static boolean isString(byte[] b, int p, int q) {
    for (int i = p; i < q; i++) {
      byte c = b[i];
      if (c == FIELD_SEPARATOR || c == '\n' || c == '\r') {
        return false;
      }
    }
    return true;
  }

  /** INT {@code -?[0-9]{1,10}} within the int range, or {@link #INVALID}. */
  public static long parseInt(byte[] b, int p, int q) {
    int i = p < q && b[p] == '-' ? p + 1 : p;
    int n = q - i;
    if (n < 1 || n > INT_MAX_DIGITS) {
      return INVALID;
    }
    long v = 0;
    for (; i < q; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return INVALID;
      }
      v = v * 10 + d;
    }
    v = b[p] == '-' ? -v : v;
    return v < Integer.MIN_VALUE || v > Integer.MAX_VALUE ? INVALID : v;
  }

  /** DECIMAL {@code -?[0-9]{1,12}(\.[0-9]{1,2})?} as millionths, or {@link #INVALID}. */
  public static long parseDecimal(byte[] b, int p, int q) {
    boolean neg = p < q && b[p] == '-';
    int i = neg ? p + 1 : p;
    long whole = 0;
    int digits = 0;
    for (; i < q && b[i] != '.'; i++, digits++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9 || digits == DECIMAL_MAX_WHOLE_DIGITS) {
        return INVALID;
      }
      whole = whole * 10 + d;
    }
    if (digits == 0) {
      return INVALID;
    }
    long frac = 0;
    if (i < q) { // at '.'
      int fracDigits = 0;
      for (i++; i < q; i++, fracDigits++) {
        int d = b[i] - '0';
        if (d < 0 || d > 9 || fracDigits == DECIMAL_MAX_FRACTION_DIGITS) {
          return INVALID;
        }
        frac = frac * 10 + d;
      }
      if (fracDigits == 0) {
        return INVALID;
      }
      if (fracDigits == 1) {
        frac *= 10;
      }
    }
    long micros = whole * Decimals.ONE + frac * DECIMAL_STEP;
    return neg ? -micros : micros;
  }

  /** DATE {@code yyyy-MM-dd} naming a real day, as days since 1970-01-01, or {@link #INVALID}. */
  public static long parseDate(byte[] b, int p, int q) {
    if (q - p != 10 || b[p + 4] != '-' || b[p + 7] != '-') {
      return INVALID;
    }
    int year = digits(b, p, 4);
    int month = digits(b, p + 5, 2);
    int day = digits(b, p + 8, 2);
    if (year < MIN_YEAR || month < 0 || day < 0 || !Dates.isValid(year, month, day)) {
      return INVALID;
    }
    return Dates.toEpochDay(year, month, day);
  }

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

  /** Why {@code b[p, q)} is not a valid {@code t} (call only when {@link #parse} gave {@link #INVALID}). */
  public static String problem(FieldType t, byte[] b, int p, int q) {
    if (p == q) {
      return "empty " + t + " (no NULLs: a value is required)";
    }
    String shape;
    switch (t) {
      case INT:
        shape = "-?[0-9]{1,10} within 32 bits";
        break;
      case DECIMAL:
        shape = "-?[0-9]{1,12}(.[0-9]{1,2})?";
        break;
      case DATE:
        shape = "yyyy-MM-dd naming a real day, years 0001..9999";
        break;
      default:
        shape = "no '|', LF or CR";
    }
    return (t == FieldType.INT ? "not an " : "not a ") + t + " (" + shape + "): '" + show(b, p, q) + "'";
  }

  /** The bytes for a message: printable ASCII as is, others as \xNN, at most 40 bytes. */
  public static String show(byte[] b, int p, int q) {
    StringBuilder sb = new StringBuilder();
    int n = Math.min(q - p, 40);
    for (int i = p; i < p + n; i++) {
      int c = b[i] & 0xff;
      if (c >= 0x20 && c < 0x7f && c != '\\') {
        sb.append((char) c);
      } else {
        sb.append(String.format("\\x%02X", c));
      }
    }
    return q - p > n ? sb.append("...").toString() : sb.toString();
  }

  /** Fields of the row {@code b[p, q)}: its '|' count plus one. */
  public static int countFields(byte[] b, int p, int q) {
    int n = 1;
    for (int i = p; i < q; i++) {
      if (b[i] == FIELD_SEPARATOR) {
        n++;
      }
    }
    return n;
  }

  /** The error of a row of {@code found} fields where {@code columns.length} are expected. */
  public static MalformedRecordException fieldCountError(String src, long rowOffset, String[] columns, int found) {
    String column = found < columns.length ? columns[found] : columns[columns.length - 1];
    return new MalformedRecordException(src, rowOffset, column,
        found + " fields, expected " + columns.length + " (" + String.join("|", columns) + ")");
  }

  /** The column names of {@code schema}, in order. */
  public static String[] columns(Schema schema) {
    String[] c = new String[schema.fieldCount()];
    for (int i = 0; i < c.length; i++) {
      c[i] = schema.fieldName(i);
    }
    return c;
  }

  /** The error of a bad value of column {@code field}. */
  public static MalformedRecordException valueError(String src, long rowOffset, Schema schema, int field, byte[] b, int p, int q) {
    return new MalformedRecordException(src, rowOffset, schema.fieldName(field), problem(schema.type(field), b, p, q));
  }

  /**
   * What a binary record (KVSF, B+-tree) can hold and the text grammar cannot: a NULL, a DECIMAL
   * with more than 2 decimals or beyond 12 digits, a date outside years 0001..9999. Such a row was
   * not made from valid text; it fails (or is skipped) like a malformed text row. Strings are not
   * rescanned: their bytes came from validated text and are covered by the page or entry checksum.
   */
  public static void checkDecoded(Row row, String src, long offset) throws MalformedRecordException {
    if (row.nullMask() != 0) {
      int f = Integer.numberOfTrailingZeros(row.nullMask());
      throw new MalformedRecordException(src, offset, f < row.schema().fieldCount() ? row.schema().fieldName(f) : null,
          "NULL value in a binary record (the grammar has no NULLs)");
    }
    Schema s = row.schema();
    for (int i = 0; i < s.fieldCount(); i++) {
      String problem = binaryValueProblem(s.type(i), row.getNumber(i));
      if (problem != null) {
        throw new MalformedRecordException(src, offset, s.fieldName(i), problem);
      }
    }
  }

  /**
   * Why a decoded binary value of type T is outside the text grammar (a DECIMAL with more than 2
   * decimals or beyond 12 digits, a DATE outside years 0001..9999), or null when it is within.
   */
  public static String binaryValueProblem(FieldType t, long v) {
    if (t == FieldType.DECIMAL) {
      if (v % DECIMAL_STEP != 0 || v > MAX_MICROS || v < -MAX_MICROS) {
        return "DECIMAL outside the grammar in a binary record: " + Decimals.toString(v);
      }
    } else if (t == FieldType.DATE) {
      if (v < MIN_EPOCH_DAY || v > MAX_EPOCH_DAY) {
        return "DATE outside years 0001..9999 in a binary record: day " + v;
      }
    }
    return null;
  }
}
