package org.hadoopopt.bench.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hadoopopt.bench.pavlo.format.PavloProtos;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.pavlo.data.SampleRows;
import org.junit.jupiter.api.Test;

/**
 * The same rows decoded by all seven decoders of the decoding experiment compare equal; the protobuf
 * codec writes what protoc-generated messages write. (The mutable decoders alone: inputformats'
 * {@code MutableDecodersTest}.)
 */
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
  void protobufCodecWritesWhatTheGeneratedMessagesWrite() throws Exception {
    byte[] ours = DecoderKind.encode(DecoderKind.Format.PROTOBUF, Arrays.asList(row(Schema.RANKINGS, "u|5|-9")));
    java.io.ByteArrayOutputStream theirs = new java.io.ByteArrayOutputStream();
    PavloProtos.Rankings.newBuilder().setPageURL("u").setPageRank(5).setAvgDuration(-9).build().writeDelimitedTo(theirs);
    assertEquals(Arrays.toString(theirs.toByteArray()), Arrays.toString(ours));
  }

  static Row row(Schema schema, String line) throws Exception {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return new MutableTextDecoder(schema).decodeLine(b, 0, b.length, "test", 0);
  }
}
