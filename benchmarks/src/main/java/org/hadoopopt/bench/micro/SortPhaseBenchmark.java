package org.hadoopopt.bench.micro;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.hadoopopt.bench.tools.Json;
import org.hadoopopt.bench.tools.Stats;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.util.IndexedSortable;
import org.apache.hadoop.util.QuickSort;
import org.hadoopopt.fingerprint.key.Djb2;
import org.hadoopopt.fingerprint.key.FingerprintHashComparator;
import org.hadoopopt.fingerprint.key.KeyFingerprinter;
import org.hadoopopt.fingerprint.key.PrefixFingerprinters;
import org.hadoopopt.fingerprint.sort.KeyComparison;
import org.hadoopopt.fingerprint.sort.QuickRecordSorter;
import org.hadoopopt.fingerprint.sort.RadixRecordSorter;
import org.hadoopopt.fingerprint.sort.RecordIndex;
import org.hadoopopt.fingerprint.sort.RecordSorter;
import org.hadoopopt.fingerprint.sort.StockOrderSorter;

/**
 * The map-side sort phase alone, side by side in one run: an in-memory buffer of serialized
 * (Text key, LongWritable value) records sorted by Hadoop's QuickSort with the stock comparator
 * (as MapOutputBuffer does), and by the fingerprint sorts (quick, radix, and stock-order: Hadoop's
 * QuickSort over the fingerprints, equal keys where stock puts them; prefix and hash fingerprints). Variants alternate round by round; medians and ratios to stock are printed and
 * written as JSON. Key sets: Pavlo sourceIP keys (drawn from 2 million addresses sharing 2,000
 * 7-character prefixes),
 * TeraSort-like 10-byte random keys, URLs sharing a 29-byte prefix (the worst case for the
 * prefix fingerprint), and Zipf-distributed words (most records tie with many others).
 *
 * <p>{@code -Drecords=N} (default 1,000,000), {@code -Drounds=R} (default 5),
 * {@code -Dpartitions=P} (default 4), {@code -Dsets=a,b} (key sets to run, default all),
 * {@code -Dout=FILE} (default
 * sort-phase.json).
 */
public final class SortPhaseBenchmark {
  private SortPhaseBenchmark() {}

  /** The serialized records and both forms of metadata. */
  static final class Buffer {
    final byte[] data;
    final int[] stockMeta; // per record: keyStart, valueStart, partition, valueLength (as MapOutputBuffer keeps)
    final RecordIndex prefix;
    final RecordIndex hash;
    final int n;

    Buffer(List<byte[]> keys, int partitions, long seed) throws IOException {
      n = keys.size();
      Random r = new Random(seed);
      DataOutputBuffer out = new DataOutputBuffer(n * 32);
      stockMeta = new int[4 * n];
      prefix = new RecordIndex(n);
      hash = new RecordIndex(n);
      KeyFingerprinter pf = PrefixFingerprinters.forKey(Text.class, WritableComparator.get(Text.class));
      Text t = new Text();
      LongWritable v = new LongWritable();
      int[] starts = new int[n];
      int[] valueStarts = new int[n];
      int[] parts = new int[n];
      int[] ends = new int[n];
      for (int i = 0; i < n; i++) {
        t.set(keys.get(i));
        starts[i] = out.getLength();
        t.write(out);
        valueStarts[i] = out.getLength();
        v.set(r.nextInt(100000));
        v.write(out);
        ends[i] = out.getLength();
        parts[i] = (t.hashCode() & Integer.MAX_VALUE) % partitions;
      }
      data = Arrays.copyOf(out.getData(), out.getLength());
      for (int i = 0; i < n; i++) {
        int kl = valueStarts[i] - starts[i];
        prefix.add(parts[i], starts[i], valueStarts[i], ends[i], pf.fingerprint(data, starts[i], kl));
        hash.add(parts[i], starts[i], valueStarts[i], ends[i], Djb2.INSTANCE.fingerprint(data, starts[i], kl));
        stockMeta[4 * i] = starts[i];
        stockMeta[4 * i + 1] = valueStarts[i];
        stockMeta[4 * i + 2] = parts[i];
        stockMeta[4 * i + 3] = ends[i] - valueStarts[i];
      }
    }
  }

  /** MapOutputBuffer's sort: partition, then the raw comparator into the key bytes; swaps metadata. */
  static final class StockSortable implements IndexedSortable {
    private final byte[] data;
    private final int[] meta;
    private final RawComparator<?> cmp;

    StockSortable(byte[] data, int[] meta, RawComparator<?> cmp) {
      this.data = data;
      this.meta = meta;
      this.cmp = cmp;
    }

    @Override
    public int compare(int i, int j) {
      int a = 4 * i;
      int b = 4 * j;
      int c = Integer.compare(meta[a + 2], meta[b + 2]);
      if (c != 0) {
        return c;
      }
      return cmp.compare(data, meta[a], meta[a + 1] - meta[a], data, meta[b], meta[b + 1] - meta[b]);
    }

    @Override
    public void swap(int i, int j) {
      int a = 4 * i;
      int b = 4 * j;
      for (int k = 0; k < 4; k++) {
        int t = meta[a + k];
        meta[a + k] = meta[b + k];
        meta[b + k] = t;
      }
    }
  }

  /**
   * Pavlo sourceIPs: a pool of 2 million addresses whose first 7 characters ("ddd.ddd", both
   * octets 100..255) take exactly 2,000 values, as the benchmark's generator makes them.
   */
  static List<byte[]> ipKeys(int n, long seed) {
    Random r = new Random(seed);
    String[] prefixes = new String[2000];
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (int i = 0; i < prefixes.length; ) {
      String p = (100 + r.nextInt(156)) + "." + (100 + r.nextInt(156));
      if (seen.add(p)) {
        prefixes[i++] = p;
      }
    }
    int distinct = 2_000_000; // the Pavlo UserVisits sourceIP pool
    byte[][] pool = new byte[distinct][];
    for (int i = 0; i < distinct; i++) {
      pool[i] = (prefixes[r.nextInt(prefixes.length)] + "." + r.nextInt(256) + "." + r.nextInt(256))
          .getBytes(StandardCharsets.US_ASCII);
    }
    List<byte[]> keys = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      keys.add(pool[r.nextInt(distinct)]);
    }
    return keys;
  }

  /** Keys whose first 8 bytes are all the same: the prefix fingerprint cannot help. */
  static List<byte[]> urlKeys(int n, long seed) {
    Random r = new Random(seed);
    List<byte[]> keys = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      keys.add(("http://www.example.com/pages/" + r.nextInt(1_000_000) + ".html").getBytes(StandardCharsets.US_ASCII));
    }
    return keys;
  }

  static List<byte[]> teraKeys(int n, long seed) {
    Random r = new Random(seed);
    List<byte[]> keys = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      byte[] k = new byte[10];
      r.nextBytes(k);
      keys.add(k);
    }
    return keys;
  }

  /**
   * Words as a word count's map emits them: 10,000 distinct words of 2-12 letters drawn with
   * Zipf-like frequencies (word k about 1/k), so most records tie with many others.
   */
  static List<byte[]> wordKeys(int n, long seed) {
    Random r = new Random(seed);
    int distinct = 10_000;
    byte[][] words = new byte[distinct][];
    for (int i = 0; i < distinct; i++) {
      byte[] w = new byte[2 + r.nextInt(11)];
      for (int j = 0; j < w.length; j++) {
        w[j] = (byte) ('a' + r.nextInt(26));
      }
      words[i] = w;
    }
    double[] cumulative = new double[distinct];
    double sum = 0;
    for (int i = 0; i < distinct; i++) {
      sum += 1.0 / (i + 1);
      cumulative[i] = sum;
    }
    List<byte[]> keys = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int k = Arrays.binarySearch(cumulative, r.nextDouble() * sum);
      keys.add(words[k < 0 ? Math.min(-k - 1, distinct - 1) : k]);
    }
    return keys;
  }

  /** One way of sorting the buffer's records (stock, or a fingerprint index with a sorter), timed per run. */
  interface Sorting {
    long runNanos();
  }

  public static void main(String[] args) throws Exception {
    int n = Integer.getInteger("records", 1_000_000);
    int rounds = Integer.getInteger("rounds", 5);
    int partitions = Integer.getInteger("partitions", 4);
    File outFile = new File(System.getProperty("out", "sort-phase.json"));
    ObjectNode json = Json.object().put("records", n).put("rounds", rounds).put("partitions", partitions);
    ObjectNode keySets = json.putObject("keySets");
    String[] sets = {"pavlo-sourceIP", "terasort-10-byte", "url-common-prefix", "zipf-words"};
    List<String> only = Arrays.asList(System.getProperty("sets", String.join(",", sets)).split(","));
    for (int s = 0; s < sets.length; s++) {
      if (!only.contains(sets[s])) {
        continue;
      }
      List<byte[]> keys = s == 0 ? ipKeys(n, 42) : s == 1 ? teraKeys(n, 43) : s == 2 ? urlKeys(n, 44) : wordKeys(n, 45);
      Map<String, Double> medians = measure(new Buffer(keys, partitions, 7), rounds);
      ObjectNode set = keySets.putObject(sets[s]);
      double stock = medians.get("stock-quicksort");
      System.out.printf(Locale.ROOT, "%n%s keys, %,d records, %d partitions, median of %d rounds:%n",
          sets[s], n, partitions, rounds);
      for (Map.Entry<String, Double> e : medians.entrySet()) {
        System.out.printf(Locale.ROOT, "  %-26s %8.1f ms   %5.2fx stock%n", e.getKey(), e.getValue(), stock / e.getValue());
        Json.number(Json.number(set.putObject(e.getKey()), "medianMs", e.getValue()), "speedup", stock / e.getValue());
      }
    }
    Json.write(outFile, json);
    System.out.println("\nwrote " + outFile);
  }

  static Map<String, Double> measure(Buffer b, int rounds) {
    RawComparator<?> text = WritableComparator.get(Text.class);
    Configuration conf = new Configuration();
    conf.setClass(MRJobConfig.MAP_OUTPUT_KEY_CLASS, Text.class, Object.class);
    FingerprintHashComparator hashCmp = new FingerprintHashComparator();
    hashCmp.setConf(conf);
    Map<String, Sorting> variants = new LinkedHashMap<>();
    variants.put("stock-quicksort", () -> {
      int[] meta = b.stockMeta.clone();
      StockSortable s = new StockSortable(b.data, meta, text);
      long t0 = System.nanoTime();
      new QuickSort().sort(s, 0, b.n);
      return System.nanoTime() - t0;
    });
    KeyFingerprinter prefix = PrefixFingerprinters.forKey(Text.class, text);
    variants.put("prefix-quicksort", fingerprintSort(b, b.prefix, new QuickRecordSorter(), text, prefix));
    variants.put("prefix-radix", fingerprintSort(b, b.prefix, new RadixRecordSorter(), text, prefix));
    variants.put("prefix-stock-order", fingerprintSort(b, b.prefix, new StockOrderSorter(), text, prefix));
    variants.put("hash-quicksort", fingerprintSort(b, b.hash, new QuickRecordSorter(), hashCmp.tieComparator(), Djb2.INSTANCE));
    variants.put("hash-radix", fingerprintSort(b, b.hash, new RadixRecordSorter(), hashCmp.tieComparator(), Djb2.INSTANCE));
    variants.put("hash-stock-order", fingerprintSort(b, b.hash, new StockOrderSorter(), hashCmp.tieComparator(), Djb2.INSTANCE));
    Map<String, List<Double>> times = new LinkedHashMap<>();
    for (String name : variants.keySet()) {
      times.put(name, new ArrayList<>());
    }
    for (int r = -1; r < rounds; r++) { // round -1 warms up
      for (Map.Entry<String, Sorting> v : variants.entrySet()) {
        long ns = v.getValue().runNanos();
        if (r >= 0) {
          times.get(v.getKey()).add(ns / 1e6);
        }
      }
    }
    Map<String, Double> medians = new LinkedHashMap<>();
    times.forEach((k, v) -> medians.put(k, Stats.median(v)));
    return medians;
  }

  private static Sorting fingerprintSort(Buffer b, RecordIndex index, RecordSorter sorter, RawComparator<?> ties,
      KeyFingerprinter fp) {
    KeyComparison keys = new KeyComparison(ties, fp);
    keys.reset(b.data, index);
    return () -> {
      long t0 = System.nanoTime();
      sorter.sort(index, keys, false);
      return System.nanoTime() - t0;
    };
  }
}
