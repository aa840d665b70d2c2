package org.hadoopopt.inputformats.loader;

import static org.hadoopopt.inputformats.loader.TestTables.expected;
import static org.hadoopopt.inputformats.loader.TestTables.key;
import static org.hadoopopt.inputformats.loader.TestTables.project;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopopt.inputformats.btree.BTreeCounter;
import org.hadoopopt.inputformats.btree.BTreeInputFormat;
import org.hadoopopt.inputformats.btree.BTreeSplit;
import org.hadoopopt.inputformats.btree.RankingsBTreeInputFormat;
import org.hadoopopt.inputformats.btree.TreeEnvironments;
import org.hadoopopt.inputformats.btree.TreeLayout;
import org.hadoopopt.inputformats.btree.TreeMeta;
import org.hadoopopt.inputformats.btree.UserVisitsBTreeInputFormat;
import org.hadoopopt.inputformats.index.DataFileStamp;
import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code load --format bdbtree} and the B+-tree input format on the local runner: tables written by
 * the test (900 Rankings, 2,500 UserVisits rows) loaded into 3 trees each; every range returns
 * exactly the rows a {@code String.split} filter of the input finds; the loader's clean-close check
 * is recorded; truncated and corrupt trees fail naming the file.
 */
class BTreeLoadedTest {
  private static final int N = 3;
  private static File work;
  private static Configuration conf;
  private static FileSystem fs;
  private static TestTables tables;

  @BeforeAll
  static void load() throws Exception {
    work = TestTables.freshWork("btree");
    conf = TestTables.localConf();
    TreeEnvironments.setLocalDir(conf, new File(work, "local").toString());
    fs = FileSystem.getLocal(conf);
    tables = new TestTables(5, 900, 2500);
    TestTables.write(new File(work, "in/rankings/data.txt"), tables.rankings);
    TestTables.write(new File(work, "in/uservisits/data.txt"), tables.userVisits);
    for (String table : new String[] {"rankings", "uservisits"}) {
      TestTables.load(conf, table, "bdbtree", N, 0, path("in/" + table), path(table));
    }
  }

  private static Path path(String rel) {
    return new Path(new File(work, rel).getAbsolutePath());
  }

  private static String col(String line, int c) {
    return line.split("\\|")[c];
  }

  private static int partition(String line, int c) {
    return (col(line, c).hashCode() & Integer.MAX_VALUE) % N; // String.hashCode = the loader's hash on ASCII
  }

  /** Reads a directory of trees through the input format, as tasks would. */
  private static List<String> read(BTreeInputFormat<?> format, Path dir, Configuration c) throws Exception {
    return TestTables.read(format, dir, c, null);
  }

  private static Configuration range(String column, Object lo, boolean loIn, Object hi, boolean hiIn) {
    return TestTables.range(conf, column, lo, loIn, hi, hiIn);
  }

  /**
   * Ranges over the keys of partition 0 (the input's rows that hash to it, sorted): nothing,
   * everything, first and last key, single keys, and bounds at the rows where JE's bottom nodes
   * (128 entries) end, each inclusive and exclusive.
   */
  private static List<Long[]> rangesFor(List<String> input, int partCol, int col) {
    List<Long> keys = new ArrayList<>();
    for (String l : input) {
      if (partition(l, partCol) == 0) {
        keys.add(key(l, col));
      }
    }
    Collections.sort(keys);
    long min = keys.get(0);
    long max = keys.get(keys.size() - 1);
    List<Long[]> r = new ArrayList<>();
    r.add(new Long[] {null, 1L, null, 1L});
    r.add(new Long[] {max + 1, 1L, null, 1L});
    r.add(new Long[] {max, 0L, null, 1L});
    r.add(new Long[] {null, 1L, min, 0L});
    r.add(new Long[] {min, 1L, min, 1L});
    r.add(new Long[] {max, 1L, max, 1L});
    r.add(new Long[] {min - 1, 0L, min, 1L});
    TreeSet<Long> distinct = new TreeSet<>(keys);
    for (int i : new int[] {127, 128, keys.size() / 2, keys.size() - 129}) {
      long k = keys.get(Math.min(i, keys.size() - 1));
      Long below = distinct.lower(k);
      Long above = distinct.higher(k);
      r.add(new Long[] {k, 1L, k, 1L});
      r.add(new Long[] {k, 0L, above, 1L});
      r.add(new Long[] {below, 0L, k, 0L});
      r.add(new Long[] {k, 1L, above, 0L});
      r.add(new Long[] {below, 1L, above, 1L});
    }
    return r;
  }

  private void checkRanges(String table, String column, int partCol, int col, List<String> input, BTreeInputFormat<?> format)
      throws Exception {
    boolean date = column.equals("visitDate");
    for (Long[] q : rangesFor(input, partCol, col)) {
      Object lo = q[0] == null ? null : date ? LocalDate.ofEpochDay(q[0]) : q[0];
      Object hi = q[2] == null ? null : date ? LocalDate.ofEpochDay(q[2]) : q[2];
      List<String> want = expected(input, col, q[0], q[1] == 1, q[2], q[3] == 1);
      assertEquals(want, read(format, path(table), range(column, lo, q[1] == 1, hi, q[3] == 1)),
          column + " " + java.util.Arrays.toString(q));
    }
  }

  @Test
  void everyRangeReturnsExactlyTheFilteredRows() throws Exception {
    checkRanges("rankings", "pageRank", 0, 1, tables.rankings, new RankingsBTreeInputFormat());
    checkRanges("uservisits", "visitDate", 1, 2, tables.userVisits, new UserVisitsBTreeInputFormat());
  }

  @Test
  void copiedTreesGiveTheSameRowsAsTreesUsedInPlace() throws Exception {
    Configuration c = range("visitDate", LocalDate.of(2000, 1, 10), true, LocalDate.of(2000, 2, 10), false);
    BTreeInputFormat.setInPlace(c, false);
    assertEquals(expected(tables.userVisits, 2, LocalDate.of(2000, 1, 10).toEpochDay(), true,
        LocalDate.of(2000, 2, 10).toEpochDay(), false), read(new UserVisitsBTreeInputFormat(), path("uservisits"), c));
  }

  @Test
  void aStringKeyedTreeServesStringRanges() throws Exception {
    Configuration c = new Configuration(conf);
    c.set(LoadJob.TABLE, "rankings");
    LoadJob.setPartitions(c, 1);
    LoadJob.setColumns(c, "pageURL", "pageURL");
    LoadJob.setFormat(c, LoadJob.Format.BDBTREE);
    assertTrue(LoadJob.createJob(c, path("in/rankings"), path("rankings-by-url")).waitForCompletion(false));
    List<String> urls = new ArrayList<>();
    for (String l : tables.rankings) {
      urls.add(col(l, 0));
    }
    Collections.sort(urls);
    for (int[] q : new int[][] {{100, 1, 160, 0}, {100, 0, 160, 1}, {0, 1, 0, 1}, {899, 0, 899, 1}}) {
      String lo = urls.get(q[0]);
      String hi = urls.get(q[2]);
      Configuration r = new Configuration(conf);
      RangeIndexInputFormat.setStringRange(r, "pageURL", lo, q[1] == 1, hi, q[3] == 1);
      List<String> want = new ArrayList<>();
      for (String l : tables.rankings) {
        int a = col(l, 0).compareTo(lo);
        int b = col(l, 0).compareTo(hi);
        if ((a > 0 || a == 0 && q[1] == 1) && (b < 0 || b == 0 && q[3] == 1)) {
          want.add(l);
        }
      }
      Collections.sort(want);
      assertEquals(want, read(new RankingsBTreeInputFormat(), path("rankings-by-url"), r), lo + " " + hi);
    }
  }

  @Test
  void theLoaderProvedEachTreeClosedCleanly() throws Exception {
    for (int p = 0; p < N; p++) {
      int rows = 0;
      for (String l : tables.userVisits) {
        rows += partition(l, 1) == p ? 1 : 0;
      }
      Path data = path("uservisits/" + TreeLayout.dataFileName(p));
      TreeMeta meta = TreeMeta.read(fs, TreeLayout.metaPathFor(data));
      assertEquals(rows, meta.rows());
      assertEquals(rows, meta.check().rowsCounted(), "rows a cursor counted when the loader reopened the tree");
      // Recovery read only the tail: bounded work, the same for the 900-row Rankings trees.
      assertEquals(0, meta.check().lnsUndone(), meta.check().toString());
      TreeMeta small = TreeMeta.read(fs, TreeLayout.metaPathFor(path("rankings/" + TreeLayout.dataFileName(p))));
      assertEquals(small.check().endOfLogEntries(), meta.check().endOfLogEntries(), meta.check() + " vs " + small.check());
      assertEquals(small.check().lnsRedone(), meta.check().lnsRedone(), meta.check() + " vs " + small.check());
      assertTrue(meta.check().endOfLogEntries() > 0 && meta.check().endOfLogEntries() < 100, meta.check().toString());
      assertEquals(null, meta.staleReason(fs, fs.getFileStatus(data)));
    }
  }

  /** Map-only job over a range, for the counters. */
  public static class ProjectMapper extends Mapper<Writable, Row, Text, NullWritable> {
    @Override
    protected void map(Writable k, Row row, Context ctx) throws IOException, InterruptedException {
      ctx.write(new Text(project(row.toText())), NullWritable.get());
    }
  }

  @Test
  void aJobCountsTreesOpenedPrunedAndRowsScanned() throws Exception {
    // Ranks above 900 sit in few trees; a range beyond the largest rank prunes every tree.
    Configuration c = range("pageRank", 950L, false, null, true);
    Job job = Job.getInstance(c, "btree range job");
    job.setInputFormatClass(RankingsBTreeInputFormat.class);
    job.setMapperClass(ProjectMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(NullWritable.class);
    FileInputFormat.addInputPath(job, path("rankings"));
    FileOutputFormat.setOutputPath(job, path("out-counters"));
    assertTrue(job.waitForCompletion(false));
    List<String> want = expected(tables.rankings, 1, 950L, false, null, true);
    List<String> got = TestFiles.readPartLines(fs, path("out-counters"));
    Collections.sort(got);
    assertEquals(want, got);
    TreeSet<Integer> parts = new TreeSet<>();
    for (String l : tables.rankings) {
      if (key(l, 1) > 950) {
        parts.add(partition(l, 0));
      }
    }
    org.apache.hadoop.mapreduce.Counters k = job.getCounters();
    assertEquals(N, k.findCounter(BTreeCounter.TREES_TOTAL).getValue());
    assertEquals(parts.size(), k.findCounter(BTreeCounter.TREES_OPENED).getValue());
    assertEquals(N - parts.size(), k.findCounter(BTreeCounter.TREES_PRUNED).getValue());
    assertEquals(want.size(), k.findCounter(BTreeCounter.RECORDS_SCANNED).getValue());
    assertEquals(0, k.findCounter(BTreeCounter.BYTES_COPIED).getValue(), "local trees are used in place");
    assertTrue(k.findCounter(BTreeCounter.OPEN_NANOS).getValue() > 0);
  }

  /** A copy of the loaded Rankings trees, the data files' times kept (so the sidecars still match). */
  private static Path copyOfRankings(String name) throws IOException {
    Path to = path(name);
    fs.delete(to, true);
    fs.mkdirs(to);
    for (FileStatus st : fs.listStatus(path("rankings"))) {
      String n = st.getPath().getName();
      if (n.startsWith("part-") || n.endsWith(TreeLayout.META_SUFFIX)) {
        Path t = new Path(to, n);
        FileUtil.copy(fs, st.getPath(), fs, t, false, conf);
        fs.setTimes(t, st.getModificationTime(), -1);
      }
    }
    return to;
  }

  private static File local(Path p) {
    return new File(p.toUri().getPath());
  }

  @Test
  void aTruncatedTreeFailsNamingTheFile() throws Exception {
    Path dir = copyOfRankings("rankings-truncated");
    Path data = new Path(dir, TreeLayout.dataFileName(0));
    Configuration c = range("pageRank", null, true, null, true);
    Job job = Job.getInstance(c);
    FileInputFormat.addInputPath(job, dir);
    RankingsBTreeInputFormat format = new RankingsBTreeInputFormat();
    List<InputSplit> splits = format.getSplits(job); // planned before the file is cut
    try (RandomAccessFile f = new RandomAccessFile(local(data), "rw")) {
      f.setLength(f.length() / 2);
    }
    new File(local(dir), "." + data.getName() + ".crc").delete();
    IOException e = assertThrows(IOException.class, () -> read(format, dir, c));
    assertTrue(e.getMessage().contains(data.toString()) && e.getMessage().contains("bytes"), e.getMessage());
    for (InputSplit s : splits) {
      if (((BTreeSplit) s).getPath().getName().equals(data.getName())) {
        e = assertThrows(IOException.class, () -> TestTables.readSplit(format, job.getConfiguration(), s, new ArrayList<>()));
        assertTrue(e.getMessage().contains(data.toString()), e.getMessage());
      }
    }
  }

  @Test
  void aCorruptTreeFailsNamingTheFile() throws Exception {
    Path dir = copyOfRankings("rankings-corrupt");
    Path data = new Path(dir, TreeLayout.dataFileName(0));
    File f = local(data);
    long mtime = fs.getFileStatus(data).getModificationTime();
    // Flip a byte inside a record: the URL of a row of partition 0, found in the file's bytes.
    String url = null;
    for (String l : tables.rankings) {
      if (partition(l, 0) == 0) {
        url = col(l, 0);
        break;
      }
    }
    // Every copy of it: the record's own log entry and the bottom node that embeds it.
    byte[] b = Files.readAllBytes(f.toPath());
    byte[] u = url.getBytes(StandardCharsets.US_ASCII);
    int copies = 0;
    for (int at = indexOf(b, u, 0); at >= 0; at = indexOf(b, u, at + 1)) {
      b[at + 10] ^= 0x20;
      copies++;
    }
    assertTrue(copies > 0, "the URL is stored in the tree file");
    Files.write(f.toPath(), b);
    new File(f.getParentFile(), "." + f.getName() + ".crc").delete();
    fs.setTimes(data, mtime, -1); // same length and time
    // The sidecar's stamp sees the change (this small file is sampled whole): refused before JE opens it.
    IOException stale = assertThrows(IOException.class,
        () -> read(new RankingsBTreeInputFormat(), dir, range("pageRank", null, true, null, true)));
    assertTrue(stale.getMessage().contains(data + ": not the B+-tree file the loader wrote")
        && stale.getMessage().contains("content changed"), stale.getMessage());
    // Damage the stamp cannot see (on a file system without file checksums: outside the sampled bytes)
    // is JE's to find: stamp the sidecar for the damaged file.
    Path mp = TreeLayout.metaPathFor(data);
    TreeMeta.read(fs, mp).restamped(DataFileStamp.of(fs, fs.getFileStatus(data))).write(fs, mp);
    List<String> rows = new ArrayList<>();
    IOException e = assertThrows(IOException.class,
        () -> rows.addAll(read(new RankingsBTreeInputFormat(), dir, range("pageRank", null, true, null, true))));
    assertTrue(e.getMessage().contains(data.toString()) && e.getMessage().toLowerCase().contains("checksum"), e.getMessage());
    assertFalse(rows.contains(url), "no row of the damaged record");
  }

  private static int indexOf(byte[] hay, byte[] needle, int from) {
    outer:
    for (int i = from; i + needle.length <= hay.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  @Test
  void badSettingsFailNamingTheKey() {
    Configuration c = range("pageRank", 1L, true, 10L, true);
    c.set(BTreeInputFormat.OPEN_MODE, "mmap");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> read(new RankingsBTreeInputFormat(), path("rankings"), c));
    assertTrue(e.getMessage().contains(BTreeInputFormat.OPEN_MODE), e.getMessage());
    Configuration d = range("avgDuration", 1L, true, 10L, true);
    e = assertThrows(IllegalArgumentException.class, () -> read(new RankingsBTreeInputFormat(), path("rankings"), d));
    assertTrue(e.getMessage().contains(RangeIndexInputFormat.COLUMN) && e.getMessage().contains("'pageRank'"), e.getMessage());
    Configuration l = new Configuration(conf);
    l.set(LoadJob.TABLE, "rankings");
    l.set(LoadJob.PARTITIONS, "2");
    l.set(LoadJob.FORMAT, "btree");
    e = assertThrows(IllegalArgumentException.class, () -> LoadJob.createJob(l, path("in/rankings"), path("never")));
    assertTrue(e.getMessage().contains(LoadJob.FORMAT), e.getMessage());
  }
}
