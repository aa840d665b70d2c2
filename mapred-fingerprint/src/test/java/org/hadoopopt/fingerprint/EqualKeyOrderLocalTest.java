package org.hadoopopt.fingerprint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.MapTask;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.hadoopopt.fingerprint.collector.FingerprintCollector;
import org.hadoopopt.fingerprint.collector.FingerprintCounter;
import org.hadoopopt.fingerprint.shuffle.FingerprintMergeCounter;
import org.hadoopopt.fingerprint.shuffle.FingerprintShuffle;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Records with equal keys in stock's order: jobs whose map output is mostly ties (a handful of
 * keys, each value the record's input line, so the reduce output shows the order the values
 * arrived in), run with Hadoop's {@code MapOutputBuffer} and with the fingerprint collector in
 * its default sort, their part files compared byte for byte. Text keys (the prefix fingerprint,
 * and keys sharing their first 8 bytes so the comparator decides), IntWritable keys (exact
 * fingerprints), LongWritable keys sorted by {@code LongWritable.DecreasingComparator} (the grep
 * example's second job: no fingerprint, the comparator orders every pair). The radix sort, which
 * keeps equal keys in arrival order, is run too and must differ: the inputs do separate the orders.
 * Across spills stock's own order depends on where its spill thread cut the records (records
 * collected while a spill runs go to the next one), so the merge of spills is checked against
 * Hadoop's {@code Merger} on the same spills instead ({@code FingerprintMergeOrderTest}).
 */
class EqualKeyOrderLocalTest {
  private static final String KEY_TYPE = "test.equal.keys.type";
  private static LocalRun run;
  private static Path oneMap;
  private static Path threeMaps;

  @BeforeAll
  static void setUp() throws IOException {
    run = new LocalRun("EqualKeyOrderLocalTest");
    oneMap = run.input("one", lines(1, 6000));
    threeMaps = run.input("three", lines(2, 3000), lines(3, 3000), lines(4, 3000));
  }

  /** Lines "word number": words from a small set (some sharing a long prefix), numbers 0..9. */
  private static String lines(long seed, int n) {
    String[] words = {"apple", "pear", "fig", "http://example.com/a", "http://example.com/b", "http://example.com/"};
    Random r = new Random(seed);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(words[r.nextInt(words.length)]).append(' ').append(r.nextInt(10)).append('\n');
    }
    return sb.toString();
  }

  /** Emits (key, the input line) with the key taken from the line as {@link #KEY_TYPE} says. */
  public static class TieMapper extends Mapper<LongWritable, Text, Object, Text> {
    private final Text word = new Text();
    private final IntWritable number = new IntWritable();
    private final LongWritable count = new LongWritable();
    private String type;

    @Override
    protected void setup(Context context) {
      type = context.getConfiguration().get(KEY_TYPE);
    }

    @Override
    protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
      String[] f = line.toString().split(" ");
      switch (type) {
        case "text":
          word.set(f[0]);
          context.write(word, line);
          break;
        case "int":
          number.set(Integer.parseInt(f[1]));
          context.write(number, line);
          break;
        default:
          count.set(Long.parseLong(f[1]) * 1000 + f[0].length());
          context.write(count, line);
      }
    }
  }

  /** Writes every value of a key in the order it arrived. */
  public static class InOrderReducer extends Reducer<Object, Text, Object, Text> {
    @Override
    protected void reduce(Object key, Iterable<Text> values, Context context) throws IOException, InterruptedException {
      for (Text v : values) {
        context.write(key, v);
      }
    }
  }

  private static Job job(Configuration conf, String type, int reducers) throws IOException {
    conf.set(KEY_TYPE, type);
    Job job = Job.getInstance(conf, "ties-" + type);
    job.setMapperClass(TieMapper.class);
    job.setReducerClass(InOrderReducer.class);
    Class<?> key = type.equals("text") ? Text.class : type.equals("int") ? IntWritable.class : LongWritable.class;
    job.setMapOutputKeyClass(key);
    job.setMapOutputValueClass(Text.class);
    job.setOutputKeyClass(key);
    job.setOutputValueClass(Text.class);
    if (type.equals("decreasing")) {
      job.setSortComparatorClass(LongWritable.DecreasingComparator.class);
    }
    job.setNumReduceTasks(reducers);
    return job;
  }

  private static Configuration stock() {
    Configuration conf = run.conf();
    conf.set(MRJobConfig.MAP_OUTPUT_COLLECTOR_CLASS_ATTR, MapTask.MapOutputBuffer.class.getName());
    return conf;
  }

  private static Configuration fingerprint(FingerprintCollector.Sort sort) {
    Configuration conf = run.conf();
    FingerprintCollector.enable(conf, FingerprintCollector.Mode.PREFIX);
    if (sort != null) {
      FingerprintCollector.setSort(conf, sort);
    }
    return conf;
  }

  private static void assertSameBytes(LocalRun.Output want, LocalRun.Output got, String what) {
    assertEquals(want.parts.size(), got.parts.size(), what + ": part files");
    for (int i = 0; i < want.parts.size(); i++) {
      assertArrayEquals(want.parts.get(i), got.parts.get(i), what + ": part " + i + " differs from stock");
    }
  }

  private static boolean sameBytes(LocalRun.Output a, LocalRun.Output b) {
    for (int i = 0; i < a.parts.size(); i++) {
      if (!java.util.Arrays.equals(a.parts.get(i), b.parts.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** One map (so the reduce input is that map output's order), two partitions, each key type. */
  @Test
  void equalKeysOfOneMapOutputComeInStockOrder() throws Exception {
    for (String type : new String[] {"text", "int", "decreasing"}) {
      LocalRun.Output stock = run.run(job(stock(), type, 2), oneMap);
      LocalRun.Output fp = run.run(job(fingerprint(null), type, 2), oneMap);
      assertEquals(6000, fp.counters.findCounter(FingerprintCounter.RECORDS_SORTED).getValue(), type + ": collector ran");
      assertEquals(0, fp.counters.findCounter(FingerprintCounter.DECLINED).getValue(), type);
      assertSameBytes(stock, fp, type);
      LocalRun.Output radix = run.run(job(fingerprint(FingerprintCollector.Sort.RADIX), type, 2), oneMap);
      assertEquals(stock.sortedLines(), radix.sortedLines(), type + ": radix holds the same records");
      assertFalse(sameBytes(stock, radix), type + ": the radix order of equal keys should differ from stock's here");
    }
  }

  /** Three map outputs merged by the fingerprint merge: the same order as Hadoop's merge manager. */
  @Test
  void reduceMergeKeepsStockOrderAcrossMapOutputs() throws Exception {
    for (String type : new String[] {"text", "int", "decreasing"}) {
      LocalRun.Output stock = run.run(job(stock(), type, 2), threeMaps);
      Configuration conf = stock();
      FingerprintShuffle.enable(conf);
      LocalRun.Output merged = run.run(job(conf, type, 2), threeMaps);
      assertEquals(9000, merged.counters.findCounter(FingerprintMergeCounter.RECORDS_MERGED).getValue(),
          type + ": the fingerprint merge ran");
      assertEquals(0, merged.counters.findCounter(FingerprintMergeCounter.DECLINED).getValue(), type);
      assertSameBytes(stock, merged, type);
    }
  }
}
