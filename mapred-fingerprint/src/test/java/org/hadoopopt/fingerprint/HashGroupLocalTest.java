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
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapOutputCollector;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.hadoopopt.fingerprint.collector.HashGroupCollector;
import org.hadoopopt.fingerprint.collector.HashGroupCounter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The hash-grouping collector against Hadoop's own MapOutputBuffer on the LocalJobRunner: part
 * files must be byte-identical, and its counters must show that it hashed (or fell back, or
 * declined) as the case asks, so no case passes with it silently out of the way.
 */
class HashGroupLocalTest {
  interface JobSetup {
    Job create(Configuration conf) throws Exception;
  }

  private static LocalRun local;

  @BeforeAll
  static void setUp() throws IOException {
    local = new LocalRun("hashgroup-local");
  }

  private static long count(LocalRun.Output o, Enum<?> c) {
    return o.counters.findCounter(c).getValue();
  }

  /** Runs stock, then the hash collector with {@code hashConf}'s extra keys; asserts identical part files. */
  private static LocalRun.Output compare(JobSetup setup, Path in, Configuration base, Configuration extra)
      throws Exception {
    LocalRun.Output stock = local.run(setup.create(new Configuration(base)), in);
    Configuration conf = new Configuration(base);
    HashGroupCollector.enable(conf);
    if (extra != null) {
      extra.forEach(e -> conf.set(e.getKey(), e.getValue()));
    }
    LocalRun.Output hashed = local.run(setup.create(conf), in);
    assertEquals(stock.parts.size(), hashed.parts.size(), "number of part files");
    for (int i = 0; i < stock.parts.size(); i++) {
      assertArrayEquals(stock.parts.get(i), hashed.parts.get(i), "part " + i + " differs from stock");
    }
    assertEquals(stock.counter(TaskCounter.MAP_OUTPUT_RECORDS), hashed.counter(TaskCounter.MAP_OUTPUT_RECORDS));
    assertEquals(stock.counter(TaskCounter.MAP_OUTPUT_BYTES), hashed.counter(TaskCounter.MAP_OUTPUT_BYTES));
    return hashed;
  }

  /** Asserts every map output record went through the table and nothing fell back. */
  private static void assertHashedAll(LocalRun.Output o) {
    assertTrue(o.counter(TaskCounter.MAP_OUTPUT_RECORDS) > 0);
    assertEquals(o.counter(TaskCounter.MAP_OUTPUT_RECORDS), count(o, HashGroupCounter.RECORDS_HASHED),
        "every record hashed");
    assertEquals(0, count(o, HashGroupCounter.FALLBACKS_TO_SORT));
    assertEquals(0, count(o, HashGroupCounter.DECLINED));
    assertEquals(0, o.fingerprintSpills(), "the sort path must not have run");
    assertTrue(count(o, HashGroupCounter.TABLE_SPILLS) > 0);
  }

  private static Configuration keys(String... kv) {
    Configuration c = new Configuration(false);
    for (int i = 0; i < kv.length; i += 2) {
      c.set(kv[i], kv[i + 1]);
    }
    return c;
  }


  private static List<String> expectedLines(Map<String, Long> sums) {
    List<String> lines = new ArrayList<>();
    sums.forEach((k, v) -> lines.add(k + "\t" + UserVisits.format(v)));
    Collections.sort(lines);
    return lines;
  }

  /** A 1 MB sort buffer of which the table takes 5%: about 52 KB, so many table spills. */
  private static Configuration tinyTable() {
    Configuration c = keys(HashGroupCollector.MEMORY_PERCENT, "0.05");
    c.setInt(MRJobConfig.IO_SORT_MB, 1);
    return c;
  }

  @Test
  void examplesWordCountIsIdentical() throws Exception {
    Path in = local.input("wc", TestJobs.words(1, 4000), TestJobs.words(2, 3000));
    LocalRun.Output out = compare(conf -> TestJobs.wordCount(conf, 3), in, local.conf(), null);
    assertHashedAll(out);
    assertTrue(count(out, HashGroupCounter.COMBINER_FOLDS) > 0, "the combiner folded in the table");
    assertTrue(out.counter(TaskCounter.COMBINE_OUTPUT_RECORDS) < out.counter(TaskCounter.COMBINE_INPUT_RECORDS));
  }

  @Test
  void tinyTableSpillsManyTimesWithCodecAndIsIdentical() throws Exception {
    Path in = local.input("wc-spills", TestJobs.words(3, 30000), TestJobs.words(4, 20000));
    Configuration base = local.conf();
    base.setBoolean(MRJobConfig.MAP_OUTPUT_COMPRESS, true);
    base.setClass(MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC, DefaultCodec.class,
        org.apache.hadoop.io.compress.CompressionCodec.class);
    LocalRun.Output out = compare(c -> TestJobs.wordCount(c, 4), in, base, tinyTable());
    assertHashedAll(out);
    assertTrue(count(out, HashGroupCounter.TABLE_SPILLS) >= 6, "table spills: " + count(out, HashGroupCounter.TABLE_SPILLS));
  }

  @Test
  void largeAggregationIsIdenticalAndCorrect() throws Exception {
    String a = UserVisits.lines(11, 5000, 2500);
    String b = UserVisits.lines(12, 4000, 2500);
    Path in = local.input("agg-large", a, b);
    LocalRun.Output out = compare(c -> TestJobs.aggregation(c, 0, 7), in, local.conf(), tinyTable());
    assertHashedAll(out);
    assertEquals(expectedLines(UserVisits.aggregate(a + b, 0)), out.sortedLines());
    assertTrue(count(out, HashGroupCounter.TABLE_SPILLS) >= 4, "table spills: " + count(out, HashGroupCounter.TABLE_SPILLS));
  }

  @Test
  void smallAggregationIsIdenticalAndCorrect() throws Exception {
    String a = UserVisits.lines(21, 3000, 1500);
    Path in = local.input("agg-small", a);
    LocalRun.Output out = compare(c -> TestJobs.aggregation(c, 7, 1), in, local.conf(), null);
    assertHashedAll(out);
    assertEquals(expectedLines(UserVisits.aggregate(a, 7)), out.lines(), "one reducer: lines in key order");
  }

  @Test
  void customKeyTypeAndCustomRawComparatorAreIdentical() throws Exception {
    String a = UserVisits.lines(31, 3000, 800);
    Path in = local.input("pair", a);
    LocalRun.Output pair = compare(conf -> {
      return TestJobs.pairAggregation(conf, 3);
    }, in, local.conf(), tinyTable());
    assertHashedAll(pair);

    Path words = local.input("reverse", TestJobs.words(41, 6000));
    LocalRun.Output reverse = compare(conf -> {
      Job job = TestJobs.wordCount(conf, 2);
      job.setSortComparatorClass(TestJobs.ReverseTextComparator.class);
      return job;
    }, words, local.conf(), tinyTable());
    assertHashedAll(reverse);
    assertTrue(count(reverse, HashGroupCounter.TABLE_SPILLS) >= 2);
  }

  @Test
  void hotKeyIsFoldedManyTimesInBoundedMemory() throws Exception {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 60000; i++) {
      text.append(i % 50 == 0 ? "cold" + (i / 50) : "hot").append(i % 20 == 19 ? '\n' : ' ');
    }
    Path in = local.input("hot", text.toString());
    Configuration extra = tinyTable();
    extra.set(HashGroupCollector.MEMORY_PERCENT, "0.02");
    LocalRun.Output out = compare(c -> TestJobs.wordCount(c, 2), in, local.conf(), extra);
    assertHashedAll(out);
    assertTrue(out.lines().contains("hot\t58800"), "hot key count");
    // the hot key's values fill the value arena again and again; each fold turns them into one
    long folds = count(out, HashGroupCounter.COMBINER_FOLDS);
    assertTrue(folds >= 10, "the combiner must have run many times, folds: " + folds);
    assertTrue(out.counter(TaskCounter.COMBINE_INPUT_RECORDS) >= 58800);
  }

  @Test
  void keysThatNeverRepeatFallBackToSortingAndStayIdentical() throws Exception {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 6000; i++) {
      text.append("unique").append(i).append(i % 10 == 9 ? '\n' : ' ');
    }
    Path in = local.input("unique", text.toString());
    // early check: the first 1000 records hold 1000 keys
    LocalRun.Output early = compare(c -> TestJobs.wordCount(c, 3), in, local.conf(), keys(HashGroupCollector.CHECK_RECORDS, "1000"));
    assertEquals(1, count(early, HashGroupCounter.FALLBACKS_TO_SORT));
    assertEquals(1000, count(early, HashGroupCounter.RECORDS_HASHED));
    assertTrue(early.fingerprintSpills() > 0, "the fingerprint collector took over");
    assertEquals(0, count(early, HashGroupCounter.TABLE_SPILLS));

    // late check, after the tiny table has spilled: the fingerprint collector merges those spills too
    Configuration late = tinyTable();
    late.set(HashGroupCollector.CHECK_RECORDS, "5000");
    LocalRun.Output after = compare(c -> TestJobs.wordCount(c, 3), in, local.conf(), late);
    assertEquals(1, count(after, HashGroupCounter.FALLBACKS_TO_SORT));
    assertTrue(count(after, HashGroupCounter.TABLE_SPILLS) >= 2, "table spills before the check");
    assertTrue(after.fingerprintSpills() > 0);
  }

  @Test
  void emptyInputIsIdentical() throws Exception {
    Path in = local.input("empty", "", "# nothing here\n# at all\n");
    LocalRun.Output out = compare(conf -> {
      Job job = TestJobs.wordCount(conf, 5);
      job.setMapperClass(TestJobs.CommentSkippingWordMapper.class);
      return job;
    }, in, local.conf(), null);
    assertEquals(5, out.parts.size());
    assertTrue(out.lines().isEmpty());
    assertEquals(0, count(out, HashGroupCounter.DECLINED), "it ran, on no records");
    assertEquals(0, count(out, HashGroupCounter.FALLBACKS_TO_SORT));
  }

  @Test
  void valuesLargerThanTheTableGoToTheSortPath() throws Exception {
    int[] sizes = {10, 300_000, 20, 150_000, 5};
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
    LocalRun.Output out = compare(c -> {
      Job job = Job.getInstance(c, "huge");
      job.setMapperClass(TestJobs.HugeValueMapper.class);
      job.setCombinerClass(IdentityCombiner.class);
      job.setReducerClass(TestJobs.ValueDigestReducer.class);
      job.setMapOutputKeyClass(Text.class);
      job.setMapOutputValueClass(BytesWritable.class);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(Text.class);
      job.setNumReduceTasks(2);
      return job;
    }, in, local.conf(), tinyTable());
    assertEquals(want, out.sortedLines());
    assertEquals(1, count(out, HashGroupCounter.FALLBACKS_TO_SORT), "the 300 KB value does not fit a 52 KB table");
    assertEquals(1, count(out, HashGroupCounter.RECORDS_HASHED), "k0 was hashed before");
  }

  @Test
  void combinerChangingTheKeyGoesBackToSortingWithStockOutput() throws Exception {
    Path in = local.input("keychange", TestJobs.words(61, 3000), TestJobs.words(62, 2000));
    LocalRun.Output out = compare(conf -> {
      Job job = TestJobs.wordCount(conf, 2);
      job.setCombinerClass(KeyMarkingCombiner.class);
      return job;
    }, in, local.conf(), keys(HashGroupCollector.CHECK_RECORDS, "300"));
    assertEquals(2, count(out, HashGroupCounter.FALLBACKS_TO_SORT), "both maps");
    assertTrue(out.fingerprintSpills() > 0);
    assertTrue(out.sortedLines().get(0).contains("+\t"), "the combiner's keys reached the reducer");
  }

  @Test
  void declinedJobsRunOnTheFingerprintCollectorWithStockOutput() throws Exception {
    Path in = local.input("decline", TestJobs.words(71, 2000));
    // no combiner
    LocalRun.Output none = compare(conf -> {
      Job job = TestJobs.wordCount(conf, 2);
      job.getConfiguration().unset(MRJobConfig.COMBINE_CLASS_ATTR);
      return job;
    }, in, local.conf(), null);
    assertEquals(1, count(none, HashGroupCounter.DECLINED));
    assertEquals(0, count(none, HashGroupCounter.RECORDS_HASHED));
    assertTrue(none.fingerprintSpills() > 0, "the next collector of the list ran");
    // invalid threshold
    LocalRun.Output bad = compare(conf -> TestJobs.wordCount(conf, 2), in, local.conf(),
        keys(HashGroupCollector.MIN_REDUCTION, "1.5"));
    assertEquals(1, count(bad, HashGroupCounter.DECLINED));
    assertTrue(bad.fingerprintSpills() > 0);
  }

  @Test
  void declineMessagesNameTheKeyAndTheFallback() {
    String[][] cases = {
        {HashGroupCollector.MIN_REDUCTION, "1.5"}, {HashGroupCollector.MIN_REDUCTION, "lots"},
        {HashGroupCollector.MEMORY_PERCENT, "0"}, {HashGroupCollector.CHECK_RECORDS, "0"},
        {MRJobConfig.COMBINER_GROUP_COMPARATOR_CLASS, Text.Comparator.class.getName()}};
    for (String[] c : cases) {
      JobConf job = new JobConf(local.conf());
      HashGroupCollector.enable(job);
      job.setCombinerClass(org.apache.hadoop.mapred.lib.LongSumReducer.class);
      job.set(c[0], c[1]);
      IOException e = assertThrows(IOException.class,
          () -> new HashGroupCollector<Object, Object>().init(new MapOutputCollector.Context(null, job, null)));
      assertTrue(e.getMessage().contains(c[0]), e.getMessage());
      // no map task here: the collectors listed after it cannot take the task either
      assertTrue(e.getMessage().contains("no collector listed after it"), e.getMessage());
    }
  }

  /** Passes every record through unchanged: a valid combiner that keeps its key. */
  public static class IdentityCombiner extends Reducer<Text, BytesWritable, Text, BytesWritable> {}

  /** Sums counts under the key with '+' appended: a combiner that breaks the rule to keep its key. */
  public static class KeyMarkingCombiner extends Reducer<Text, IntWritable, Text, IntWritable> {
    @Override
    protected void reduce(Text key, Iterable<IntWritable> values, Context ctx) throws IOException, InterruptedException {
      int sum = 0;
      for (IntWritable v : values) {
        sum += v.get();
      }
      String k = key.toString();
      ctx.write(new Text(k.endsWith("+") ? k : k + "+"), new IntWritable(sum));
    }
  }
}
