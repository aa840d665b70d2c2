package org.hadoopopt.inputformats.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hadoopopt.inputformats.proto.PavloProtos;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;
import org.hadoopopt.pavlo.data.SampleRows;
import org.junit.jupiter.api.Test;

/** The same rows decoded by all seven decoders compare equal, and equal an independent parse. */
class CrossFormatTest {
  // Edge cases of the grammar (ColumnGrammar), with their canonical form (decimals: 2 digits).
  private static final String[][] USER_VISITS_EDGES = {
      {"1.2.3.4|http://a.com/x|2000-02-29|-12.5|ua|USA|en-US|w|-7", "1.2.3.4|http://a.com/x|2000-02-29|-12.50|ua|USA|en-US|w|-7"},
      {"ip||0001-01-01|0.00|||||0", "ip||0001-01-01|0.00|||||0"},
      {"ip|u|1970-01-01|0.01|a|b|c|d|0", "ip|u|1970-01-01|0.01|a|b|c|d|0"},
      {"ip|u|1969-12-31|-0.5|a|b|c|d|2147483647", "ip|u|1969-12-31|-0.50|a|b|c|d|2147483647"},
      {"ip|u|9999-12-31|999999999999.99|a|b|c|d|-2147483648", "ip|u|9999-12-31|999999999999.99|a|b|c|d|-2147483648"},
      {"ip|u|0001-01-01|7|a|b|c|d|-0", "ip|u|0001-01-01|7.00|a|b|c|d|0"},
  };


  private static List<String[]> userVisitsCases() {
    List<String[]> cases = new ArrayList<>();
    cases.addAll(Arrays.asList(USER_VISITS_EDGES));
    for (String line : SampleRows.userVisits(7, 200)) {
      cases.add(new String[] {line, line}); // the sample generator writes canonical text
    }
    return cases;
  }

  private static List<String[]> rankingsCases() {
    List<String[]> cases = new ArrayList<>();
    cases.add(new String[] {"u|-3|007", "u|-3|7"});
    cases.add(new String[] {"|0|0", "|0|0"});
    for (String line : SampleRows.rankings(8, 200)) {
      cases.add(new String[] {line, line});
    }
    return cases;
  }

  @Test
  void userVisitsDecodeEquallyWithAllSevenDecoders() throws Exception {
    checkAllDecoders(Schema.USER_VISITS, userVisitsCases());
  }

  @Test
  void rankingsDecodeEquallyWithAllSevenDecoders() throws Exception {
    checkAllDecoders(Schema.RANKINGS, rankingsCases());
  }

  private static void checkAllDecoders(Schema schema, List<String[]> cases) throws Exception {
    StringBuilder text = new StringBuilder();
    List<String> expected = new ArrayList<>();
    for (String[] c : cases) {
      text.append(c[0]).append('\n');
      expected.add(c[1]);
    }
    byte[] textBytes = text.toString().getBytes(StandardCharsets.UTF_8);
    // Rows as the mutable text decoder sees them, copied, are the source of the binary files.
    List<Row> rows = new ArrayList<>();
    MutableTextDecoder d = new MutableTextDecoder(schema);
    d.reset(textBytes, 0, textBytes.length, "test", 0);
    Row r;
    while ((r = d.next()) != null) {
      Row copy = schema.newRow();
      copy.copyFrom(r);
      rows.add(copy);
    }
    int tested = 0;
    for (DecoderKind kind : DecoderKind.values()) {
      byte[] input = kind.format() == DecoderKind.Format.TEXT ? textBytes : DecoderKind.encode(kind.format(), rows);
      assertEquals(expected, Canonical.decodeAll(schema, kind.newDecoder(schema), input), kind.name());
      tested++;
    }
    assertEquals(7, tested);
  }

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
  void protobufCodecWritesWhatTheGeneratedMessagesWrite() throws Exception {
    byte[] ours = DecoderKind.encode(DecoderKind.Format.PROTOBUF, Arrays.asList(row(Schema.RANKINGS, "u|5|-9")));
    java.io.ByteArrayOutputStream theirs = new java.io.ByteArrayOutputStream();
    PavloProtos.Rankings.newBuilder().setPageURL("u").setPageRank(5).setAvgDuration(-9).build().writeDelimitedTo(theirs);
    assertEquals(Arrays.toString(theirs.toByteArray()), Arrays.toString(ours));
  }

  @Test
  void binaryRecordsTheTextGrammarCannotMakeAreRejectedNamingTheColumn() throws Exception {
    Row nullRank = row(Schema.RANKINGS, "u|5|9");
    nullRank.setNull(1);
    Row threeDecimals = row(Schema.USER_VISITS, "ip|u|2000-01-01|1.25|a|b|c|d|1");
    threeDecimals.setNumber(3, 1_250_500L); // 1.2505
    Row farDate = row(Schema.USER_VISITS, "ip|u|2000-01-01|1.25|a|b|c|d|1");
    farDate.setNumber(2, org.hadoopopt.inputformats.record.ColumnGrammar.MAX_EPOCH_DAY + 1);
    Object[][] cases = {{nullRank, "pageRank"}, {threeDecimals, "adRevenue"}, {farDate, "visitDate"}};
    for (DecoderKind kind : DecoderKind.values()) {
      if (kind.format() == DecoderKind.Format.TEXT || !kind.name().endsWith("_MUTABLE")) {
        continue;
      }
      for (Object[] c : cases) {
        Row bad = (Row) c[0];
        byte[] input = DecoderKind.encode(kind.format(), Arrays.asList(bad));
        RecordDecoder<?> d = kind.newDecoder(bad.schema());
        d.reset(input, 0, input.length, "bin", 100);
        org.hadoopopt.inputformats.record.MalformedRecordException e = org.junit.jupiter.api.Assertions.assertThrows(
            org.hadoopopt.inputformats.record.MalformedRecordException.class, d::next, kind + " " + c[1]);
        assertEquals(c[1], e.field(), kind + ": " + e.getMessage());
        assertEquals("bin", e.source());
      }
    }
  }

  static Row row(Schema schema, String line) throws Exception {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return new MutableTextDecoder(schema).decodeLine(b, 0, b.length, "test", 0);
  }
}
