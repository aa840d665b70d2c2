package org.hadoopopt.inputformats.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.junit.jupiter.api.Test;

/**
 * The text decoder's eight-bytes-at-a-time number and date parsing against an independent
 * oracle (regular expressions, {@code Long.parseLong}, {@code BigDecimal}, {@code LocalDate}) on
 * random near-valid values: every line is accepted with the oracle's values or rejected naming
 * the first bad field, whether decoded alone, in a buffer of lines (where the decoder goes on
 * after a bad line), or at the very end of the array (where the fast paths step aside).
 */
class TextFastPathTest {
  private static final Pattern INT = Pattern.compile("-?[0-9]{1,10}");
  private static final Pattern DECIMAL = Pattern.compile("-?[0-9]{1,12}(\\.[0-9]{1,2})?");
  private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
  private static final String NOISE = "0123456789-.+x|/ ";

  private static String token(Random r, FieldType t) {
    switch (r.nextInt(4)) {
      case 0: // well-formed
        if (t == FieldType.DATE) {
          return String.format("%04d-%02d-%02d", year(r), 1 + r.nextInt(12), 1 + r.nextInt(28));
        }
        StringBuilder sb = new StringBuilder(r.nextInt(5) == 0 ? "-" : "");
        int digits = 1 + r.nextInt(t == FieldType.INT ? 11 : 8);
        for (int i = 0; i < digits; i++) {
          sb.append((char) ('0' + r.nextInt(10)));
        }
        if (t == FieldType.DECIMAL && r.nextBoolean()) {
          sb.append('.');
          for (int i = 1 + r.nextInt(r.nextInt(4) == 0 ? 6 : 2); i > 0; i--) {
            sb.append((char) ('0' + r.nextInt(10)));
          }
        }
        return sb.toString();
      case 1: // a date with a month of 0..13 and a day of 0..32 (or any two digits)
        return r.nextInt(4) == 0 ? String.format("%04d-%02d-%02d", year(r), r.nextInt(100), r.nextInt(100))
            : String.format("%04d-%02d-%02d", year(r), r.nextInt(14), r.nextInt(33));
      case 2: // empty (malformed: no NULLs) or a small number
        return r.nextInt(3) == 0 ? "" : String.valueOf(r.nextInt(100));
      default: // noise, mostly digit-like
        StringBuilder n = new StringBuilder();
        for (int i = r.nextInt(12); i > 0; i--) {
          n.append(r.nextInt(3) == 0 ? NOISE.charAt(r.nextInt(NOISE.length())) : (char) ('0' + r.nextInt(10)));
        }
        return n.toString();
    }
  }

  /** Mostly years the fast path's month table covers (1900..2199), else any. */
  private static int year(Random r) {
    return r.nextInt(4) == 0 ? r.nextInt(10000) : 1900 + r.nextInt(300);
  }

  /** The oracle: the field's value (as the row stores it), or an exception if invalid (an empty field too). */
  private static Long expected(FieldType t, String s) {
    if (s.isEmpty()) {
      throw new IllegalArgumentException("empty");
    }
    if (t == FieldType.INT) {
      if (!INT.matcher(s).matches()) {
        throw new IllegalArgumentException();
      }
      return (long) new java.math.BigInteger(s).intValueExact(); // ArithmeticException: out of range
    }
    if (t == FieldType.DECIMAL) {
      if (!DECIMAL.matcher(s).matches()) { // note: leading zeros count towards the 12 digits
        throw new IllegalArgumentException();
      }
      return new BigDecimal(s).movePointRight(6).longValueExact();
    }
    if (!DATE.matcher(s).matches()) {
      throw new IllegalArgumentException();
    }
    if (s.startsWith("0000")) {
      throw new IllegalArgumentException("year 0000: SQL dates start at 0001");
    }
    try {
      return LocalDate.of(Integer.parseInt(s.substring(0, 4)), Integer.parseInt(s.substring(5, 7)),
          Integer.parseInt(s.substring(8, 10))).toEpochDay();
    } catch (DateTimeException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** A line of {@code schema} with random values in its non-string fields; the fields in {@code out}. */
  private static String line(Random r, Schema schema, List<String> out) {
    out.clear();
    for (int i = 0; i < schema.fieldCount(); i++) {
      FieldType t = schema.type(i);
      String v = t == FieldType.STRING ? "s" + "abcdefghijklmnopqrstuvwxyz".substring(r.nextInt(26)) : token(r, t);
      if (v.indexOf('|') >= 0) {
        v = v.replace('|', '7'); // a '|' would change the field count, tested elsewhere
      }
      out.add(v);
    }
    return String.join("|", out);
  }

  /** The name of the first field the oracle rejects, or null if the line is valid. */
  private static String firstBad(Schema schema, List<String> fields) {
    for (int i = 0; i < fields.size(); i++) {
      if (schema.type(i) != FieldType.STRING) {
        try {
          expected(schema.type(i), fields.get(i));
        } catch (IllegalArgumentException | ArithmeticException e) {
          return schema.fieldName(i);
        }
      }
    }
    return null;
  }

  private static void check(Schema schema, List<String> fields, Row row, MalformedRecordException e, String where) {
    String bad = firstBad(schema, fields);
    if (bad != null) {
      assertNotNull(e, where + ": accepted " + fields + ", bad " + bad);
      assertTrue(e.getMessage().contains("field " + bad), where + ": " + e.getMessage() + " for " + fields);
      return;
    }
    if (e != null) {
      fail(where + ": rejected valid " + fields + ": " + e.getMessage());
    }
    for (int i = 0; i < fields.size(); i++) {
      FieldType t = schema.type(i);
      if (t == FieldType.STRING) {
        assertEquals(fields.get(i), row.slice(i).toString());
        continue;
      }
      Long v = expected(t, fields.get(i));
      assertTrue(!row.isNull(i) && row.getNumber(i) == v, where + ": field " + i + " of " + fields + " gave "
          + row.getNumber(i) + ", expected " + v);
    }
  }

  @Test
  void randomValuesDecodeLikeTheOracleAloneInBuffersAndAtTheArrayEnd() throws Exception {
    Random r = new Random(20261123);
    for (Schema schema : new Schema[] {Schema.RANKINGS, Schema.USER_VISITS}) {
      for (int round = 0; round < 300; round++) {
        List<List<String>> lines = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (int k = 0; k < 20; k++) {
          List<String> fields = new ArrayList<>();
          text.append(line(r, schema, fields)).append(k < 19 || round % 2 == 0 ? "\n" : "");
          lines.add(fields);
        }
        byte[] buf = text.toString().getBytes(StandardCharsets.UTF_8);
        // In a buffer: after a bad line, next() goes on with the following one.
        MutableTextDecoder batch = new MutableTextDecoder(schema);
        batch.reset(buf, 0, buf.length, "buf", 0);
        for (int k = 0; k < lines.size(); k++) {
          Row row = null;
          MalformedRecordException e = null;
          try {
            row = batch.next();
            assertNotNull(row, "line " + k);
          } catch (MalformedRecordException x) {
            e = x;
          }
          check(schema, lines.get(k), row, e, "buffer line " + k);
        }
        assertNull(batch.next());
        // Alone, at the very end of an array (no bytes after the line to read a word from).
        for (List<String> fields : lines) {
          byte[] b = String.join("|", fields).getBytes(StandardCharsets.UTF_8);
          Row row = null;
          MalformedRecordException e = null;
          try {
            row = new MutableTextDecoder(schema).decodeLine(b, 0, b.length, "line", 0);
          } catch (MalformedRecordException x) {
            e = x;
          }
          check(schema, fields, row, e, "alone");
        }
      }
    }
  }
}
