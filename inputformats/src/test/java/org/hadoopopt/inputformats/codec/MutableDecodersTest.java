package org.hadoopopt.inputformats.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import org.apache.hadoop.io.DataOutputBuffer;
import org.hadoopopt.inputformats.record.ColumnGrammar;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;
import org.hadoopopt.pavlo.data.SampleRows;
import org.junit.jupiter.api.Test;

/**
 * The mutable decoders against an independent parse of the text, and the binary ones refusing
 * records the text grammar cannot make. (All seven decoders of the decoding experiment, the
 * immutable baselines with them, are compared in the benchmark's {@code CrossFormatTest}.)
 */
class MutableDecodersTest {
  @Test
  void mutableTextFieldsMatchAnIndependentParse() throws Exception {
    String[] lines = SampleRows.userVisits(11, 100);
    byte[] bytes = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    MutableTextDecoder d = new MutableTextDecoder(Schema.USER_VISITS);
    d.reset(bytes, 0, bytes.length, "test", 0);
    for (String line : lines) {
      UserVisitsRecord r = (UserVisitsRecord) d.next();
      String[] f = line.split("\\|", -1);
      assertEquals(f[0], r.sourceIP().toString());
      assertTrue(r.destURL().contentEquals(f[1]));
      assertEquals(LocalDate.parse(f[2]).toEpochDay(), r.visitDate());
      assertEquals(new BigDecimal(f[3]).movePointRight(6).longValueExact(), r.adRevenueMicros());
      assertEquals(Double.parseDouble(f[3]), r.adRevenue(), 1e-9);
      assertEquals(f[7], r.searchWord().toString());
      assertEquals(Integer.parseInt(f[8]), r.duration());
    }
    assertEquals(null, d.next());
  }

  @Test
  void binaryRecordsTheTextGrammarCannotMakeAreRejectedNamingTheColumn() throws Exception {
    Row nullRank = row(Schema.RANKINGS, "u|5|9");
    nullRank.setNull(1);
    Row threeDecimals = row(Schema.USER_VISITS, "ip|u|2000-01-01|1.25|a|b|c|d|1");
    threeDecimals.setNumber(3, 1_250_500L); // 1.2505
    Row farDate = row(Schema.USER_VISITS, "ip|u|2000-01-01|1.25|a|b|c|d|1");
    farDate.setNumber(2, ColumnGrammar.MAX_EPOCH_DAY + 1);
    Object[][] cases = {{nullRank, "pageRank"}, {threeDecimals, "adRevenue"}, {farDate, "visitDate"}};
    int tested = 0;
    for (String name : new String[] {WritableCodec.NAME, ProtobufCodec.NAME, TupleCodec.NAME}) {
      BinaryCodec codec = BinaryCodecs.forName(name);
      for (Object[] c : cases) {
        Row bad = (Row) c[0];
        DataOutputBuffer out = new DataOutputBuffer();
        codec.encode(bad, out);
        RecordDecoder<Row> d = codec.newMutableDecoder(bad.schema());
        d.reset(out.getData(), 0, out.getLength(), "bin", 100);
        MalformedRecordException e = assertThrows(MalformedRecordException.class, d::next, name + " " + c[1]);
        assertEquals(c[1], e.field(), name + ": " + e.getMessage());
        assertEquals("bin", e.source());
        tested++;
      }
    }
    assertEquals(9, tested);
  }

  static Row row(Schema schema, String line) throws Exception {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return new MutableTextDecoder(schema).decodeLine(b, 0, b.length, "test", 0);
  }
}
