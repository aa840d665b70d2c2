package org.hadoopopt.fingerprint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopopt.fingerprint.collector.FingerprintCollector;
import org.hadoopopt.fingerprint.collector.FingerprintCollector.Mode;
import org.hadoopopt.fingerprint.collector.HashGroupCollector;
import org.hadoopopt.fingerprint.key.FingerprintHashComparator;
import org.hadoopopt.fingerprint.shuffle.FingerprintMergeCounter;
import org.hadoopopt.fingerprint.shuffle.FingerprintShuffle;
import org.hadoopopt.testing.LogCapture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The reduce-side fingerprint merge against Hadoop's own shuffle on the LocalJobRunner: part
 * files byte-identical for the same job with and without {@link FingerprintShuffle}, with each
 * map-side collector (stock, fingerprint, hash grouping), and its counters prove it merged.
 */
class ReduceMergeLocalTest {
  interface JobSetup {
    Job create(Configuration conf) throws Exception;
  }

  /** The map-side collector of a run. */
  enum MapSide {
    STOCK, FINGERPRINT, HASH_GROUP;

    Configuration apply(Configuration conf) {
      if (this == FINGERPRINT) {
        FingerprintCollector.enable(conf, Mode.PREFIX);
      } else if (this == HASH_GROUP) {
        HashGroupCollector.enable(conf);
      }
      return conf;
    }
  }

  private static LocalRun local;

  @BeforeAll
  static void setUp() throws IOException {
    local = new LocalRun("reduce-merge-local");
  }

  private static long merge(LocalRun.Output out, FingerprintMergeCounter c) {
    return out.counters.findCounter(c).getValue();
  }

  /** Runs the job with Hadoop's shuffle and with ours (same map side); asserts identical parts; returns ours. */
  private static LocalRun.Output compare(JobSetup setup, Path in, Configuration base, MapSide side) throws Exception {
    LocalRun.Output stock = local.run(setup.create(side.apply(new Configuration(base))), in);
    assertEquals(0, merge(stock, FingerprintMergeCounter.SEGMENTS_MERGED), "stock run used the fingerprint merge");
    Configuration conf = side.apply(new Configuration(base));
    FingerprintShuffle.enable(conf);
    LocalRun.Output ours = local.run(setup.create(conf), in);
    assertEquals(stock.parts.size(), ours.parts.size(), side + ": number of part files");
    for (int i = 0; i < stock.parts.size(); i++) {
      assertArrayEquals(stock.parts.get(i), ours.parts.get(i), side + ": part " + i + " differs from stock");
    }
    assertEquals(stock.counter(TaskCounter.REDUCE_INPUT_RECORDS), ours.counter(TaskCounter.REDUCE_INPUT_RECORDS));
    assertEquals(stock.counter(TaskCounter.REDUCE_INPUT_GROUPS), ours.counter(TaskCounter.REDUCE_INPUT_GROUPS));
    return ours;
  }

  /** Asserts that the fingerprint merge fed every reduce input record. */
  private static void assertMerged(LocalRun.Output ours, int reducers, int maps) {
    assertEquals(0, merge(ours, FingerprintMergeCounter.DECLINED), "the fingerprint merge declined");
    assertTrue(merge(ours, FingerprintMergeCounter.RECORDS_MERGED) > 0, "the fingerprint merge merged nothing");
    assertEquals(ours.counter(TaskCounter.REDUCE_INPUT_RECORDS), merge(ours, FingerprintMergeCounter.RECORDS_MERGED));
    assertEquals((long) reducers * maps, merge(ours, FingerprintMergeCounter.SEGMENTS_MERGED));
    assertEquals((long) reducers * maps, ours.counter(TaskCounter.MERGED_MAP_OUTPUTS));
  }



  /** Many spills a map: a 1 MB buffer spilled at 2%. */
  private static Configuration tinyBuffer(Configuration conf) {
    conf.setInt(MRJobConfig.IO_SORT_MB, 1);
    conf.setFloat(MRJobConfig.MAP_SORT_SPILL_PERCENT, 0.02f);
    return conf;
  }

  private static Configuration compressed(Configuration conf) {
    conf.setBoolean(MRJobConfig.MAP_OUTPUT_COMPRESS, true);
    conf.setClass(MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC, DefaultCodec.class, CompressionCodec.class);
    return conf;
  }

  @Test
  void examplesWordCountIsIdenticalWithEveryMapSide() throws Exception {
    // Two files' words are longer than 16 bytes and share their first 16: the comparator decides those.
    String prefix = "0123456789abcdef$1";
    Path in = local.input("wc", TestJobs.words(1, 6000), TestJobs.words(2, 5000).replaceAll("(\\S+)", prefix),
        TestJobs.words(3, 4000).replaceAll("(\\S+)", prefix));
    for (MapSide side : MapSide.values()) {
      LocalRun.Output out = compare(c -> TestJobs.wordCount(c, 3), in, local.conf(), side);
      assertMerged(out, 3, 3);
      assertTrue(merge(out, FingerprintMergeCounter.COMPARATOR_TIES) > 0, "long keys must reach the comparator");
    }
  }

  @Test
  void pavloAggregationWithCompressionIsIdenticalAndCorrect() throws Exception {
    String a = UserVisits.lines(11, 5000, 2500);
    String b = UserVisits.lines(12, 4000, 2500);
    String c = UserVisits.lines(13, 3000, 2500);
    Path in = local.input("agg", a, b, c);
    for (MapSide side : MapSide.values()) {
      LocalRun.Output out = compare(conf -> TestJobs.aggregation(conf, 0, 2), in, compressed(local.conf()), side);
      assertMerged(out, 2, 3);
      assertEquals(0, merge(out, FingerprintMergeCounter.COMPARATOR_TIES), "sourceIPs are held whole by two levels");
      List<String> want = new ArrayList<>();
      UserVisits.aggregate(a + b + c, 0).forEach((k, v) -> want.add(k + "\t" + UserVisits.format(v)));
      Collections.sort(want);
      assertEquals(want, out.sortedLines());
    }
  }

  /**
   * Both merges by fingerprint: the collectors' spill merge and the reduce merge, against stock
   * Hadoop on both sides (its collector, its shuffle), with many spills a map.
   */
  @Test
  void spillAndReduceMergesByFingerprintMatchStockHadoop() throws Exception {
    Path in = local.input("spills", UserVisits.lines(15, 6000, 3000), UserVisits.lines(16, 6000, 3000));
    Configuration base = compressed(tinyBuffer(local.conf()));
    // Hadoop merges up to io.sort.factor spills in one pass (in spill order), as the fingerprint merge does
    base.setInt(MRJobConfig.IO_SORT_FACTOR, 100);
    LocalRun.Output stock = local.run(TestJobs.aggregation(new Configuration(base), 0, 3), in);
    for (MapSide side : new MapSide[] {MapSide.FINGERPRINT, MapSide.HASH_GROUP}) {
      Configuration conf = side.apply(new Configuration(base));
      if (side == MapSide.HASH_GROUP) {
        HashGroupCollector.setMemoryPercent(conf, 0.05f); // a 52 KB table: several table spills a map
      }
      FingerprintShuffle.enable(conf);
      LocalRun.Output ours = local.run(TestJobs.aggregation(conf, 0, 3), in);
      for (int i = 0; i < stock.parts.size(); i++) {
        assertArrayEquals(stock.parts.get(i), ours.parts.get(i), side + ": part " + i + " differs from stock");
      }
      assertEquals(stock.parts.size(), ours.parts.size());
      assertMerged(ours, 3, 2);
      assertTrue(merge(ours, FingerprintMergeCounter.SPILL_SEGMENTS_MERGED) >= 2 * 3 * 3,
          side + ": expected at least 3 spills a map merged by fingerprint, got "
              + merge(ours, FingerprintMergeCounter.SPILL_SEGMENTS_MERGED));
    }
  }

  @Test
  void hashModeComparatorMergesByHashAndIsIdentical() throws Exception {
    String a = UserVisits.lines(21, 4000, 1500);
    Path in = local.input("agg-hash", a, UserVisits.lines(22, 3000, 1500));
    Configuration conf = new Configuration(local.conf());
    FingerprintCollector.enable(conf, Mode.HASH);
    LocalRun.Output out = compare(c -> {
      Job job = TestJobs.aggregation(c, 7, 2);
      FingerprintHashComparator.setOn(job);
      return job;
    }, in, conf, MapSide.STOCK);
    assertMerged(out, 2, 2);
  }

  @Test
  void tinyBudgetPutsEveryOutputOnDisk() throws Exception {
    Path in = local.input("agg-disk", UserVisits.lines(31, 3000, 1000), UserVisits.lines(32, 3000, 1000),
        UserVisits.lines(33, 3000, 1000), UserVisits.lines(34, 3000, 1000));
    Configuration conf = compressed(local.conf());
    conf.setLong(MRJobConfig.REDUCE_MEMORY_TOTAL_BYTES, 1000);
    LocalRun.Output out = compare(c -> TestJobs.aggregation(c, 0, 2), in, conf, MapSide.FINGERPRINT);
    assertMerged(out, 2, 4);
    assertEquals(0, merge(out, FingerprintMergeCounter.OUTPUTS_IN_MEMORY));
    assertEquals(8, merge(out, FingerprintMergeCounter.OUTPUTS_ON_DISK));
  }

  @Test
  void reduceInputBufferDecidesWhatStaysInMemory() throws Exception {
    Path in = local.input("wc-mem", TestJobs.words(41, 3000), TestJobs.words(42, 3000));
    // Default reduce.input.buffer.percent 0: every in-memory output goes to disk before the reduce.
    LocalRun.Output moved = compare(c -> TestJobs.wordCount(c, 2), in, local.conf(), MapSide.STOCK);
    assertMerged(moved, 2, 2);
    assertEquals(4, merge(moved, FingerprintMergeCounter.OUTPUTS_IN_MEMORY));
    long mapSpilled = moved.counter(TaskCounter.COMBINE_OUTPUT_RECORDS); // one spill a map, written by the combiner
    assertEquals(mapSpilled + moved.counter(TaskCounter.REDUCE_INPUT_RECORDS), moved.counter(TaskCounter.SPILLED_RECORDS),
        "records moved to disk count as spilled, as Hadoop's final merge counts them");
    Configuration keep = local.conf();
    keep.setFloat(MRJobConfig.REDUCE_INPUT_BUFFER_PERCENT, 1.0f);
    LocalRun.Output kept = compare(c -> TestJobs.wordCount(c, 2), in, keep, MapSide.STOCK);
    assertMerged(kept, 2, 2);
    assertEquals(mapSpilled, kept.counter(TaskCounter.SPILLED_RECORDS), "nothing moved to disk");
  }

  @Test
  void emptyInputIsIdentical() throws Exception {
    Path in = local.input("empty", "", "");
    for (MapSide side : MapSide.values()) {
      LocalRun.Output out = compare(c -> TestJobs.wordCount(c, 2), in, local.conf(), side);
      assertEquals(0, merge(out, FingerprintMergeCounter.DECLINED));
      assertEquals(4, merge(out, FingerprintMergeCounter.SEGMENTS_MERGED), "empty segments are merged too");
      assertEquals(0, merge(out, FingerprintMergeCounter.RECORDS_MERGED));
    }
  }

  @Test
  void comparatorWithoutFingerprintMergesByComparatorAndIsIdentical() throws Exception {
    String a = UserVisits.lines(51, 2000, 500);
    Path in = local.input("reverse", a, UserVisits.lines(52, 2000, 500));
    LocalRun.Output out = compare(c -> {
      Job job = TestJobs.aggregation(c, 0, 2);
      job.setSortComparatorClass(TestJobs.ReverseTextComparator.class);
      return job;
    }, in, local.conf(), MapSide.FINGERPRINT);
    assertEquals(0, merge(out, FingerprintMergeCounter.DECLINED), "a constant fingerprint: the merge runs");
    assertEquals(out.counter(TaskCounter.REDUCE_INPUT_RECORDS), merge(out, FingerprintMergeCounter.RECORDS_MERGED));
    List<String> lines = out.lines();
    assertFalse(lines.isEmpty());
  }

  @Test
  void customKeyTypeMergesByComparatorAndIsIdentical() throws Exception {
    Path in = local.input("pair", UserVisits.lines(61, 2000, 400), UserVisits.lines(62, 2000, 400));
    LocalRun.Output out = compare(conf -> {
      return TestJobs.pairAggregation(conf, 2);
    }, in, local.conf(), MapSide.STOCK);
    assertEquals(0, merge(out, FingerprintMergeCounter.DECLINED));
    assertTrue(merge(out, FingerprintMergeCounter.RECORDS_MERGED) > 0);
    assertEquals(out.counter(TaskCounter.REDUCE_INPUT_RECORDS), merge(out, FingerprintMergeCounter.RECORDS_MERGED));
  }

  @Test
  void encryptedIntermediateDataDeclinesAndIsIdentical() throws Exception {
    Path in = local.input("encrypted", TestJobs.words(91, 2000), TestJobs.words(92, 2000));
    Configuration conf = local.conf();
    conf.setBoolean(MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA, true);
    LocalRun.Output out = compare(c -> TestJobs.wordCount(c, 2), in, conf, MapSide.STOCK);
    assertEquals(2, merge(out, FingerprintMergeCounter.DECLINED), "each reducer declines");
    assertEquals(0, merge(out, FingerprintMergeCounter.RECORDS_MERGED));
  }

  @Test
  void tooManyMapOutputsDeclinesAndIsIdentical() throws Exception {
    Path in = local.input("many", TestJobs.words(71, 2000), TestJobs.words(72, 2000), TestJobs.words(73, 2000));
    Configuration conf = local.conf();
    FingerprintShuffle.setMaxSegments(conf, 2);
    LocalRun.Output out = compare(c -> TestJobs.wordCount(c, 1), in, conf, MapSide.STOCK);
    assertEquals(1, merge(out, FingerprintMergeCounter.DECLINED));
  }

  @Test
  void invalidKeyValueFailsTheJobNamingTheKey() throws Exception {
    Path in = local.input("invalid", TestJobs.words(81, 100));
    for (String[] kv : new String[][] {{FingerprintShuffle.MAX_SEGMENTS, "many"}, {FingerprintShuffle.MAX_SEGMENTS, "0"},
        {MRJobConfig.SHUFFLE_INPUT_BUFFER_PERCENT, "1.5"}}) {
      Configuration conf = local.conf();
      FingerprintShuffle.enable(conf);
      conf.set(kv[0], kv[1]);
      Job job = TestJobs.wordCount(conf, 1);
      FileInputFormat.setInputPaths(job, in);
      FileOutputFormat.setOutputPath(job, new Path(local.dir().getAbsolutePath(), "out-invalid-" + kv[1]));
      String log = LogCapture.failedJob(job);
      assertTrue(log.contains("invalid " + kv[0] + "=" + kv[1]), "the failure must name " + kv[0] + ": " + log);
    }
  }
}
