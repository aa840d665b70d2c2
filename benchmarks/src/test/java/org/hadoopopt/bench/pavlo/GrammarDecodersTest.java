package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.hadoopopt.bench.pavlo.jobs.BaselineDecoder;
import org.hadoopopt.bench.pavlo.jobs.Ranking;
import org.hadoopopt.bench.pavlo.jobs.UserVisit;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;
import org.junit.jupiter.api.Test;

/**
 * Every injected row of {@link GrammarDifferentialTest} (each malformed kind and each edge-valid
 * row) through the two decoders every variant's rows go through: the baseline jobs'
 * {@link BaselineDecoder} and the mutable text decoder (mt, the converter, the loader). A
 * malformed row gives both the same {@link MalformedRecordException} (file, row offset, column,
 * message), with the column the test expects; a valid one the same values and the same bytes.
 */
class GrammarDecodersTest {
  private static final String FILE = "file:/data/t";
  private static final long AT = 4096;

  private static BaselineDecoder baseline() {
    return new BaselineDecoder(new BadRecords(new Configuration(false), FILE, null));
  }

  @Test
  void bothDecodersAcceptOrRejectEveryInjectedRowAlike() throws Exception {
    int malformed = 0;
    int valid = 0;
    List<String> problems = new java.util.ArrayList<>();
    for (GrammarDifferentialTest.Row r : GrammarDifferentialTest.ROWS) {
      List<Integer> starts = GrammarDifferentialTest.lineStarts(r.bytes);
      for (int k = 0; k < starts.size(); k++) {
        int from = starts.get(k);
        int to = k + 1 < starts.size() ? starts.get(k + 1) : r.bytes.length;
        while (to > from && (r.bytes[to - 1] == '\r' || r.bytes[to - 1] == '\n')) {
          to--; // the line as LineRecordReader hands it over
        }
        byte[] line = Arrays.copyOfRange(r.bytes, from, to);
        long at = AT + from;
        String what = r.table + " " + r.kind;
        if (r.malformed()) {
          malformed++;
        } else {
          valid++;
        }
        try {
          compare(r, k, line, at, what);
        } catch (Throwable t) {
          problems.add(what + ": " + t.getMessage());
        }
      }
    }
    assertEquals(42, malformed - 1, "malformed lines (the CR row is two)"); // 42 kinds, one of them two lines
    assertEquals(22, valid);
    assertTrue(problems.isEmpty(), problems.size() + " rows decoded differently or wrongly:\n" + String.join("\n", problems));
  }

  private static void compare(GrammarDifferentialTest.Row r, int k, byte[] line, long at, String what) throws Exception {
    if (r.malformed()) {
      MalformedRecordException b = assertThrows(MalformedRecordException.class, () -> decodeBaseline(r.table, line, at), what);
      assertEquals(FILE, b.source(), what);
      assertEquals(at, b.offset(), what);
      assertEquals(r.columns[k], b.field(), what + ": " + b.getMessage());
      if (!r.table.equals("grep")) {
        MalformedRecordException m = assertThrows(MalformedRecordException.class,
            () -> new MutableTextDecoder(Schema.forName(r.table)).decodeLine(line, 0, line.length, FILE, at), what);
        assertEquals(b.getMessage(), m.getMessage(), what);
      }
    } else {
      Object o = decodeBaseline(r.table, line, at);
      assertNotNull(o, what);
      if (o instanceof Ranking) {
        Ranking x = (Ranking) o;
        RankingsRecord m = (RankingsRecord) new MutableTextDecoder(Schema.RANKINGS).decodeLine(line, 0, line.length, FILE, at);
        assertArrayEquals(latin1(x.pageURL), bytes(m.pageURL()), what);
        assertEquals(x.pageRank.intValue(), m.pageRank(), what);
        assertEquals(x.avgDuration.intValue(), m.avgDuration(), what);
      } else if (o instanceof UserVisit) {
        UserVisit x = (UserVisit) o;
        UserVisitsRecord m = (UserVisitsRecord) new MutableTextDecoder(Schema.USER_VISITS).decodeLine(line, 0, line.length,
            FILE, at);
        assertArrayEquals(latin1(x.sourceIP), bytes(m.sourceIP()), what);
        assertArrayEquals(latin1(x.destURL), bytes(m.destURL()), what);
        assertEquals(Math.floorDiv(x.visitDate.getTime(), 86_400_000L), m.visitDate(), what);
        assertEquals(x.adRevenueMicros, m.adRevenueMicros(), what);
        assertEquals(x.duration.intValue(), m.duration(), what);
        assertArrayEquals(latin1(new String(line, StandardCharsets.ISO_8859_1).split("\\|", -1)[4]), bytes(m.userAgent()), what);
      }
    }
  }

  private static Object decodeBaseline(String table, byte[] line, long at) throws Exception {
    Text t = new Text(line);
    switch (table) {
      case "rankings":
        return baseline().ranking(at, t);
      case "uservisits":
        return baseline().userVisit(at, t);
      default:
        return baseline().fields(at, t, PavloSchema.GREP_COLUMNS);
    }
  }

  private static byte[] latin1(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static byte[] bytes(ByteSlice s) {
    return Arrays.copyOfRange(s.bytes(), s.offset(), s.offset() + s.length());
  }
}
