package org.hadoopopt.fingerprint.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link PartialSums} against a {@code HashMap} of the same additions: keys of 0 to 40 bytes (so
 * keys past the 16 bytes a probe slot holds, and keys equal in their first 16 bytes) and of 255 to
 * 300 bytes equal in their first 255 (past the length a slot records), values of
 * both signs, added a batch at a time through a selection vector and one by one; with a budget large
 * enough to hold every key (growing from its first size) and one so small that it drains many times:
 * the partial sums handed out add up to exactly the map's sums, and with room for every key each key
 * comes out once.
 */
class PartialSumsTest {
  @Test
  void partialSumsAddUpToTheExactSumsWhateverTheBudget() throws Exception {
    for (long budget : new long[] {64L << 20, 16 * PartialSums.BYTES_PER_ENTRY}) {
      Random rnd = new Random(42);
      String[] vocabulary = new String[5000];
      for (int i = 0; i < vocabulary.length; i++) {
        StringBuilder b = new StringBuilder(i % 3 == 0 ? "a-shared-16-byte" : "");
        if (i % 50 == 1) {
          // 255 bytes and longer, sharing their first 255: the slot's length field saturates
          b.append("a-shared-16-byte").append("x".repeat(239 + i % 7));
        }
        for (int k = rnd.nextInt(24); k > 0; k--) {
          b.append((char) ('a' + rnd.nextInt(26)));
        }
        vocabulary[i] = b.toString();
      }
      Map<String, Long> expected = new HashMap<>();
      Map<String, Long> got = new HashMap<>();
      Map<String, Integer> emitted = new HashMap<>();
      PartialSums.Sink sink = (k, off, len, sum) -> {
        String key = new String(k, off, len, StandardCharsets.ISO_8859_1);
        got.merge(key, sum, Long::sum);
        emitted.merge(key, 1, Integer::sum);
      };
      PartialSums sums = new PartialSums(budget);
      // a page: keys back to back in one array, every other row selected
      for (int page = 0; page < 200; page++) {
        int rows = 1 + rnd.nextInt(300);
        byte[] data = new byte[rows * 320];
        int[] starts = new int[rows];
        int[] lengths = new int[rows];
        long[] values = new long[rows];
        int[] sel = new int[rows];
        int n = 0;
        int at = 0;
        for (int r = 0; r < rows; r++) {
          byte[] k = vocabulary[rnd.nextInt(vocabulary.length)].getBytes(StandardCharsets.ISO_8859_1);
          System.arraycopy(k, 0, data, at, k.length);
          starts[r] = at;
          lengths[r] = k.length;
          at += k.length;
          values[r] = rnd.nextInt(2_000_000) - 1_000_000;
          if (r % 2 == 0) {
            sel[n++] = r;
            expected.merge(new String(k, StandardCharsets.ISO_8859_1), values[r], Long::sum);
          }
        }
        sums.add(data, starts, lengths, values, sel, n, sink);
        // and one by one
        byte[] one = vocabulary[rnd.nextInt(vocabulary.length)].getBytes(StandardCharsets.ISO_8859_1);
        byte[] padded = new byte[one.length + 5];
        System.arraycopy(one, 0, padded, 5, one.length);
        sums.add(padded, 5, one.length, 7L, sink);
        expected.merge(new String(one, StandardCharsets.ISO_8859_1), 7L, Long::sum);
      }
      sums.drain(sink);
      assertEquals(0, sums.size());
      assertEquals(expected, got, "budget " + budget);
      if (budget > 1 << 20) {
        assertTrue(emitted.values().stream().allMatch(c -> c == 1), "room for every key: each key leaves once");
      } else {
        assertTrue(emitted.values().stream().anyMatch(c -> c > 1), "a small table drains more than once");
      }
    }
  }
}
