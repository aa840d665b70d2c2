package org.hadoopopt.fingerprint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.WordCount;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.JarFinder;
import org.hadoopopt.fingerprint.collector.FingerprintCollector;
import org.hadoopopt.fingerprint.collector.FingerprintCollector.Mode;
import org.hadoopopt.fingerprint.collector.FingerprintCounter;
import org.hadoopopt.fingerprint.collector.HashGroupCollector;
import org.hadoopopt.fingerprint.collector.HashGroupCounter;
import org.hadoopopt.fingerprint.shuffle.FingerprintMergeCounter;
import org.hadoopopt.fingerprint.shuffle.FingerprintShuffle;
import org.hadoopopt.testing.MiniMrYarn;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The collector in task JVMs on MiniMRYarnCluster, its output served by the real ShuffleHandler:
 * compared with Hadoop's own collector on the same input and job (run on the LocalJobRunner,
 * whose reduce output is the same bytes). Hash grouping ({@code HashGroupCollector}) runs here
 * too, on the same cluster.
 */
class CollectorMiniMrYarnTest {
  @RegisterExtension
  static final MiniMrYarn CLUSTER = new MiniMrYarn(1);

  private static LocalRun local;

  @BeforeAll
  static void setUp() throws IOException {
    local = new LocalRun("collector-yarn");
  }

  private static Path upload(String dir, String... files) throws IOException {
    FileSystem fs = CLUSTER.fs();
    Path in = new Path(dir);
    for (int i = 0; i < files.length; i++) {
      try (OutputStream out = fs.create(new Path(in, "f" + i + ".txt"))) {
        out.write(files[i].getBytes(StandardCharsets.UTF_8));
      }
    }
    return in;
  }

  private static List<byte[]> parts(FileSystem fs, Path dir) throws IOException {
    FileStatus[] st = fs.globStatus(new Path(dir, "part-*"));
    Arrays.sort(st);
    List<byte[]> out = new ArrayList<>();
    for (FileStatus s : st) {
      try (InputStream in = fs.open(s.getPath())) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        IOUtils.copyBytes(in, b, 4096, false);
        out.add(b.toByteArray());
      }
    }
    return out;
  }

  /** A YARN job configuration whose tasks can load the test jobs, the examples and this module. */
  private static Configuration yarnConf(Mode mode) {
    Configuration conf = CLUSTER.conf();
    FingerprintCollector.enable(conf, mode);
    conf.set("tmpjars", "file://" + JarFinder.getJar(FingerprintCollector.class) + ",file://"
        + JarFinder.getJar(WordCount.class));
    conf.setInt(MRJobConfig.IO_SORT_MB, 1);
    conf.setFloat(MRJobConfig.MAP_SORT_SPILL_PERCENT, 0.05f);
    conf.setInt("mapreduce.client.completion.pollinterval", 200);
    return conf;
  }

  private static Job wordCount(Configuration conf) throws IOException {
    Job job = Job.getInstance(conf, "wordcount");
    job.setJar(JarFinder.getJar(TestJobs.class));
    job.setMapperClass(WordCount.TokenizerMapper.class);
    job.setCombinerClass(WordCount.IntSumReducer.class);
    job.setReducerClass(WordCount.IntSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    job.setNumReduceTasks(1); // one reduce JVM: task start-up dominates on this machine
    return job;
  }

  private static String text(long seed, int words) {
    java.util.Random r = new java.util.Random(seed);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < words; i++) {
      sb.append("w").append(Integer.toString(r.nextInt(3000), 36)).append(i % 10 == 9 ? '\n' : ' ');
    }
    return sb.toString();
  }

  /**
   * Hash mode over the real shuffle: the Pavlo large aggregation (sum of adRevenue by sourceIP,
   * with its combiner, many spills) whose reducers merge and group by
   * {@code FingerprintHashComparator}; its lines must be the sums computed here. (Each task JVM
   * takes tens of seconds to start on this 2-core machine, so the YARN jobs are few; the
   * LocalJobRunner tests cover every job kind against stock.)
   */
  @Test
  void hashModeAggregationIsCorrectOverTheShuffle() throws Exception {
    String rows = UserVisits.lines(61, 8000, 2500);
    Configuration conf = yarnConf(Mode.HASH);
    Job job = Job.getInstance(conf, "aggregation-hash");
    job.setJar(JarFinder.getJar(TestJobs.class));
    job.setMapperClass(TestJobs.AggregationMapper.class);
    job.setCombinerClass(TestJobs.TextSumCombiner.class);
    job.setReducerClass(TestJobs.TextRevenueReducer.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(org.apache.hadoop.io.LongWritable.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setNumReduceTasks(1);
    Path out = new Path("/agg/out");
    FileInputFormat.addInputPath(job, upload("/agg/in", rows));
    FileOutputFormat.setOutputPath(job, out);
    assertTrue(job.waitForCompletion(false), "aggregation job failed");
    assertTrue(job.getCounters().findCounter(FingerprintCounter.SPILLS).getValue() >= 3,
        "the fingerprint collector did not run in hash mode in the task JVMs");

    List<String> want = new ArrayList<>();
    UserVisits.aggregate(rows, 0).forEach((ip, sum) -> want.add(ip + "\t" + UserVisits.format(sum)));
    java.util.Collections.sort(want);
    List<String> got = new ArrayList<>();
    for (byte[] part : parts(CLUSTER.fs(), out)) {
      got.addAll(new String(part, StandardCharsets.UTF_8).lines().collect(java.util.stream.Collectors.toList()));
    }
    java.util.Collections.sort(got);
    assertEquals(want, got);
  }

  @Test
  void prefixModeIsIdenticalToStockOverTheShuffle() throws Exception {
    String words = text(1, 30000);
    Path wcOut = new Path("/wc/out");
    Job wc = wordCount(yarnConf(Mode.PREFIX));
    FileInputFormat.addInputPath(wc, upload("/wc/in", words));
    FileOutputFormat.setOutputPath(wc, wcOut);
    assertTrue(wc.waitForCompletion(false), "wordcount job failed");

    assertTrue(wc.getCounters().findCounter(FingerprintCounter.SPILLS).getValue() >= 4,
        "the fingerprint collector did not run in the task JVMs");
    assertTrue(wc.getCounters().findCounter(TaskCounter.REDUCE_SHUFFLE_BYTES).getValue() > 0);
    LocalRun.Output stock = local.run(wordCount(local.conf()), local.input("wc", words));
    List<byte[]> ours = parts(CLUSTER.fs(), wcOut);
    assertEquals(stock.parts.size(), ours.size());
    for (int i = 0; i < ours.size(); i++) {
      assertArrayEquals(stock.parts.get(i), ours.get(i), "part " + i + " differs from stock");
    }
    assertEquals(stock.counter(TaskCounter.MAP_OUTPUT_RECORDS),
        wc.getCounters().findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue());
    assertEquals(stock.counter(TaskCounter.MAP_OUTPUT_BYTES),
        wc.getCounters().findCounter(TaskCounter.MAP_OUTPUT_BYTES).getValue());
  }

  /**
   * Hash grouping in task JVMs: WordCount through a 52 KB table (several table spills merged into
   * the map output file), served by the ShuffleHandler; part files byte-identical to stock's, and
   * the job's counters (summed from the containers) show every map output record hashed, table
   * spills written, and neither the sort fallback nor a decline.
   */
  @Test
  void hashGroupingIsIdenticalToStockOverTheShuffle() throws Exception {
    String words = text(2, 20000);
    Configuration conf = yarnConf(Mode.PREFIX);
    HashGroupCollector.enable(conf);
    HashGroupCollector.setMemoryPercent(conf, 0.05f);
    Path out = new Path("/hash/out");
    Job wc = wordCount(conf);
    FileInputFormat.addInputPath(wc, upload("/hash/in", words));
    FileOutputFormat.setOutputPath(wc, out);
    assertTrue(wc.waitForCompletion(false), "wordcount job failed");

    org.apache.hadoop.mapreduce.Counters c = wc.getCounters();
    long records = c.findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue();
    assertEquals(20000, records);
    assertEquals(records, c.findCounter(HashGroupCounter.RECORDS_HASHED).getValue(),
        "every map output record must go through the table in the task JVM");
    assertTrue(c.findCounter(HashGroupCounter.TABLE_SPILLS).getValue() >= 2, "table spills");
    assertTrue(c.findCounter(HashGroupCounter.COMBINER_FOLDS).getValue() > 0, "combiner folds in the table");
    assertEquals(0, c.findCounter(HashGroupCounter.FALLBACKS_TO_SORT).getValue());
    assertEquals(0, c.findCounter(HashGroupCounter.DECLINED).getValue());
    assertEquals(0, c.findCounter(FingerprintCounter.SPILLS).getValue(), "the sort path must not have run");
    assertTrue(c.findCounter(TaskCounter.REDUCE_SHUFFLE_BYTES).getValue() > 0);

    LocalRun.Output stock = local.run(wordCount(local.conf()), local.input("hash", words));
    List<byte[]> ours = parts(CLUSTER.fs(), out);
    assertEquals(stock.parts.size(), ours.size());
    for (int i = 0; i < ours.size(); i++) {
      assertArrayEquals(stock.parts.get(i), ours.get(i), "part " + i + " differs from stock");
    }
    assertEquals(stock.counter(TaskCounter.MAP_OUTPUT_RECORDS), records);
    assertEquals(stock.counter(TaskCounter.MAP_OUTPUT_BYTES), c.findCounter(TaskCounter.MAP_OUTPUT_BYTES).getValue());
  }

  /**
   * The reduce-side fingerprint merge in a reduce JVM, fed by Hadoop's HTTP fetchers from the
   * ShuffleHandler: two compressed map outputs, one of them too large for memory (on disk), the
   * other in memory; part files byte-identical to stock's, every reduce input record merged by it.
   */
  @Test
  void fingerprintMergeIsIdenticalToStockOverTheHttpFetcher() throws Exception {
    String small = text(3, 500);
    String large = text(4, 40000);
    Configuration conf = yarnConf(Mode.PREFIX);
    FingerprintShuffle.enable(conf);
    conf.setBoolean(MRJobConfig.MAP_OUTPUT_COMPRESS, true);
    // A 200 KB shuffle buffer: the large map's output (about 36 KB raw) exceeds its 25% single-output share.
    conf.setLong(MRJobConfig.REDUCE_MEMORY_TOTAL_BYTES, 200_000);
    conf.setFloat(MRJobConfig.SHUFFLE_INPUT_BUFFER_PERCENT, 0.5f);
    conf.setFloat(MRJobConfig.REDUCE_INPUT_BUFFER_PERCENT, 1.0f);
    Path out = new Path("/merge/out");
    Job wc = wordCount(conf);
    FileInputFormat.addInputPath(wc, upload("/merge/in", small, large));
    FileOutputFormat.setOutputPath(wc, out);
    assertTrue(wc.waitForCompletion(false), "wordcount job failed");

    org.apache.hadoop.mapreduce.Counters c = wc.getCounters();
    assertEquals(0, c.findCounter(FingerprintMergeCounter.DECLINED).getValue());
    assertEquals(2, c.findCounter(FingerprintMergeCounter.SEGMENTS_MERGED).getValue());
    assertEquals(1, c.findCounter(FingerprintMergeCounter.OUTPUTS_IN_MEMORY).getValue(), "the small output in memory");
    assertEquals(1, c.findCounter(FingerprintMergeCounter.OUTPUTS_ON_DISK).getValue(), "the large output on disk");
    long merged = c.findCounter(FingerprintMergeCounter.RECORDS_MERGED).getValue();
    assertTrue(merged > 0, "the fingerprint merge did not run in the reduce JVM");
    assertEquals(c.findCounter(TaskCounter.REDUCE_INPUT_RECORDS).getValue(), merged);
    assertTrue(c.findCounter(TaskCounter.REDUCE_SHUFFLE_BYTES).getValue() > 0);

    LocalRun.Output stock = local.run(wordCount(local.conf()), local.input("merge", small, large));
    List<byte[]> ours = parts(CLUSTER.fs(), out);
    assertEquals(stock.parts.size(), ours.size());
    for (int i = 0; i < ours.size(); i++) {
      assertArrayEquals(stock.parts.get(i), ours.get(i), "part " + i + " differs from stock");
    }
  }
}
