package org.hadoopopt.fingerprint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.reduce.IntSumReducer;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;
import org.hadoopopt.fingerprint.collector.FingerprintCollector;
import org.hadoopopt.fingerprint.collector.FingerprintCollector.Mode;
import org.hadoopopt.fingerprint.collector.FingerprintCounter;
import org.hadoopopt.fingerprint.collector.HashGroupCollector;
import org.hadoopopt.fingerprint.collector.HashGroupCounter;
import org.hadoopopt.fingerprint.collector.RawSumCombiner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hadoop's summing combiners run on raw bytes ({@link RawSumCombiner}) on the LocalJobRunner:
 * part files byte-identical to stock Hadoop's and to sums computed here (values chosen so sums
 * wrap around), the combine counters equal to those of the same collector running the combiner
 * through Hadoop's runner, and {@code RAW_SUM_GROUPS} showing the raw path ran (or did not, for a
 * subclass of the combiner or with the key off).
 */
class RawSumLocalTest {
  private static LocalRun local;
  private static Path input;
  private static Map<String, Long> longSums;
  private static Map<String, Integer> intSums;

  @BeforeAll
  static void setUp() throws IOException {
    local = new LocalRun("rawsum-local");
    Random r = new Random(7);
    longSums = new TreeMap<>();
    intSums = new TreeMap<>();
    String[] files = new String[3];
    for (int f = 0; f < files.length; f++) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < 12_000; i++) {
        String w = "w" + (r.nextInt(10) == 0 ? 7 : r.nextInt(3000)); // one hot key among 3,000
        long v = r.nextInt(4) == 0 ? r.nextLong() : r.nextInt(1000) - 500; // large ones make sums wrap
        b.append(w).append(' ').append(v).append('\n');
        longSums.merge(w, v, (a, c) -> a + c);
        intSums.merge(w, (int) v, (a, c) -> a + c);
      }
      files[f] = b.toString();
    }
    input = local.input("words", files);
  }

  /** "word value" lines: (word, value) as a LongWritable, or its low 32 bits as an IntWritable. */
  public static class LongMapper extends Mapper<LongWritable, Text, Text, LongWritable> {
    private final Text word = new Text();
    private final LongWritable value = new LongWritable();

    @Override
    protected void map(LongWritable k, Text line, Context c) throws IOException, InterruptedException {
      String[] p = line.toString().split(" ");
      word.set(p[0]);
      value.set(Long.parseLong(p[1]));
      c.write(word, value);
    }
  }

  public static class IntMapper extends Mapper<LongWritable, Text, Text, IntWritable> {
    private final Text word = new Text();
    private final IntWritable value = new IntWritable();

    @Override
    protected void map(LongWritable k, Text line, Context c) throws IOException, InterruptedException {
      String[] p = line.toString().split(" ");
      word.set(p[0]);
      value.set((int) Long.parseLong(p[1]));
      c.write(word, value);
    }
  }

  /** Sums as LongSumReducer does, but is not that class: the raw path must leave it to Hadoop's runner. */
  public static class OwnLongSum extends LongSumReducer<Text> {}

  private static Job longJob(Configuration conf, Class<?> combiner) throws IOException {
    Job job = Job.getInstance(conf, "long-sum");
    job.setMapperClass(LongMapper.class);
    job.getConfiguration().setClass(MRJobConfig.COMBINE_CLASS_ATTR, combiner, org.apache.hadoop.mapreduce.Reducer.class);
    job.setReducerClass(LongSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(LongWritable.class);
    job.setNumReduceTasks(3);
    return job;
  }

  private static Job intJob(Configuration conf) throws IOException {
    Job job = Job.getInstance(conf, "int-sum");
    job.setMapperClass(IntMapper.class);
    job.setCombinerClass(IntSumReducer.class);
    job.setReducerClass(IntSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    job.setNumReduceTasks(2);
    return job;
  }

  /** Many spills (and so Hadoop's merge-time combiner too): a 1 MB buffer spilled at 5%. */
  private static Configuration base() {
    Configuration conf = local.conf();
    conf.setInt(MRJobConfig.IO_SORT_MB, 1);
    conf.setFloat(MRJobConfig.MAP_SORT_SPILL_PERCENT, 0.05f);
    return conf;
  }

  private static Configuration with(Mode mode, boolean raw) {
    Configuration conf = base();
    FingerprintCollector.enable(conf, mode);
    conf.setBoolean(RawSumCombiner.ENABLED, raw);
    return conf;
  }

  private static long count(LocalRun.Output o, Enum<?> c) {
    return o.counters.findCounter(c).getValue();
  }

  private static void assertIdentical(LocalRun.Output stock, LocalRun.Output ours, String what) {
    assertEquals(stock.parts.size(), ours.parts.size(), what + ": part files");
    for (int i = 0; i < stock.parts.size(); i++) {
      assertArrayEquals(stock.parts.get(i), ours.parts.get(i), what + ": part " + i + " differs from stock");
    }
    assertEquals(stock.counter(TaskCounter.MAP_OUTPUT_RECORDS), ours.counter(TaskCounter.MAP_OUTPUT_RECORDS), what);
    assertEquals(stock.counter(TaskCounter.MAP_OUTPUT_BYTES), ours.counter(TaskCounter.MAP_OUTPUT_BYTES), what);
  }

  private static List<String> expected(Map<String, ? extends Number> sums) {
    List<String> lines = new ArrayList<>();
    sums.forEach((k, v) -> lines.add(k + "\t" + v));
    java.util.Collections.sort(lines);
    return lines;
  }

  @Test
  void longSumOnRawBytesIsIdenticalToStockAndToHadoopsRunner() throws Exception {
    LocalRun.Output stock = local.run(longJob(base(), LongSumReducer.class), input);
    assertEquals(expected(longSums), stock.sortedLines(), "stock against the sums computed here");

    LocalRun.Output raw = local.run(longJob(with(Mode.PREFIX, true), LongSumReducer.class), input);
    assertIdentical(stock, raw, "prefix, raw sum");
    assertTrue(count(raw, FingerprintCounter.SPILLS) >= 6, "many spills: " + count(raw, FingerprintCounter.SPILLS));
    assertTrue(count(raw, FingerprintCounter.RAW_SUM_GROUPS) > 0, "the raw sum ran");
    assertTrue(count(raw, FingerprintCounter.RAW_SUM_GROUPS) <= count(raw, TaskCounter.COMBINE_OUTPUT_RECORDS),
        "the spills' groups are part of the combine output");

    LocalRun.Output runner = local.run(longJob(with(Mode.PREFIX, false), LongSumReducer.class), input);
    assertIdentical(stock, runner, "prefix, Hadoop's runner");
    assertEquals(0, count(runner, FingerprintCounter.RAW_SUM_GROUPS));
    assertEquals(count(runner, TaskCounter.COMBINE_INPUT_RECORDS), count(raw, TaskCounter.COMBINE_INPUT_RECORDS),
        "combine input records as Hadoop's runner counts them");
    assertEquals(count(runner, TaskCounter.COMBINE_OUTPUT_RECORDS), count(raw, TaskCounter.COMBINE_OUTPUT_RECORDS),
        "combine output records as Hadoop's runner counts them");

    LocalRun.Output hash = local.run(longJob(with(Mode.HASH, true), LongSumReducer.class), input);
    assertTrue(count(hash, FingerprintCounter.RAW_SUM_GROUPS) > 0, "the raw sum ran in hash mode");
    assertEquals(stock.sortedLines(), hash.sortedLines(), "hash mode, raw sum");

    Configuration grouping = base();
    HashGroupCollector.enable(grouping);
    grouping.setFloat(HashGroupCollector.MEMORY_PERCENT, 0.1f); // a table of 100 KB: several table spills
    LocalRun.Output grouped = local.run(longJob(grouping, LongSumReducer.class), input);
    assertIdentical(stock, grouped, "hash grouping, sums in place");
    assertEquals(grouped.counter(TaskCounter.MAP_OUTPUT_RECORDS), count(grouped, HashGroupCounter.RECORDS_HASHED));
    assertTrue(count(grouped, HashGroupCounter.TABLE_SPILLS) >= 6, "table spills: " + count(grouped, HashGroupCounter.TABLE_SPILLS));
    assertTrue(count(grouped, HashGroupCounter.RAW_SUMS) > 0, "records summed in place");
    assertEquals(0, count(grouped, HashGroupCounter.COMBINER_FOLDS), "no combiner run in the table: the sums are kept as they come");
    assertEquals(0, count(grouped, HashGroupCounter.FALLBACKS_TO_SORT));
  }

  @Test
  void hashGroupingWithSumsFallsBackToSortingWhenKeysNeverRepeat() throws Exception {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      b.append("u").append(i).append(' ').append(i * 7919L - 50_000).append('\n');
    }
    Path unique = local.input("unique", b.toString(), b.toString().replace("u", "v"));
    LocalRun.Output stock = local.run(longJob(base(), LongSumReducer.class), unique);
    Configuration conf = base();
    HashGroupCollector.enable(conf);
    conf.setLong(HashGroupCollector.CHECK_RECORDS, 1000); // checked mid-batch of held-back records
    conf.setInt(MRJobConfig.IO_SORT_MB, 4);
    LocalRun.Output ours = local.run(longJob(conf, LongSumReducer.class), unique);
    assertIdentical(stock, ours, "fallback from sums in place");
    assertEquals(2, count(ours, HashGroupCounter.FALLBACKS_TO_SORT), "each map went back to sorting");
    assertEquals(2000, count(ours, HashGroupCounter.RECORDS_HASHED), "the first 1,000 records of each map hashed");
    assertTrue(count(ours, FingerprintCounter.RAW_SUM_GROUPS) > 0, "the fingerprint collector's raw sum took over");
  }

  @Test
  void intSumWrapsAsIntSumReducerDoes() throws Exception {
    LocalRun.Output stock = local.run(intJob(base()), input);
    assertEquals(expected(intSums), stock.sortedLines(), "stock against the int sums computed here");
    LocalRun.Output raw = local.run(intJob(with(Mode.PREFIX, true)), input);
    assertIdentical(stock, raw, "prefix, raw int sum");
    assertTrue(count(raw, FingerprintCounter.RAW_SUM_GROUPS) > 0, "the raw int sum ran");
    Configuration grouping = base();
    HashGroupCollector.enable(grouping);
    LocalRun.Output grouped = local.run(intJob(grouping), input);
    assertIdentical(stock, grouped, "hash grouping, int sums in place");
    assertTrue(count(grouped, HashGroupCounter.RAW_SUMS) > 0, "int records summed in place");
  }

  @Test
  void theOldApisLongSumReducerAsCombinerIsSummedRaw() throws Exception {
    LocalRun.Output stock = local.run(oldCombiner(longJob(base(), LongSumReducer.class)), input);
    LocalRun.Output ours = local.run(oldCombiner(longJob(with(Mode.PREFIX, true), LongSumReducer.class)), input);
    assertIdentical(stock, ours, "old API combiner");
    assertTrue(count(ours, FingerprintCounter.RAW_SUM_GROUPS) > 0, "the old API's LongSumReducer summed raw");
  }

  /** The old API's LongSumReducer as the combiner (Hadoop runs it in place of the new API's class). */
  private static Job oldCombiner(Job job) {
    job.getConfiguration().setClass("mapred.combiner.class", org.apache.hadoop.mapred.lib.LongSumReducer.class,
        org.apache.hadoop.mapred.Reducer.class);
    job.getConfiguration().unset(MRJobConfig.COMBINE_CLASS_ATTR);
    return job;
  }

  @Test
  void aSubclassOfTheCombinerGoesThroughHadoopsRunner() throws Exception {
    LocalRun.Output stock = local.run(longJob(base(), OwnLongSum.class), input);
    LocalRun.Output ours = local.run(longJob(with(Mode.PREFIX, true), OwnLongSum.class), input);
    assertIdentical(stock, ours, "subclass combiner");
    assertTrue(count(ours, FingerprintCounter.SPILLS) > 0);
    assertEquals(0, count(ours, FingerprintCounter.RAW_SUM_GROUPS), "a subclass may not sum: not raw");
  }

  @Test
  void anInvalidSwitchDeclinesNamingTheKey() throws Exception {
    LocalRun.Output stock = local.run(longJob(base(), LongSumReducer.class), input);
    Configuration conf = with(Mode.PREFIX, true);
    conf.set(RawSumCombiner.ENABLED, "yes");
    LocalRun.Output ours = local.run(longJob(conf, LongSumReducer.class), input);
    assertIdentical(stock, ours, "declined to stock");
    assertEquals(0, count(ours, FingerprintCounter.SPILLS));
    assertEquals(3, count(ours, FingerprintCounter.DECLINED), "each of the 3 maps declined");
  }
}
