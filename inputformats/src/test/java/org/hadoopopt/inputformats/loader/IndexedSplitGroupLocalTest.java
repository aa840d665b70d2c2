package org.hadoopopt.inputformats.loader;

import static org.hadoopopt.inputformats.loader.TestTables.expected;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormatCounter;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopopt.inputformats.mapreduce.IndexedSplit;
import org.hadoopopt.inputformats.mapreduce.IndexedSplitGroup;
import org.hadoopopt.inputformats.mapreduce.RangeIndexCounter;
import org.hadoopopt.inputformats.mapreduce.RankingsRangeInputFormat;
import org.hadoopopt.inputformats.mapreduce.ScanSplits;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Page runs packed to the map slots ({@link ScanSplits#SLOTS} on {@code RangeIndexInputFormat}):
 * tables loaded by the test (3 partitions, 512-byte pages, text and KVSF) and cut into many page runs
 * (a 1 KB maximum split size) give at most N groups holding every run once, of near-equal bytes;
 * jobs on the local runner read the same rows, the same pruning counters and the same
 * {@code File Input Format} bytes as without packing, with N map tasks instead of one per run.
 */
class IndexedSplitGroupLocalTest {
  private static final int SLOTS = 2;
  private static File work;
  private static Configuration conf;
  private static FileSystem fs;
  private static TestTables tables;

  @BeforeAll
  static void load() throws Exception {
    work = TestTables.freshWork("indexed-split-group");
    conf = TestTables.localConf();
    conf.setLong(FileInputFormat.SPLIT_MAXSIZE, 1024); // many page runs per file
    fs = FileSystem.getLocal(conf);
    tables = new TestTables(5, 900, 10);
    TestTables.write(new File(work, "in/rankings/data.txt"), tables.rankings);
    for (String format : new String[] {"text", "kvsf"}) {
      TestTables.load(conf, "rankings", format, 3, 512, path("in/rankings"), path("rankings-" + format));
    }
  }

  private static Path path(String rel) {
    return new Path(new File(work, rel).getAbsolutePath());
  }

  /** pageRank in [lo, hi], packed to SLOTS (or not, slots 0). */
  private static Configuration query(long lo, long hi, int slots) {
    Configuration c = TestTables.range(conf, "pageRank", lo, true, hi, true);
    ScanSplits.setSlots(c, slots);
    return c;
  }

  private static String key(FileSplit s) {
    return s.getPath() + ":" + s.getStart() + "+" + s.getLength();
  }

  @Test
  void runsArePackedIntoAtMostSlotsGroupsOfNearEqualBytesEachRunOnce() throws Exception {
    for (String format : new String[] {"text", "kvsf"}) {
      Path dir = path("rankings-" + format);
      List<InputSplit> plain = new ArrayList<>();
      List<String> plainRows = TestTables.read(new RankingsRangeInputFormat(), dir, query(0, 1000, 0), plain);
      List<InputSplit> packed = new ArrayList<>();
      List<String> packedRows = TestTables.read(new RankingsRangeInputFormat(), dir, query(0, 1000, SLOTS), packed);
      assertTrue(plain.size() > 2 * SLOTS, format + ": " + plain.size() + " page runs, the test wants many");
      assertEquals(SLOTS, packed.size(), format);
      assertEquals(expected(tables.rankings, 1, 0L, true, 1000L, true), packedRows, format);
      assertEquals(plainRows, packedRows, format);

      List<String> want = new ArrayList<>();
      long largest = 0;
      for (InputSplit s : plain) {
        want.add(key((FileSplit) s));
        largest = Math.max(largest, s.getLength());
      }
      List<String> plainOrder = new ArrayList<>(want);
      List<String> got = new ArrayList<>();
      long min = Long.MAX_VALUE;
      long max = 0;
      for (InputSplit s : packed) {
        IndexedSplitGroup g = (IndexedSplitGroup) s;
        int prev = -1;
        for (IndexedSplit p : g.parts()) {
          got.add(key(p));
          int at = plainOrder.indexOf(key(p));
          assertTrue(at > prev, format + ": a group reads its runs in the order getSplits listed them");
          prev = at;
        }
        min = Math.min(min, g.getLength());
        max = Math.max(max, g.getLength());
      }
      Collections.sort(want);
      Collections.sort(got);
      assertEquals(want, got, format + ": every page run in exactly one group");
      assertTrue(max - min <= largest, format + ": groups of " + min + ".." + max + " bytes, largest run " + largest);
    }
  }

  @Test
  void fewerRunsThanSlotsGiveOneGroupPerRun() throws Exception {
    List<InputSplit> plain = new ArrayList<>();
    // One common rank: a page run or two per file.
    List<String> plainRows = TestTables.read(new RankingsRangeInputFormat(), path("rankings-text"), query(25, 25, 0), plain);
    List<InputSplit> packed = new ArrayList<>();
    List<String> rows = TestTables.read(new RankingsRangeInputFormat(), path("rankings-text"), query(25, 25, 64), packed);
    assertTrue(plain.size() >= 3, plain.size() + " page runs");
    assertEquals(plain.size(), packed.size());
    for (InputSplit s : packed) {
      assertEquals(1, ((IndexedSplitGroup) s).parts().size());
    }
    assertFalse(rows.isEmpty());
    assertEquals(expected(tables.rankings, 1, 25L, true, 25L, true), rows);
    assertEquals(plainRows, rows);
  }

  /** The map tasks a map-only job ran: one part-m file each. */
  private static int maps(String out) throws Exception {
    return fs.listStatus(path(out), p -> p.getName().startsWith("part-m-")).length;
  }

  /** Runs pageRank in [lo, hi] as a map-only job on the local runner; returns its counters. */
  private static Counters job(String format, long lo, long hi, int slots, String out) throws Exception {
    Job job = Job.getInstance(query(lo, hi, slots), "packed " + format);
    job.setInputFormatClass(RankingsRangeInputFormat.class);
    job.setMapperClass(RangeIndexLoadedTest.ProjectMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(NullWritable.class);
    FileInputFormat.addInputPath(job, path("rankings-" + format));
    FileOutputFormat.setOutputPath(job, path(out));
    assertTrue(job.waitForCompletion(false));
    List<String> got = TestFiles.readPartLines(fs, path(out));
    Collections.sort(got);
    assertEquals(expected(tables.rankings, 1, lo, true, hi, true), got, format + " slots " + slots);
    return job.getCounters();
  }

  @Test
  void aPackedJobReadsTheSameRowsCountersAndBytesWithSlotsMaps() throws Exception {
    for (String format : new String[] {"text", "kvsf"}) {
      Counters plain = job(format, 10, 900, 0, "out-plain-" + format);
      Counters packed = job(format, 10, 900, SLOTS, "out-packed-" + format);
      assertEquals(SLOTS, maps("out-packed-" + format), format);
      assertTrue(maps("out-plain-" + format) > SLOTS, format + ": " + maps("out-plain-" + format) + " maps unpacked");
      for (RangeIndexCounter c : RangeIndexCounter.values()) {
        assertEquals(plain.findCounter(c).getValue(), packed.findCounter(c).getValue(), format + " " + c);
      }
      assertTrue(packed.findCounter(RangeIndexCounter.PAGES_PRUNED).getValue() > 0, format);
      long bytes = plain.findCounter(FileInputFormatCounter.BYTES_READ).getValue();
      assertTrue(bytes > 0, format);
      // MapTask counts a FileSplit's reads; the group's reader counts its own, and must agree.
      assertEquals(bytes, packed.findCounter(FileInputFormatCounter.BYTES_READ).getValue(), format);
    }
  }

  @Test
  void indexesReadSideBySideGiveTheSameSplitsRowsAndCounters() throws Exception {
    for (String format : new String[] {"text", "kvsf"}) {
      Path dir = path("rankings-" + format);
      List<String> keys = null;
      List<String> rows = null;
      for (int threads : new int[] {1, 2, 8}) {
        Configuration c = query(10, 900, 0);
        RankingsRangeInputFormat.setReadThreads(c, threads);
        List<InputSplit> splits = new ArrayList<>();
        List<String> got = TestTables.read(new RankingsRangeInputFormat(), dir, c, splits);
        List<String> k = new ArrayList<>();
        for (InputSplit s : splits) {
          IndexedSplit p = (IndexedSplit) s;
          k.add(key(p) + counts(p));
        }
        if (keys == null) {
          keys = k;
          rows = got;
          assertTrue(keys.size() > 3, format + ": " + keys.size() + " page runs over 3 files");
        } else {
          assertEquals(keys, k, format + ": splits in the same order with " + threads + " threads");
          assertEquals(rows, got, format);
        }
      }
      assertEquals(expected(tables.rankings, 1, 10L, true, 900L, true), rows, format);
    }
  }

  /** The split's pruning counters (getSplits puts the totals on the first split). */
  private static String counts(IndexedSplit p) {
    StringBuilder sb = new StringBuilder();
    for (RangeIndexCounter c : RangeIndexCounter.values()) {
      sb.append(' ').append(p.count(c));
    }
    return sb.toString();
  }

  @Test
  void badReadThreadsFailAtSubmissionNamingKeyAndValue() {
    for (String v : new String[] {"0", "65", "few"}) {
      Configuration c = TestTables.range(conf, "pageRank", 1L, true, 2L, true);
      c.set(RankingsRangeInputFormat.READ_THREADS, v);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> TestTables.read(new RankingsRangeInputFormat(), path("rankings-text"), c, null));
      assertTrue(e.getMessage().contains(RankingsRangeInputFormat.READ_THREADS) && e.getMessage().contains("'" + v + "'"),
          e.getMessage());
    }
  }

  @Test
  void badSlotsFailAtSubmissionNamingTheKey() {
    Configuration c = TestTables.range(conf, "pageRank", 1L, true, 2L, true);
    c.set(ScanSplits.SLOTS, "many");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TestTables.read(new RankingsRangeInputFormat(), path("rankings-text"), c, null));
    assertTrue(e.getMessage().contains(ScanSplits.SLOTS) && e.getMessage().contains("many"), e.getMessage());
  }
}
