package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The shared formats every variant prints with, against BigDecimal arithmetic. */
class PavloFormatsTest {
  @Test
  void revenueHasExactlyTwoDecimals() {
    Random r = new Random(1);
    for (int i = 0; i < 10_000; i++) {
      long cents = r.nextInt(2_000_000_000) - 1_000_000_000L;
      assertEquals(BigDecimal.valueOf(cents, 2).toPlainString(), PavloOutput.revenue(cents * 10_000L));
    }
    assertEquals("0.00", PavloOutput.revenue(0));
    assertThrows(IllegalArgumentException.class, () -> PavloOutput.revenue(123)); // not whole hundredths
    assertEquals("-0.05", PavloOutput.revenue(-50_000));
  }

  @Test
  void revenueBytesAreTheRevenueText() {
    Random r = new Random(3);
    byte[] to = new byte[PavloOutput.REVENUE_BYTES];
    long[] edges = {0, 10_000, -10_000, -50_000, 990_000, -990_000, 1_000_000, Long.MAX_VALUE / 10_000 * 10_000,
        Long.MIN_VALUE / 10_000 * 10_000};
    for (int i = 0; i < 20_000 + edges.length; i++) {
      long micros = i < edges.length ? edges[i] : (r.nextLong() / 10_000) * 10_000 / (1L << r.nextInt(60));
      micros -= micros % 10_000;
      int n = PavloOutput.revenue(micros, to);
      assertEquals(PavloOutput.revenue(micros), new String(to, 0, n, java.nio.charset.StandardCharsets.US_ASCII),
          Long.toString(micros));
    }
    assertThrows(IllegalArgumentException.class, () -> PavloOutput.revenue(123, to));
  }

  @Test
  void averageHasExactlySixDecimals() {
    Random r = new Random(2);
    for (int i = 0; i < 10_000; i++) {
      long sum = r.nextInt(1_000_000);
      long count = 1 + r.nextInt(999);
      String want = new BigDecimal(sum).divide(new BigDecimal(count), 6, RoundingMode.HALF_UP).toPlainString();
      assertEquals(want, PavloOutput.average(sum, count), sum + "/" + count);
    }
    assertEquals("123.45\t3.333333", PavloOutput.joinValue(123_450_000L, 10, 3));
  }

  @Test
  void revenueParsesExactlyOrNotAtAll() {
    assertEquals(123_450_000L, PavloSchema.parseMicros("123.45"));
    assertEquals(7_700_000L, PavloSchema.parseMicros("7.7"));
    assertEquals(50_000L, PavloSchema.parseMicros("0.05"));
    assertThrows(NumberFormatException.class, () -> PavloSchema.parseMicros("1.200")); // the grammar: at most 2 decimals
    assertThrows(NumberFormatException.class, () -> PavloSchema.parseMicros("+1.20"));
    assertThrows(NumberFormatException.class, () -> PavloSchema.parseMicros("1e2"));
    assertThrows(NumberFormatException.class, () -> PavloSchema.parseMicros("12.345"));
    assertThrows(NumberFormatException.class, () -> PavloSchema.parseMicros("12,5"));
  }

  @Test
  void dateRangesAreInclusiveAndBadDatesNameTheKey() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set("k.from", "2000-01-15");
    conf.set("k.to", "2000-01-22");
    DateRange range = DateRange.fromConf(conf, "k.from", null, "k.to", null);
    java.text.SimpleDateFormat f = PavloSchema.newDateFormat();
    assertTrue(range.contains(f.parse("2000-01-15")));
    assertTrue(range.contains(f.parse("2000-01-22")));
    assertFalse(range.contains(f.parse("2000-01-23")));
    assertFalse(range.contains(f.parse("2000-01-14")));
    conf.set("k.to", "2000-02-30");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DateRange.fromConf(conf, "k.from", null, "k.to", null));
    assertTrue(e.getMessage().startsWith("k.to "), e.getMessage());
    assertTrue(DateRange.fromConf(new Configuration(false), "a", null, "b", null).isUnbounded());
  }
}
