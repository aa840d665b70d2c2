package org.hadoopopt.inputformats.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The SWAR substring search agrees with a byte-by-byte search for random text, patterns and bounds. */
class ByteSearchTest {
  private static int naive(byte[] b, int from, int to, byte[] p) {
    outer:
    for (int i = from; i + p.length <= to; i++) {
      for (int j = 0; j < p.length; j++) {
        if (b[i + j] != p[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  @Test
  void agreesWithANaiveSearch() {
    SplittableRandom r = new SplittableRandom(7);
    for (int round = 0; round < 20_000; round++) {
      int alphabet = 2 + r.nextInt(4); // small alphabets: many near-matches and candidates
      byte[] b = new byte[r.nextInt(70)];
      for (int i = 0; i < b.length; i++) {
        b[i] = (byte) (0x7e + r.nextInt(alphabet)); // crosses 0x80: signed bytes too
      }
      byte[] p = new byte[1 + r.nextInt(9)];
      for (int i = 0; i < p.length; i++) {
        p[i] = (byte) (0x7e + r.nextInt(alphabet));
      }
      int from = b.length == 0 ? 0 : r.nextInt(b.length + 1);
      int to = from + r.nextInt(b.length - from + 1);
      assertEquals(naive(b, from, to, p), ByteSearch.indexOf(b, from, to, p), "round " + round);
      assertEquals(naive(b, from, to, p), ByteSearch.indexOfPlain(b, from, to, p), "round " + round);
      assertEquals(naive(b, from, to, p), ByteSearch.indexOfFirstLast(b, from, to, p), "round " + round);
    }
  }
}
