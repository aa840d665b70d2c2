package org.hadoopopt.inputformats.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.inputformats.mapreduce.UserVisitsTextInputFormat;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.pavlo.data.SampleRows;
import org.hadoopopt.testing.TestFiles;
import org.hadoopopt.testing.fuzz.FuzzRun;
import org.hadoopopt.testing.fuzz.Mutator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fuzzes the mutable text reader ({@link UserVisitsTextInputFormat}: Hadoop's LineRecordReader,
 * then the SWAR field scanner and number/date fast paths, then the grammar's exact parsers) with
 * malformed rows: a file of 60 UserVisits rows mutated by the {@link Mutator} (flips, boundary
 * bytes, truncation, lines duplicated, dropped, swapped, random bytes) or by text mutations
 * (a byte replaced by one of {@code | \n \r - . + 0-9 e space}, a field emptied or lengthened,
 * digits appended), read in splits of 700 bytes, a third of the cases with skipping on.
 *
 * <p>The oracle is independent of the reader: a reference parser written here from the grammar in
 * the module README (lines as LineRecordReader ends them: LF, CR or CRLF; 9 fields split on '|';
 * INT {@code -?[0-9]{1,10}} in 32 bits, DECIMAL {@code -?[0-9]{1,12}(\.[0-9]{1,2})?}, DATE
 * {@code yyyy-MM-dd} a real day of 0001..9999), which gives the rows the file holds and the
 * offset of each bad line. Checked: without skipping, a file whose lines all parse reads exactly
 * the reference rows (byte-exact strings), and one with a bad line fails with an IOException
 * naming the file and the offset of the first bad line; with skipping, exactly the reference rows
 * come through and the skip counter equals the number of bad lines. Each case within 5 s and 64 MB
 * allocated.
 * Long run: {@code -Dtest=TextFuzzTest -Dfuzz.cases=100000 -Dfuzz.seed=S}.
 */
class TextFuzzTest {
  private static final Schema SCHEMA = Schema.USER_VISITS;
  private static final byte[] TEXT_BYTES = "|\n\r-.+0123456789e ".getBytes(StandardCharsets.US_ASCII);
  private static final Pattern INT = Pattern.compile("-?[0-9]{1,10}");
  private static final Pattern DECIMAL = Pattern.compile("-?[0-9]{1,12}(\\.[0-9]{1,2})?");
  private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
  private static File work;
  private static byte[] original;
  private static List<int[]> lines;

  @BeforeAll
  static void write() throws IOException {
    work = new File("target/test-work/fuzz-text").getAbsoluteFile();
    TestFiles.deleteRecursively(work);
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    lines = new ArrayList<>();
    for (String l : SampleRows.userVisits(1919, 60)) {
      int at = b.size();
      b.write(l.getBytes(StandardCharsets.UTF_8));
      b.write('\n');
      lines.add(new int[] {at, b.size()});
    }
    original = b.toByteArray();
  }

  /** What the reference parser finds in a file: the rows, and the offsets of bad lines. */
  static final class Expected {
    final List<String> rows = new ArrayList<>();
    final List<Long> bad = new ArrayList<>();
  }

  static Expected reference(byte[] b) {
    Expected e = new Expected();
    int start = 0;
    int i = 0;
    while (start < b.length) {
      i = start;
      while (i < b.length && b[i] != '\n' && b[i] != '\r') {
        i++;
      }
      String row = row(new String(b, start, i - start, StandardCharsets.ISO_8859_1));
      if (row == null) {
        e.bad.add((long) start);
      } else {
        e.rows.add(row);
      }
      if (i < b.length && b[i] == '\r' && i + 1 < b.length && b[i + 1] == '\n') {
        i++;
      }
      start = i + 1;
    }
    return e;
  }

  /** The canonical row of a line, or null if the grammar rejects it. */
  static String row(String line) {
    String[] f = line.split("\\|", -1);
    if (f.length != SCHEMA.fieldCount()) {
      return null;
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < f.length; i++) {
      if (i > 0) {
        sb.append('|');
      }
      FieldType t = SCHEMA.type(i);
      String v = f[i];
      switch (t) {
        case STRING:
          sb.append(v);
          break;
        case INT:
          if (!INT.matcher(v).matches()) {
            return null;
          }
          long n = Long.parseLong(v);
          if (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE) {
            return null;
          }
          sb.append(n);
          break;
        case DECIMAL:
          if (!DECIMAL.matcher(v).matches()) {
            return null;
          }
          sb.append(FuzzReads.decimal(new BigDecimal(v)));
          break;
        default:
          if (!DATE.matcher(v).matches()) {
            return null;
          }
          int y = Integer.parseInt(v.substring(0, 4));
          int m = Integer.parseInt(v.substring(5, 7));
          int d = Integer.parseInt(v.substring(8, 10));
          if (y < 1 || m < 1 || m > 12 || d < 1 || d > java.time.YearMonth.of(y, m).lengthOfMonth()) {
            return null;
          }
          sb.append(LocalDate.of(y, m, d));
      }
    }
    return sb.toString();
  }

  static byte[] textMutation(byte[] in, Random r) {
    byte[] b = in.clone();
    int n = 1 + r.nextInt(3);
    for (int k = 0; k < n; k++) {
      int at = r.nextInt(b.length);
      switch (r.nextInt(3)) {
        case 0:
          b[at] = TEXT_BYTES[r.nextInt(TEXT_BYTES.length)];
          break;
        case 1: { // a field emptied: the bytes up to the next '|' or line end removed
          int end = at;
          while (end < b.length && b[end] != '|' && b[end] != '\n') {
            end++;
          }
          byte[] c = new byte[b.length - (end - at)];
          System.arraycopy(b, 0, c, 0, at);
          System.arraycopy(b, end, c, at, b.length - end);
          b = c;
          break;
        }
        default: { // digits or characters inserted
          byte[] ins = new byte[1 + r.nextInt(12)];
          for (int j = 0; j < ins.length; j++) {
            ins[j] = r.nextBoolean() ? (byte) ('0' + r.nextInt(10)) : TEXT_BYTES[r.nextInt(TEXT_BYTES.length)];
          }
          byte[] c = new byte[b.length + ins.length];
          System.arraycopy(b, 0, c, 0, at);
          System.arraycopy(ins, 0, c, at, ins.length);
          System.arraycopy(b, at, c, at + ins.length, b.length - at);
          b = c;
        }
      }
      if (b.length == 0) {
        break;
      }
    }
    return b;
  }

  @Test
  void referenceAgreesOnTheIntactFile() throws Exception {
    Path f = FuzzReads.put(new File(work, "intact"), "data.txt", original);
    Expected e = reference(original);
    assertEquals(60, e.rows.size());
    assertEquals(e.rows, FuzzReads.read(new UserVisitsTextInputFormat(), f.getParent(), FuzzReads.conf(false), 700).rows);
  }

  @Test
  void fuzz() {
    Mutator mutator = new Mutator(original);
    for (int[] l : lines) {
      mutator.chunk(l[0], l[1]).cut(l[0]).cut(l[1] - 1);
    }
    File dir = new File(work, "case");
    new FuzzRun("text", 19_0002L, 2000, 5_000, 64L << 20).run((i, r, input) -> {
      boolean text = r.nextBoolean();
      Mutator.Mutation m = text ? null : mutator.mutate(r);
      byte[] b = text ? textMutation(original, r) : m.bytes;
      boolean skip = r.nextInt(3) == 0;
      input.bytes = b;
      input.what = (text ? "text mutation" : m.what) + (skip ? ", skipping" : "");
      return judge(b, skip, FuzzReads.put(dir, "data.txt", b));
    }).assertNoFailures();
  }

  static String judge(byte[] b, boolean skip, Path f) throws Exception {
    Expected want = reference(b);
    FuzzReads.Read got;
    try {
      got = FuzzReads.read(new UserVisitsTextInputFormat(), f.getParent(), FuzzReads.conf(skip), 700);
    } catch (IOException e) {
      if (skip || want.bad.isEmpty()) {
        throw new AssertionError("failed on a file the grammar accepts" + (skip ? " (skipping)" : "") + ": " + e, e);
      }
      FuzzReads.assertClear(e, f);
      if (!e.getMessage().contains("offset " + want.bad.get(0) + ",") && !e.getMessage().contains("offset " + want.bad.get(0) + ":")) {
        throw new AssertionError("error names another offset than the first bad line's (" + want.bad.get(0) + "): " + e, e);
      }
      return "error at the first bad line";
    }
    if (!skip && !want.bad.isEmpty()) {
      throw new AssertionError("no error, but the line at offset " + want.bad.get(0) + " breaks the grammar; rows " + got.rows.size());
    }
    if (!got.rows.equals(want.rows)) {
      throw new AssertionError("wrong answer: " + got.rows.size() + " rows, the grammar gives " + want.rows.size()
          + firstDifference(got.rows, want.rows));
    }
    if (got.rowsSkipped != want.bad.size()) {
      throw new AssertionError("skip counter " + got.rowsSkipped + ", bad lines " + want.bad.size());
    }
    return want.bad.isEmpty() ? "all rows" : "bad rows skipped, counted";
  }

  private static String firstDifference(List<String> got, List<String> want) {
    for (int i = 0; i < Math.min(got.size(), want.size()); i++) {
      if (!got.get(i).equals(want.get(i))) {
        return "; row " + i + ": got\n" + got.get(i) + "\nwant\n" + want.get(i);
      }
    }
    return "";
  }
}
