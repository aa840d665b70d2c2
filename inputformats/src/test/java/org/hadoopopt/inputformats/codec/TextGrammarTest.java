package org.hadoopopt.inputformats.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import org.hadoopopt.inputformats.record.Dates;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Schema;
import org.junit.jupiter.api.Test;

/** What the mutable text decoder rejects ({@code ColumnGrammar}), and that its messages name file, row offset and column. */
class TextGrammarTest {
  private static final String GOOD = "1.2.3.4|u|2000-01-15|1.25|ua|USA|en-US|w|3";

  /** Replaces field {@code field} of GOOD and returns the error, decoding at file offset 1000. */
  private static MalformedRecordException reject(int field, String value) {
    String[] f = GOOD.split("\\|", -1);
    f[field] = value;
    byte[] line = String.join("|", f).getBytes(StandardCharsets.UTF_8);
    return assertThrows(MalformedRecordException.class,
        () -> new MutableTextDecoder(Schema.USER_VISITS).decodeLine(line, 0, line.length, "hdfs:/t/uv.txt", 1000),
        "accepted field " + field + " = '" + value + "'");
  }

  private static void assertNames(MalformedRecordException e, long offset, String field) {
    String m = e.getMessage();
    assertTrue(m.contains("hdfs:/t/uv.txt"), m);
    assertTrue(m.contains("offset " + offset), m);
    assertTrue(m.contains("field " + field), m);
  }

  @Test
  void badNumbersAndDatesAreRejectedNamingFileOffsetAndField() {
    // Errors name the row's offset (1000), whichever column is bad.
    for (String bad : new String[] {"2000-1-15", "2000-02-30", "2001-02-29", "2000-13-01", "2000/01/15", "20000115xx",
        "2001-2-3", "2001-02-03x", "", " 2000-01-15", "+2000-01-15", "0000-01-01"}) {
      assertNames(reject(2, bad), 1000, "visitDate");
    }
    for (String bad : new String[] {"abc", "1.2.3", "1.", ".5", "-", "1e5", "1.1234567", "1234567890123", "+1", " 1",
        "12.345", "1.230", "", "1e2", "0.001"}) {
      assertNames(reject(3, bad), 1000, "adRevenue");
    }
    for (String bad : new String[] {"x", "2147483648", "-2147483649", "--1", "1.0", "12345678901", "+50", "1e2", "",
        "00000000050", " 5", "5 "}) {
      assertNames(reject(8, bad), 1000, "duration");
    }
  }

  @Test
  void wrongFieldCountsAreRejected() {
    byte[] few = "a|b|2000-01-01".getBytes(StandardCharsets.UTF_8);
    MalformedRecordException e = assertThrows(MalformedRecordException.class,
        () -> new MutableTextDecoder(Schema.USER_VISITS).decodeLine(few, 0, few.length, "f", 0));
    assertEquals("f, offset 0, field adRevenue: 3 fields, expected 9 (" + String.join("|",
        org.hadoopopt.inputformats.record.ColumnGrammar.columns(Schema.USER_VISITS)) + ")", e.getMessage());
    byte[] many = "u|1|2|3".getBytes(StandardCharsets.UTF_8);
    e = assertThrows(MalformedRecordException.class,
        () -> new MutableTextDecoder(Schema.RANKINGS).decodeLine(many, 0, many.length, "f", 0));
    assertTrue(e.getMessage().startsWith("f, offset 0, field avgDuration: 4 fields, expected 3"), e.getMessage());
    // The count is checked before the values: a bad pageRank in a short row is reported as the count.
    byte[] shortBad = "u|+1".getBytes(StandardCharsets.UTF_8);
    e = assertThrows(MalformedRecordException.class,
        () -> new MutableTextDecoder(Schema.RANKINGS).decodeLine(shortBad, 0, shortBad.length, "f", 7));
    assertTrue(e.getMessage().startsWith("f, offset 7, field avgDuration: 2 fields, expected 3"), e.getMessage());
    byte[] longBad = "u|+1|2|3".getBytes(StandardCharsets.UTF_8);
    e = assertThrows(MalformedRecordException.class,
        () -> new MutableTextDecoder(Schema.RANKINGS).decodeLine(longBad, 0, longBad.length, "f", 7));
    assertTrue(e.getMessage().startsWith("f, offset 7, field avgDuration: 4 fields, expected 3"), e.getMessage());
  }

  @Test
  void batchDecodingReportsTheFileOffsetOfTheBadLine() throws Exception {
    byte[] text = "u|1|2\nv|2|3\nw|x|4\n".getBytes(StandardCharsets.UTF_8);
    MutableTextDecoder d = new MutableTextDecoder(Schema.RANKINGS);
    d.reset(text, 0, text.length, "r.txt", 500);
    assertEquals("u|1|2", d.next().toText());
    assertEquals("v|2|3", d.next().toText());
    MalformedRecordException e = assertThrows(MalformedRecordException.class, d::next);
    assertTrue(e.getMessage().startsWith("r.txt, offset 512, field pageRank"), e.getMessage());
  }

  @Test
  void inBatchesAShortLineDoesNotReachIntoTheNextAndCrlfIsAccepted() throws Exception {
    byte[] text = "a|1|2\r\nb|3|\r\nc|4\nd|5|6\n".getBytes(StandardCharsets.UTF_8);
    MutableTextDecoder d = new MutableTextDecoder(Schema.RANKINGS);
    d.reset(text, 0, text.length, "crlf.txt", 0);
    assertEquals("a|1|2", d.next().toText());
    MalformedRecordException empty = assertThrows(MalformedRecordException.class, d::next);
    assertTrue(empty.getMessage().startsWith("crlf.txt, offset 7, field avgDuration: empty INT"), empty.getMessage());
    MalformedRecordException e = assertThrows(MalformedRecordException.class, d::next);
    assertTrue(e.getMessage().startsWith("crlf.txt, offset 13, field avgDuration: 2 fields, expected 3"),
        e.getMessage());
    assertEquals("d|5|6", d.next().toText());
  }

  @Test
  void datesAgreeWithJavaTime() {
    for (long day = LocalDate.of(0, 1, 1).toEpochDay(); day <= LocalDate.of(9999, 12, 31).toEpochDay(); day += 97) {
      LocalDate d = LocalDate.ofEpochDay(day);
      assertEquals(day, Dates.toEpochDay(d.getYear(), d.getMonthValue(), d.getDayOfMonth()));
      StringBuilder sb = new StringBuilder();
      Dates.format((int) day, sb);
      assertEquals(String.format("%04d-%02d-%02d", d.getYear(), d.getMonthValue(), d.getDayOfMonth()), sb.toString());
    }
  }
}
