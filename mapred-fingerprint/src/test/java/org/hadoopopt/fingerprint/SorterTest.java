package org.hadoopopt.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.hadoopopt.fingerprint.key.Djb2;
import org.hadoopopt.fingerprint.key.FingerprintHashComparator;
import org.hadoopopt.fingerprint.key.KeyFingerprinter;
import org.hadoopopt.fingerprint.key.PrefixFingerprinters;
import org.hadoopopt.fingerprint.sort.KeyComparison;
import org.hadoopopt.fingerprint.sort.QuickRecordSorter;
import org.hadoopopt.fingerprint.sort.RadixRecordSorter;
import org.hadoopopt.fingerprint.sort.RecordIndex;
import org.hadoopopt.fingerprint.sort.RecordSorter;
import org.junit.jupiter.api.Test;

/** The in-memory sorts and fingerprints against a plain sort by (partition, comparator). */
class SorterTest {
  /** Serialized keys in one buffer, indexed as the collector indexes them. */
  private static final class Records {
    final DataOutputBuffer buf = new DataOutputBuffer();
    final RecordIndex index = new RecordIndex(16);
    final List<int[]> spans = new ArrayList<>(); // keyStart, keyLength, partition

    void add(Writable key, int partition, KeyFingerprinter fp) throws IOException {
      int start = buf.getLength();
      key.write(buf);
      int keyLen = buf.getLength() - start;
      buf.writeByte(7); // a one-byte value
      if (index.size() == index.capacity()) {
        index.grow(index.capacity() * 2);
      }
      index.add(partition, start, start + keyLen, buf.getLength(), fp.fingerprint(buf.getData(), start, keyLen));
      spans.add(new int[] {start, keyLen, partition});
    }
  }

  /** Sorts with {@code sorter} and checks the result against sorting by (partition, comparator). */
  private static void check(Records r, RecordSorter sorter, RawComparator<?> order, RawComparator<?> ties,
      boolean exact, KeyFingerprinter fp) {
    KeyComparison keys = new KeyComparison(ties, fp);
    keys.reset(r.buf.getData(), r.index);
    int[] sorted = sorter.sort(r.index, keys, exact);
    int n = r.index.size();
    byte[] b = r.buf.getData();
    Integer[] expected = new Integer[n];
    for (int i = 0; i < n; i++) {
      expected[i] = i;
    }
    Arrays.sort(expected, (x, y) -> {
      int c = Integer.compare(r.spans.get(x)[2], r.spans.get(y)[2]);
      return c != 0 ? c : order.compare(b, r.spans.get(x)[0], r.spans.get(x)[1], b, r.spans.get(y)[0], r.spans.get(y)[1]);
    });
    for (int i = 0; i < n; i++) {
      int[] want = r.spans.get(expected[i]);
      int[] got = r.spans.get(sorted[i]);
      assertEquals(want[2], got[2], "partition at position " + i);
      assertEquals(0, order.compare(b, want[0], want[1], b, got[0], got[1]), "key at position " + i);
      assertEquals(r.index.valueLength(sorted[i]), 1);
      int part = got[2];
      assertTrue(sorter.partitionStart(part) <= i && i < sorter.partitionStart(part + 1),
          "position " + i + " outside partition " + part + "'s range");
    }
    assertEquals(n, sorter.partitionStart(Integer.MAX_VALUE - 1), "partition starts past the last");
    boolean[] seen = new boolean[n];
    for (int i = 0; i < n; i++) {
      assertTrue(!seen[sorted[i]], "record " + sorted[i] + " twice");
      seen[sorted[i]] = true;
    }
  }

  private static Records textRecords(long seed, int n, int partitions, KeyFingerprinter fp) throws IOException {
    Random r = new Random(seed);
    Records rec = new Records();
    for (int i = 0; i < n; i++) {
      String key;
      switch (r.nextInt(7)) {
        case 5: key = "http://www.example.com/pages/" + r.nextInt(50) + (r.nextBoolean() ? "/index" : ""); break;
        case 6: key = "abcdefgh" + "\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000".substring(r.nextInt(9)); break; // zero padding
        case 0: key = "commonprefix-" + r.nextInt(300); break;           // ties on the 8-byte prefix
        case 1: key = r.nextInt(256) + "." + r.nextInt(256) + "." + r.nextInt(9); break; // IP-like
        case 2: key = r.nextBoolean() ? "xbyA" : (r.nextBoolean() ? "yAxb" : "xbxb"); break; // djb2 collisions
        case 3: key = r.nextInt(3) == 0 ? "" : "\u00e9t\u00e9" + (char) ('a' + r.nextInt(3)); break; // empty, non-ASCII
        default: key = Long.toString(r.nextLong(), 36);
      }
      rec.add(new Text(key), r.nextInt(partitions), fp);
    }
    return rec;
  }

  @Test
  void textPrefixSortsMatchTheComparator() throws IOException {
    RawComparator<?> text = WritableComparator.get(Text.class);
    KeyFingerprinter fp = PrefixFingerprinters.forKey(Text.class, text);
    for (int partitions : new int[] {1, 7, 300}) {
      Records r = textRecords(partitions, 5000, partitions, fp);
      check(r, new RadixRecordSorter(), text, text, false, fp);
      check(r, new QuickRecordSorter(), text, text, false, fp);
    }
  }

  @Test
  void comparatorOnlyFallbackSortsMatchTheComparator() throws IOException {
    RawComparator<?> reverse = new TestJobs.ReverseTextComparator();
    KeyFingerprinter fp = PrefixFingerprinters.forKey(Text.class, reverse);
    assertEquals(PrefixFingerprinters.COMPARATOR_ONLY, fp);
    Records r = textRecords(3, 3000, 5, fp);
    check(r, new RadixRecordSorter(), reverse, reverse, false, fp);
    check(r, new QuickRecordSorter(), reverse, reverse, false, fp);
  }

  @Test
  void numericKeysSortExactlyBySignFlippedFingerprint() throws IOException {
    Random rnd = new Random(9);
    RawComparator<?> ints = WritableComparator.get(IntWritable.class);
    KeyFingerprinter ifp = PrefixFingerprinters.forKey(IntWritable.class, ints);
    assertTrue(ifp.isExact());
    Records r = new Records();
    for (int i = 0; i < 4000; i++) {
      int v = rnd.nextInt(4) == 0 ? rnd.nextInt(5) - 2 : rnd.nextInt();
      r.add(new IntWritable(i % 100 == 0 ? Integer.MIN_VALUE : v), rnd.nextInt(3), ifp);
    }
    check(r, new RadixRecordSorter(), ints, ints, true, ifp);
    RawComparator<?> longs = WritableComparator.get(LongWritable.class);
    KeyFingerprinter lfp = PrefixFingerprinters.forKey(LongWritable.class, longs);
    Records l = new Records();
    for (int i = 0; i < 4000; i++) {
      l.add(new LongWritable(i % 100 == 0 ? Long.MAX_VALUE : rnd.nextLong() >> rnd.nextInt(64)), rnd.nextInt(2), lfp);
    }
    check(l, new RadixRecordSorter(), longs, longs, true, lfp);
    check(l, new QuickRecordSorter(), longs, longs, true, lfp);
  }

  @Test
  void hashModeSortsMatchTheHashComparator() throws IOException {
    Configuration conf = new Configuration();
    conf.setClass(MRJobConfig.MAP_OUTPUT_KEY_CLASS, Text.class, Object.class);
    FingerprintHashComparator hash = new FingerprintHashComparator();
    hash.setConf(conf);
    // 1 partition: the radix passes; 300 partitions: the comparison sort of short ranges
    for (int partitions : new int[] {1, 4, 300}) {
      Records r = textRecords(17 + partitions, 5000, partitions, Djb2.INSTANCE);
      check(r, new RadixRecordSorter(), hash, hash.tieComparator(), false, Djb2.INSTANCE);
      check(r, new QuickRecordSorter(), hash, hash.tieComparator(), false, Djb2.INSTANCE);
    }
  }

  @Test
  void hashComparatorObjectAndRawFormsAgree() throws IOException {
    Configuration conf = new Configuration();
    conf.setClass(MRJobConfig.MAP_OUTPUT_KEY_CLASS, Text.class, Object.class);
    FingerprintHashComparator hash = new FingerprintHashComparator();
    hash.setConf(conf);
    String[] keys = {"xbyA", "yAxb", "xbxb", "", "a", "b", "commonprefix-1"};
    for (String a : keys) {
      for (String b : keys) {
        DataOutputBuffer x = new DataOutputBuffer();
        new Text(a).write(x);
        DataOutputBuffer y = new DataOutputBuffer();
        new Text(b).write(y);
        int raw = Integer.signum(hash.compare(x.getData(), 0, x.getLength(), y.getData(), 0, y.getLength()));
        assertEquals(raw, Integer.signum(hash.compare(new Text(a), new Text(b))), a + " vs " + b);
        assertEquals(a.equals(b), raw == 0, a + " vs " + b);
      }
    }
    DataOutputBuffer x = new DataOutputBuffer();
    new Text("xbyA").write(x);
    DataOutputBuffer y = new DataOutputBuffer();
    new Text("yAxb").write(y);
    assertEquals(Djb2.hash(x.getData(), 0, x.getLength()), Djb2.hash(y.getData(), 0, y.getLength()),
        "the constructed keys must collide");
  }

  @Test
  void djb2MatchesItsDefinition() {
    java.util.Random rnd = new java.util.Random(7);
    byte[] b = new byte[64];
    rnd.nextBytes(b);
    for (int start = 0; start < 5; start++) {
      for (int len = 0; start + len <= b.length; len++) {
        int h = 5381;
        for (int i = start; i < start + len; i++) {
          h = h * 33 + (b[i] & 0xff);
        }
        assertEquals(h, Djb2.hash(b, start, len), "djb2 of " + len + " bytes at " + start);
      }
    }
  }

  @Test
  void prefixFingerprintNeverContradictsTheComparator() throws IOException {
    RawComparator<?> text = WritableComparator.get(Text.class);
    KeyFingerprinter fp = PrefixFingerprinters.forKey(Text.class, text);
    Records r = textRecords(23, 600, 1, fp);
    byte[] b = r.buf.getData();
    for (int i = 0; i < r.spans.size(); i++) {
      for (int j = 0; j < r.spans.size(); j += 7) {
        int[] x = r.spans.get(i);
        int[] y = r.spans.get(j);
        int byFp = Long.compareUnsigned(r.index.fingerprint(i), r.index.fingerprint(j));
        int byKey = text.compare(b, x[0], x[1], b, y[0], y[1]);
        assertTrue(byFp == 0 || Integer.signum(byFp) == Integer.signum(byKey), "fingerprint order contradicts keys");
      }
    }
  }
}
