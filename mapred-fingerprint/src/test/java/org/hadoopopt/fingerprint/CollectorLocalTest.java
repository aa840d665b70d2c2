package org.hadoopopt.fingerprint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapOutputCollector;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.hadoopopt.fingerprint.collector.FingerprintCollector;
import org.hadoopopt.fingerprint.collector.FingerprintCollector.Mode;
import org.hadoopopt.fingerprint.collector.FingerprintCollector.Sort;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The collector against Hadoop's own MapOutputBuffer on the LocalJobRunner: prefix mode must
 * give byte-identical part files, hash mode the same lines once sorted; outputs are also checked
 * against results computed in the test.
 */
class CollectorLocalTest {
  interface JobSetup {
    Job create(Configuration conf) throws Exception;
  }

  private static LocalRun local;

  @BeforeAll
  static void setUp() throws IOException {
    local = new LocalRun("collector-local");
  }

  /** Many spills: a 1 MB buffer spilled at 2%. */
  private static Configuration tinyBuffer(Configuration conf) {
    conf.setInt(MRJobConfig.IO_SORT_MB, 1);
    conf.setFloat(MRJobConfig.MAP_SORT_SPILL_PERCENT, 0.02f);
    return conf;
  }

  /** Runs stock, prefix (radix and, if asked, quick) and, if asked, hash; returns the prefix output. */
  private static LocalRun.Output compare(JobSetup setup, Path in, Configuration base, boolean hash, boolean quick)
      throws Exception {
    LocalRun.Output stock = local.run(setup.create(new Configuration(base)), in);
    assertEquals(0, stock.fingerprintSpills(), "stock run must not use the fingerprint collector");

    Configuration prefixConf = new Configuration(base);
    FingerprintCollector.enable(prefixConf, Mode.PREFIX);
    LocalRun.Output prefix = local.run(setup.create(prefixConf), in);
    assertIdentical(stock, prefix, "prefix/radix");

    if (quick) {
      Configuration quickConf = new Configuration(prefixConf);
      FingerprintCollector.setSort(quickConf, Sort.QUICK);
      assertIdentical(stock, local.run(setup.create(quickConf), in), "prefix/quick");
    }
    if (hash) {
      Configuration hashConf = new Configuration(base);
      FingerprintCollector.enable(hashConf, Mode.HASH);
      LocalRun.Output hashed = local.run(setup.create(hashConf), in);
      assertTrue(hashed.fingerprintSpills() > 0, "hash mode did not run the fingerprint collector");
      assertEquals(stock.sortedLines(), hashed.sortedLines(), "hash mode lines differ from stock");
      assertEquals(stock.parts.size(), hashed.parts.size());
    }
    return prefix;
  }

  private static void assertIdentical(LocalRun.Output stock, LocalRun.Output ours, String what) {
    assertTrue(ours.fingerprintSpills() > 0, what + " did not run the fingerprint collector");
    assertEquals(stock.parts.size(), ours.parts.size(), what + ": number of part files");
    for (int i = 0; i < stock.parts.size(); i++) {
      assertArrayEquals(stock.parts.get(i), ours.parts.get(i), what + ": part " + i + " differs from stock");
    }
    assertEquals(stock.counter(TaskCounter.MAP_OUTPUT_RECORDS), ours.counter(TaskCounter.MAP_OUTPUT_RECORDS), what);
    assertEquals(stock.counter(TaskCounter.MAP_OUTPUT_BYTES), ours.counter(TaskCounter.MAP_OUTPUT_BYTES), what);
  }



  private static List<String> expectedLines(Map<String, Long> sums) {
    List<String> lines = new ArrayList<>();
    sums.forEach((k, v) -> lines.add(k + "\t" + UserVisits.format(v)));
    Collections.sort(lines);
    return lines;
  }

  @Test
  void examplesWordCountIsIdentical() throws Exception {
    Path in = local.input("wc", TestJobs.words(1, 4000), TestJobs.words(2, 3000));
    compare(conf -> TestJobs.wordCount(conf, 3), in, local.conf(), true, false);
  }

  @Test
  void wordCountWithManySpillsAndCodecIsIdentical() throws Exception {
    Path in = local.input("wc-spills", TestJobs.words(3, 30000), TestJobs.words(4, 20000));
    Configuration conf = tinyBuffer(local.conf());
    conf.setBoolean(MRJobConfig.MAP_OUTPUT_COMPRESS, true);
    conf.setClass(MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC, DefaultCodec.class, org.apache.hadoop.io.compress.CompressionCodec.class);
    LocalRun.Output out = compare(c -> TestJobs.wordCount(c, 4), in, conf, true, false);
    assertTrue(out.fingerprintSpills() >= 6, "expected many spills, got " + out.fingerprintSpills());
    assertTrue(out.counter(TaskCounter.COMBINE_INPUT_RECORDS) >= out.counter(TaskCounter.MAP_OUTPUT_RECORDS));
    assertTrue(out.counter(TaskCounter.COMBINE_OUTPUT_RECORDS) < out.counter(TaskCounter.COMBINE_INPUT_RECORDS));
  }

  @Test
  void largeAggregationWithManyPartitionsIsIdenticalAndCorrect() throws Exception {
    String a = UserVisits.lines(11, 5000, 2500);
    String b = UserVisits.lines(12, 4000, 2500);
    Path in = local.input("agg-large", a, b);
    LocalRun.Output out = compare(c -> TestJobs.aggregation(c, 0, 7), in, tinyBuffer(local.conf()), true, true);
    Map<String, Long> sums = UserVisits.aggregate(a + b, 0);
    assertEquals(expectedLines(sums), out.sortedLines());
    assertTrue(out.fingerprintSpills() >= 6, "expected many spills, got " + out.fingerprintSpills());
  }

  @Test
  void smallAggregationIsIdenticalAndCorrect() throws Exception {
    String a = UserVisits.lines(21, 3000, 1500);
    Path in = local.input("agg-small", a);
    LocalRun.Output out = compare(c -> TestJobs.aggregation(c, 7, 1), in, local.conf(), true, false);
    assertEquals(expectedLines(UserVisits.aggregate(a, 7)), out.lines(), "one reducer: lines in key order");
  }

  @Test
  void customWritableComparableKeyIsIdentical() throws Exception {
    String a = UserVisits.lines(31, 3000, 800);
    Path in = local.input("pair", a);
    LocalRun.Output out = compare(conf -> {
      return TestJobs.pairAggregation(conf, 3);
    }, in, tinyBuffer(local.conf()), true, false);
    Map<String, Long> sums = UserVisits.aggregate(a, 0);
    List<String> want = new ArrayList<>();
    sums.forEach((ip, v) -> want.add(ip.substring(ip.lastIndexOf('.') + 1) + ":" + ip + "\t" + UserVisits.format(v)));
    Collections.sort(want);
    assertEquals(want, out.sortedLines());
  }

  @Test
  void customRawComparatorIsIdentical() throws Exception {
    Path in = local.input("reverse", TestJobs.words(41, 6000));
    LocalRun.Output out = compare(conf -> {
      Job job = TestJobs.wordCount(conf, 2);
      job.setSortComparatorClass(TestJobs.ReverseTextComparator.class);
      return job;
    }, in, tinyBuffer(local.conf()), false, true);
    List<String> lines = new String(out.parts.get(0), java.nio.charset.StandardCharsets.UTF_8).lines()
        .map(l -> l.substring(0, l.indexOf('\t'))).collect(java.util.stream.Collectors.toList());
    List<String> reversed = new ArrayList<>(lines);
    reversed.sort(Collections.reverseOrder());
    assertEquals(reversed, lines, "reducer 0 must see keys in reverse order");
  }

  @Test
  void keysSharingFingerprintsAreIdenticalAndGroupedCorrectly() throws Exception {
    // 64 keys with one djb2 hash (blocks "xb" and "yA" hash alike) and 64 keys sharing 8 leading bytes
    List<String> keys = new ArrayList<>();
    for (int k = 0; k < 64; k++) {
      StringBuilder s = new StringBuilder();
      for (int bit = 0; bit < 6; bit++) {
        s.append((k >> bit & 1) == 0 ? "xb" : "yA");
      }
      keys.add(s.toString());
      keys.add("commonprefix-" + k);
    }
    Random r = new Random(5);
    Map<String, Long> counts = new TreeMap<>();
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 20000; i++) {
      String k = keys.get(r.nextInt(keys.size()));
      counts.merge(k, 1L, Long::sum);
      text.append(k).append(i % 10 == 9 ? '\n' : ' ');
    }
    Path in = local.input("collisions", text.toString());
    LocalRun.Output out = compare(conf -> {
      Job job = TestJobs.wordCount(conf, 2);
      job.setMapperClass(TestJobs.CommentSkippingWordMapper.class);
      return job;
    }, in, tinyBuffer(local.conf()), true, true);
    List<String> want = new ArrayList<>();
    counts.forEach((k, v) -> want.add(k + "\t" + v));
    Collections.sort(want);
    assertEquals(want, out.sortedLines());
  }

  @Test
  void emptyPartitionsAndMapWithoutOutputAreIdentical() throws Exception {
    Path in = local.input("empty", "alpha beta gamma alpha\n", "# nothing here\n# at all\n");
    LocalRun.Output out = compare(conf -> {
      Job job = TestJobs.wordCount(conf, 8);
      job.setMapperClass(TestJobs.CommentSkippingWordMapper.class);
      return job;
    }, in, local.conf(), true, false);
    assertEquals(8, out.parts.size());
    assertEquals(List.of("alpha\t2", "beta\t1", "gamma\t1"), out.sortedLines());
    long empty = out.parts.stream().filter(p -> p.length == 0).count();
    assertTrue(empty >= 5, "expected empty partitions, got " + empty + " empty of 8");
  }

  @Test
  void hugeValuesAreIdentical() throws Exception {
    int[] sizes = {10, 3_000_000, 20, 1_500_000, 700_000, 5};
    StringBuilder lines = new StringBuilder();
    List<String> want = new ArrayList<>();
    for (int i = 0; i < sizes.length; i++) {
      String key = "k" + i;
      lines.append(key).append(' ').append(sizes[i]).append('\n');
      byte[] v = new byte[sizes[i]];
      for (int j = 0; j < v.length; j++) {
        v[j] = (byte) (j * 31 + key.hashCode());
      }
      CRC32 crc = new CRC32();
      crc.update(v);
      want.add(key + "\t" + sizes[i] + ":" + Long.toHexString(crc.getValue()));
    }
    Collections.sort(want);
    Path in = local.input("huge", lines.toString());
    Configuration conf = local.conf();
    conf.setInt(MRJobConfig.IO_SORT_MB, 1);
    LocalRun.Output out = compare(c -> {
      Job job = Job.getInstance(c, "huge");
      job.setMapperClass(TestJobs.HugeValueMapper.class);
      job.setReducerClass(TestJobs.ValueDigestReducer.class);
      job.setMapOutputKeyClass(Text.class);
      job.setMapOutputValueClass(BytesWritable.class);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(Text.class);
      job.setNumReduceTasks(2);
      return job;
    }, in, conf, true, false);
    // records larger than the buffer are written directly, as Hadoop does: same spills, same counts
    assertEquals(5, out.fingerprintSpills(), "k0 | k1 (3 MB) alone | k2 | k3 (1.5 MB) alone | k4 (700 KB, fits), k5");
    assertEquals(want, out.sortedLines());
  }

  @Test
  void unsupportedSettingsFallBackToStock() throws Exception {
    Path in = local.input("fallback", TestJobs.words(51, 2000));
    LocalRun.Output stock = local.run(TestJobs.wordCount(local.conf(), 2), in);

    Configuration badMode = local.conf();
    FingerprintCollector.enable(badMode, Mode.PREFIX);
    badMode.set(FingerprintCollector.MODE, "bogus");
    LocalRun.Output a = local.run(TestJobs.wordCount(badMode, 2), in);
    assertEquals(0, a.fingerprintSpills(), "an invalid mode must decline");

    Configuration hashNoComparator = local.conf();
    FingerprintCollector.enable(hashNoComparator, Mode.PREFIX);
    FingerprintCollector.setMode(hashNoComparator, Mode.HASH);
    LocalRun.Output b = local.run(TestJobs.wordCount(hashNoComparator, 2), in);
    assertEquals(0, b.fingerprintSpills(), "hash mode without its comparator must decline");
    for (int i = 0; i < stock.parts.size(); i++) {
      assertArrayEquals(stock.parts.get(i), a.parts.get(i));
      assertArrayEquals(stock.parts.get(i), b.parts.get(i));
    }
  }

  @Test
  void declineMessageNamesKeyAndFallback() {
    JobConf job = new JobConf(local.conf());
    FingerprintCollector.enable(job, Mode.PREFIX);
    job.set(FingerprintCollector.MODE, "fast");
    IOException e = assertThrows(IOException.class,
        () -> new FingerprintCollector<Object, Object>().init(new MapOutputCollector.Context(null, job, null)));
    assertTrue(e.getMessage().contains(FingerprintCollector.MODE + "=fast"), e.getMessage());
    assertTrue(e.getMessage().contains("org.apache.hadoop.mapred.MapTask$MapOutputBuffer"), e.getMessage());

    JobConf encrypted = new JobConf(local.conf());
    FingerprintCollector.enable(encrypted, Mode.PREFIX);
    encrypted.setBoolean(MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA, true);
    e = assertThrows(IOException.class,
        () -> new FingerprintCollector<Object, Object>().init(new MapOutputCollector.Context(null, encrypted, null)));
    assertTrue(e.getMessage().contains(MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA), e.getMessage());
  }
}
