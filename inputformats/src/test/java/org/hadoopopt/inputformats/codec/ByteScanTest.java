package org.hadoopopt.inputformats.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The word-at-a-time search finds what a byte-by-byte loop finds, for every byte value and alignment. */
class ByteScanTest {
  private static int naive(byte[] b, int from, int to, byte t) {
    for (int i = from; i < to; i++) {
      if (b[i] == t) {
        return i;
      }
    }
    return to;
  }

  @Test
  void agreesWithAByteLoop() {
    Random r = new Random(9);
    for (int round = 0; round < 20_000; round++) {
      byte[] b = new byte[1 + r.nextInt(40)];
      byte target = (byte) r.nextInt(256);
      for (int i = 0; i < b.length; i++) {
        // Mostly bytes next to the target (borrow cases) and high bytes, some targets.
        int k = r.nextInt(4);
        b[i] = k == 0 ? target : k == 1 ? (byte) (target + 1) : k == 2 ? (byte) (0x80 | r.nextInt(128)) : (byte) r.nextInt(256);
      }
      int from = r.nextInt(b.length);
      int to = from + r.nextInt(b.length - from + 1);
      assertEquals(naive(b, from, to, target), ByteScan.indexOf(b, from, to, target));
      byte other = (byte) (target ^ (1 << r.nextInt(8)));
      assertEquals(Math.min(naive(b, from, to, target), naive(b, from, to, other)),
          ByteScan.indexOfEither(b, from, to, target, other));
    }
  }
}
