package org.hadoopopt.fingerprint.shuffle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.hadoopopt.fingerprint.key.KeyFingerprinter;
import org.hadoopopt.fingerprint.key.PrefixFingerprinters;
import org.junit.jupiter.api.Test;

/**
 * The merge's order against the key type's own comparator, on keys built to stress the
 * fingerprints: lengths 0 to 24 (short keys held whole by two levels, long ones that need the
 * comparator), bytes from {0, 1, 'a', 0xff} so that zero padding, prefixes and equal keys are
 * common; sorted segments in memory, merged, and every adjacent pair checked with the comparator.
 * The same segments written as IFiles and merged by Hadoop's {@code Merger} (one pass, in list
 * order, as the map side's merge and the reduce side's final merge run it) must give the same
 * records in the same order, equal keys included (each value names its segment and position).
 */
class FingerprintMergeOrderTest {
  private static void check(Class<?> keyClass, long seed, java.util.function.Function<byte[], org.apache.hadoop.io.Writable> make)
      throws IOException {
    check(keyClass, seed, make, false);
  }

  @SuppressWarnings("unchecked")
  private static void check(Class<?> keyClass, long seed, java.util.function.Function<byte[], org.apache.hadoop.io.Writable> make,
      boolean constantFingerprint) throws IOException {
    RawComparator<Object> cmp = (RawComparator<Object>) (RawComparator<?>) WritableComparator.get(
        keyClass.asSubclass(org.apache.hadoop.io.WritableComparable.class));
    Random r = new Random(seed);
    byte[] alphabet = {0, 1, 'a', (byte) 0xff};
    int segmentsCount = 7;
    List<List<byte[]>> keys = new ArrayList<>();
    int total = 0;
    for (int s = 0; s < segmentsCount; s++) {
      List<byte[]> ks = new ArrayList<>();
      int n = r.nextInt(400);
      for (int i = 0; i < n; i++) {
        byte[] k = new byte[r.nextInt(25)];
        boolean shared = r.nextBoolean(); // half the keys share their first 16 bytes (where they have them)
        for (int j = 0; j < k.length; j++) {
          k[j] = shared && j < 16 ? (byte) 'a' : alphabet[r.nextInt(alphabet.length)];
        }
        DataOutputBuffer out = new DataOutputBuffer();
        make.apply(k).write(out);
        ks.add(java.util.Arrays.copyOf(out.getData(), out.getLength()));
      }
      ks.sort((a, b) -> cmp.compare(a, 0, a.length, b, 0, b.length));
      keys.add(ks);
      total += n;
    }
    List<MergeSegment> segments = new ArrayList<>();
    for (int s = 0; s < segmentsCount; s++) {
      DataOutputBuffer ifile = new DataOutputBuffer();
      for (byte[] k : keys.get(s)) {
        WritableUtils.writeVInt(ifile, k.length);
        WritableUtils.writeVInt(ifile, 8);
        ifile.write(k);
        ifile.writeLong(s * 1_000_000L + ifile.getLength());
      }
      WritableUtils.writeVInt(ifile, -1);
      WritableUtils.writeVInt(ifile, -1);
      segments.add(new MemorySegment(s, "segment " + s, ifile.getData(), ifile.getLength()));
    }
    Counters counters = new Counters();
    Counters.Counter ties = counters.findCounter(FingerprintMergeCounter.COMPARATOR_TIES);
    KeyFingerprinter fingerprinter = constantFingerprint ? PrefixFingerprinters.COMPARATOR_ONLY
        : PrefixFingerprinters.forKey(keyClass, cmp);
    RawKeyValueIterator it = new FingerprintMerge(segments, fingerprinter, cmp,
        counters.findCounter(FingerprintMergeCounter.RECORDS_MERGED), ties);
    List<byte[]> hadoops = HadoopMerge.records(keyClass, keys, cmp);
    byte[] prev = null;
    int n = 0;
    while (it.next()) {
      byte[] k = java.util.Arrays.copyOfRange(it.getKey().getData(), it.getKey().getPosition(), it.getKey().getLength());
      org.apache.hadoop.io.DataInputBuffer v = it.getValue();
      long tag = WritableComparator.readLong(v.getData(), v.getPosition());
      if (prev != null) {
        int c = cmp.compare(prev, 0, prev.length, k, 0, k.length);
        assertTrue(c <= 0, keyClass.getSimpleName() + ": record " + n + " out of order");
      }
      byte[] want = hadoops.get(n);
      assertArrayEquals(want, HadoopMerge.record(k, tag), keyClass.getSimpleName() + " seed " + seed
          + ": record " + n + " is not the one Hadoop's merge gives there");
      prev = k;
      n++;
    }
    it.close();
    assertEquals(total, n);
    assertEquals(hadoops.size(), n);
    assertEquals(total, counters.findCounter(FingerprintMergeCounter.RECORDS_MERGED).getValue());
    assertTrue(ties.getValue() > 0, "long keys must reach the comparator");
  }

  @Test
  void constantFingerprintsMergeAsHadoopDoes() throws IOException {
    for (long seed = 1; seed <= 5; seed++) {
      check(Text.class, seed, k -> {
        Text t = new Text();
        t.set(k);
        return t;
      }, true);
    }
  }

  @Test
  void textKeysMergeInComparatorOrder() throws IOException {
    for (long seed = 1; seed <= 20; seed++) {
      check(Text.class, seed, k -> {
        Text t = new Text();
        t.set(k);
        return t;
      });
    }
  }

  @Test
  void bytesWritableKeysMergeInComparatorOrder() throws IOException {
    for (long seed = 1; seed <= 20; seed++) {
      check(BytesWritable.class, seed, BytesWritable::new);
    }
  }
}
