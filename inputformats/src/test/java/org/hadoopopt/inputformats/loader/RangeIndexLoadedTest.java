package org.hadoopopt.inputformats.loader;

import static org.hadoopopt.inputformats.loader.TestTables.expected;
import static org.hadoopopt.inputformats.loader.TestTables.key;
import static org.hadoopopt.inputformats.loader.TestTables.project;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopopt.inputformats.index.IndexEntry;
import org.hadoopopt.inputformats.index.RangeIndex;
import org.hadoopopt.inputformats.index.RangeIndexLayout;
import org.hadoopopt.inputformats.mapreduce.IndexedSplit;
import org.hadoopopt.inputformats.mapreduce.RangeIndexCounter;
import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.inputformats.mapreduce.RankingsRangeInputFormat;
import org.hadoopopt.inputformats.mapreduce.UserVisitsRangeInputFormat;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The loader and the range-index input format on the local runner: tables written by the test are
 * loaded (3 partitions, 512-byte pages, text and KVSF); every range read through the index returns
 * exactly the rows a plain filter of the input finds; pruning is real; a stale index falls back.
 */
class RangeIndexLoadedTest {
  private static final int N = 3;
  private static File work;
  private static Configuration conf;
  private static FileSystem fs;
  private static TestTables tables;

  @BeforeAll
  static void load() throws Exception {
    work = TestTables.freshWork("range-index");
    conf = TestTables.localConf();
    fs = FileSystem.getLocal(conf);
    tables = new TestTables(3, 900, 2500);
    TestTables.write(new File(work, "in/rankings/data.txt"), tables.rankings);
    TestTables.write(new File(work, "in/uservisits/data.txt"), tables.userVisits);
    for (String table : new String[] {"rankings", "uservisits"}) {
      for (String format : new String[] {"text", "kvsf"}) {
        TestTables.load(conf, table, format, N, 512, path("in/" + table), path(table + "-" + format));
      }
    }
  }

  private static Path path(String rel) {
    return new Path(new File(work, rel).getAbsolutePath());
  }

  /** Reads a loaded directory through the input format, as tasks would; returns sorted rows and the first split. */
  private static List<String> read(RangeIndexInputFormat<?> format, Path dir, Configuration range, IndexedSplit[] first)
      throws Exception {
    List<InputSplit> splits = new ArrayList<>();
    List<String> rows = TestTables.read(format, dir, range, splits);
    if (first != null) {
      first[0] = (IndexedSplit) splits.get(0);
    }
    return rows;
  }

  private static Configuration range(String column, Object lo, boolean loIn, Object hi, boolean hiIn) {
    return TestTables.range(conf, column, lo, loIn, hi, hiIn);
  }

  /** Ranges that hit nothing, everything, single keys, page edges and single pages of {@code part-00000}'s index. */
  private static List<Long[]> rangesFor(Path dir) throws IOException {
    RangeIndex idx = RangeIndex.read(fs, RangeIndexLayout.indexPathFor(new Path(dir, "part-00000")));
    List<IndexEntry> e = idx.entries();
    long min = (Long) e.get(0).firstKey();
    long max = (Long) e.get(e.size() - 1).lastKey();
    List<Long[]> r = new ArrayList<>();
    // {lo, loInclusive (1/0), hi, hiInclusive}; null = open
    r.add(new Long[] {null, 1L, null, 1L});
    r.add(new Long[] {max + 1, 1L, null, 1L});
    r.add(new Long[] {max, 0L, null, 1L});
    r.add(new Long[] {null, 1L, min, 0L});
    r.add(new Long[] {min, 1L, min, 1L});
    r.add(new Long[] {max, 1L, max, 1L});
    for (int i : new int[] {1, e.size() / 2, e.size() - 2}) {
      long first = (Long) e.get(i).firstKey();
      long last = (Long) e.get(i).lastKey();
      r.add(new Long[] {first, 1L, last, 1L});
      r.add(new Long[] {first, 0L, last, 0L});
      r.add(new Long[] {last, 1L, last, 1L});
      r.add(new Long[] {(Long) e.get(i - 1).lastKey(), 0L, first, 1L});
      r.add(new Long[] {last, 0L, (Long) e.get(i + 1).firstKey(), 1L});
    }
    return r;
  }

  private void checkRanges(String table, String column, int col, List<String> input, RangeIndexInputFormat<?> format)
      throws Exception {
    for (String f : new String[] {"text", "kvsf"}) {
      Path dir = path(table + "-" + f);
      for (Long[] q : rangesFor(dir)) {
        boolean date = column.equals("visitDate");
        Object lo = q[0] == null ? null : date ? LocalDate.ofEpochDay(q[0]) : q[0];
        Object hi = q[2] == null ? null : date ? LocalDate.ofEpochDay(q[2]) : q[2];
        if (q[0] != null && q[2] != null && q[0] > q[2]) {
          continue;
        }
        List<String> want = expected(input, col, q[0], q[1] == 1, q[2], q[3] == 1);
        assertEquals(want, read(format, dir, range(column, lo, q[1] == 1, hi, q[3] == 1), null),
            f + " " + column + " " + Arrays.toString(q));
      }
    }
  }

  @Test
  void everyRangeReturnsExactlyTheFilteredRows() throws Exception {
    checkRanges("rankings", "pageRank", 1, tables.rankings, new RankingsRangeInputFormat());
    checkRanges("uservisits", "visitDate", 2, tables.userVisits, new UserVisitsRangeInputFormat());
  }

  @Test
  void loaderPartitionsByHashAndSortsEachFileOnTheIndexColumn() throws Exception {
    List<String> all = new ArrayList<>();
    for (int p = 0; p < N; p++) {
      Path file = path("uservisits-text/" + LoaderPartitions.fileName(p));
      assertTrue(fs.exists(path("rankings-text/" + LoaderPartitions.fileName(p))), "same-named Rankings file");
      assertTrue(fs.exists(RangeIndexLayout.indexPathFor(file)));
      List<String> lines = Files.readAllLines(new File(file.toUri().getPath()).toPath(), StandardCharsets.UTF_8);
      long prev = Long.MIN_VALUE;
      for (String l : lines) {
        String url = l.split("\\|")[1];
        assertEquals(p, (url.hashCode() & Integer.MAX_VALUE) % N, "partition of " + url); // String.hashCode = the loader's hash on ASCII
        long k = key(l, 2);
        assertTrue(k >= prev, "sorted on visitDate");
        prev = k;
      }
      all.addAll(lines);
    }
    List<String> in = new ArrayList<>(tables.userVisits);
    Collections.sort(in);
    Collections.sort(all);
    assertEquals(in, all);
  }

  /** Map-only job over the range, for the job counters. */
  public static class ProjectMapper extends Mapper<Writable, Row, Text, NullWritable> {
    @Override
    protected void map(Writable k, Row row, Context ctx) throws IOException, InterruptedException {
      ctx.write(new Text(project(row.toText())), NullWritable.get());
    }
  }

  @Test
  void aSelectiveRangeReadsOnlyThePagesItNeeds() throws Exception {
    LocalDate from = LocalDate.of(2000, 1, 15);
    LocalDate to = LocalDate.of(2000, 1, 17);
    Configuration c = range("visitDate", from, true, to, true);
    Job job = Job.getInstance(c, "range job");
    job.setInputFormatClass(UserVisitsRangeInputFormat.class);
    job.setMapperClass(ProjectMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(NullWritable.class);
    FileInputFormat.addInputPath(job, path("uservisits-text"));
    FileOutputFormat.setOutputPath(job, path("out-selective"));
    assertTrue(job.waitForCompletion(false));
    List<String> got = TestFiles.readPartLines(fs, path("out-selective"));
    Collections.sort(got);
    assertEquals(expected(tables.userVisits, 2, from.toEpochDay(), true, to.toEpochDay(), true), got);

    // Pages needed, from the data: a page is needed if the keys of its lines reach into the range.
    long total = 0;
    long needed = 0;
    long skippedBytes = 0;
    for (int p = 0; p < N; p++) {
      Path file = path("uservisits-text/" + LoaderPartitions.fileName(p));
      byte[] data = Files.readAllBytes(new File(file.toUri().getPath()).toPath());
      for (IndexEntry e : RangeIndex.read(fs, RangeIndexLayout.indexPathFor(file)).entries()) {
        String page = new String(data, (int) e.offset(), (int) e.length(), StandardCharsets.UTF_8);
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (String l : page.split("\n")) {
          lo = Math.min(lo, key(l, 2));
          hi = Math.max(hi, key(l, 2));
        }
        total++;
        if (hi >= from.toEpochDay() && lo <= to.toEpochDay()) {
          needed++;
        } else {
          skippedBytes += e.length();
        }
      }
    }
    long pagesTotal = job.getCounters().findCounter(RangeIndexCounter.PAGES_TOTAL).getValue();
    long pruned = job.getCounters().findCounter(RangeIndexCounter.PAGES_PRUNED).getValue();
    assertEquals(total, pagesTotal);
    assertEquals(needed, pagesTotal - pruned);
    assertTrue(needed * 5 < total, needed + " of " + total + " pages read");
    assertEquals(skippedBytes, job.getCounters().findCounter(RangeIndexCounter.BYTES_SKIPPED).getValue());
    assertEquals(0, job.getCounters().findCounter(RangeIndexCounter.STALE_INDEX_FALLBACKS).getValue());
  }

  @Test
  void aFileAppendedAfterIndexingIsScannedWhole() throws Exception {
    Path stale = path("rankings-stale");
    fs.mkdirs(stale);
    for (FileStatus st : fs.listStatus(path("rankings-text"))) {
      String n = st.getPath().getName();
      if (n.startsWith("part-") || n.endsWith(RangeIndexLayout.SUFFIX)) {
        Path to = new Path(stale, n);
        org.apache.hadoop.fs.FileUtil.copy(fs, st.getPath(), fs, to, false, conf);
        fs.setTimes(to, st.getModificationTime(), -1); // the copy stays valid until appended to
      }
    }
    String appended = "http://appended.example.com/x|500|7";
    File part1 = new File(new Path(stale, "part-00001").toUri().getPath());
    Files.write(part1.toPath(), (appended + "\n").getBytes(StandardCharsets.UTF_8), StandardOpenOption.APPEND);
    new File(part1.getParentFile(), ".part-00001.crc").delete();
    List<String> input = new ArrayList<>(tables.rankings);
    input.add(appended);
    IndexedSplit[] first = new IndexedSplit[1];
    List<String> got = read(new RankingsRangeInputFormat(), stale, range("pageRank", 400L, true, 600L, false), first);
    assertEquals(expected(input, 1, 400L, true, 600L, false), got);
    assertTrue(got.contains(appended));
    assertEquals(1, first[0].count(RangeIndexCounter.STALE_INDEX_FALLBACKS));
    assertTrue(first[0].count(RangeIndexCounter.PAGES_PRUNED) > 0, "the other files are still pruned");
  }

  @Test
  void aFileEditedInPlaceWithItsLengthAndTimeKeptIsScannedWhole() throws Exception {
    // On the local file system (no file checksum) the index's stamp samples the data file's bytes:
    // all of a file this small, so any edit is seen.
    Path edited = path("rankings-edited");
    fs.mkdirs(edited);
    for (FileStatus st : fs.listStatus(path("rankings-text"))) {
      String n = st.getPath().getName();
      if (n.startsWith("part-") || n.endsWith(RangeIndexLayout.SUFFIX)) {
        Path to = new Path(edited, n);
        org.apache.hadoop.fs.FileUtil.copy(fs, st.getPath(), fs, to, false, conf);
        fs.setTimes(to, st.getModificationTime(), -1);
      }
    }
    File part1 = new File(new Path(edited, "part-00001").toUri().getPath());
    long mtime = part1.lastModified();
    List<String> lines = new ArrayList<>(Files.readAllLines(part1.toPath(), StandardCharsets.UTF_8));
    int at = -1;
    for (int i = 0; i < lines.size() && at < 0; i++) {
      if (lines.get(i).split("\\|")[1].length() == 2) {
        at = i;
      }
    }
    String[] f = lines.get(at).split("\\|");
    String changed = f[0] + "|95|" + f[2]; // same length; a page whose keys the index puts below 90
    lines.set(at, changed);
    Files.write(part1.toPath(), (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    new File(part1.getParentFile(), ".part-00001.crc").delete();
    assertTrue(part1.setLastModified(mtime));
    assertEquals(fs.getFileStatus(new Path(path("rankings-text"), "part-00001")).getLen(), part1.length());

    IndexedSplit[] first = new IndexedSplit[1];
    List<String> got = read(new RankingsRangeInputFormat(), edited, range("pageRank", 90L, true, 99L, true), first);
    assertEquals(Collections.singletonList(changed), got, "no original row has a rank in 90..99; the edited one does");
    assertEquals(1, first[0].count(RangeIndexCounter.STALE_INDEX_FALLBACKS));
  }

  @Test
  void aStringColumnIndexServesStringRanges() throws Exception {
    Configuration c = new Configuration(conf);
    c.set(LoadJob.TABLE, "rankings");
    LoadJob.setPartitions(c, 1);
    LoadJob.setColumns(c, "pageURL", "pageURL");
    LoadJob.setPageSize(c, 512);
    assertTrue(LoadJob.createJob(c, path("in/rankings"), path("rankings-by-url")).waitForCompletion(false));
    List<String> urls = new ArrayList<>();
    for (String l : tables.rankings) {
      urls.add(l.split("\\|")[0]);
    }
    Collections.sort(urls);
    String lo = urls.get(100);
    String hi = urls.get(160);
    Configuration q = new Configuration(conf);
    RangeIndexInputFormat.setStringRange(q, "pageURL", lo, true, hi, false);
    List<String> want = new ArrayList<>();
    for (String l : tables.rankings) {
      String u = l.split("\\|")[0];
      if (u.compareTo(lo) >= 0 && u.compareTo(hi) < 0) {
        want.add(l);
      }
    }
    Collections.sort(want);
    IndexedSplit[] first = new IndexedSplit[1];
    assertEquals(want, read(new RankingsRangeInputFormat(), path("rankings-by-url"), q, first));
    assertEquals(60, want.size());
    assertTrue(first[0].count(RangeIndexCounter.PAGES_PRUNED) * 2 > first[0].count(RangeIndexCounter.PAGES_TOTAL));
  }

  @Test
  void badRangesFailNamingTheKey() {
    Path dir = path("rankings-text");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> read(new RankingsRangeInputFormat(), dir, range("pageRank", 20L, true, 10L, true), null));
    assertTrue(e.getMessage().contains(RangeIndexInputFormat.LOWER), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> read(new RankingsRangeInputFormat(), dir, range("pageRnk", 1L, true, 10L, true), null));
    assertTrue(e.getMessage().contains(RangeIndexInputFormat.COLUMN) && e.getMessage().contains("pageRnk"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> read(new RankingsRangeInputFormat(), dir, range("avgDuration", 1L, true, 10L, true), null));
    assertTrue(e.getMessage().contains(RangeIndexInputFormat.COLUMN) && e.getMessage().contains("'pageRank'"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> read(new UserVisitsRangeInputFormat(), path("uservisits-text"), range("visitDate", "2000-13-01", true, null, true), null));
    assertTrue(e.getMessage().contains(RangeIndexInputFormat.LOWER), e.getMessage());
    Configuration c = new Configuration(conf);
    c.set(LoadJob.TABLE, "rankings");
    c.set(LoadJob.PARTITIONS, "0");
    e = assertThrows(IllegalArgumentException.class, () -> LoadJob.createJob(c, path("in/rankings"), path("never")));
    assertTrue(e.getMessage().contains(LoadJob.PARTITIONS), e.getMessage());
  }

  /**
   * The research's 128 MB index pages can be set ({@code 128m}): the loader writes them (here every
   * partition of the small table is one page) and the index answers a range exactly; page sizes
   * past 1 GiB, too small, not a size, or a KVSF page above half the heap fail naming the key.
   */
  @Test
  void researchSizedPagesLoadAndBadSizesFailNamingTheKey() throws Exception {
    Configuration c = new Configuration(conf);
    c.set(LoadJob.TABLE, "rankings");
    LoadJob.setPartitions(c, N);
    c.set(LoadJob.PAGE_SIZE, "128m");
    Path dir = path("rankings-128m");
    assertTrue(LoadJob.createJob(c, path("in/rankings"), dir).waitForCompletion(false));
    for (int p = 0; p < N; p++) {
      RangeIndex idx = RangeIndex.read(fs, RangeIndexLayout.indexPathFor(new Path(dir, LoaderPartitions.fileName(p))));
      assertEquals(128 << 20, idx.pageSize());
      assertEquals(1, idx.entries().size(), "a partition far below 128 MB is one page");
    }
    List<String> want = new ArrayList<>();
    for (String l : tables.rankings) {
      if (Integer.parseInt(l.split("\\|")[1]) > 500) {
        want.add(project(l));
      }
    }
    Collections.sort(want);
    assertEquals(want, read(new RankingsRangeInputFormat(), dir, range("pageRank", 500L, false, null, true), null));
    assertEquals(1 << 30, LoadJob.getPageSize(withPageSize("1g")));
    assertEquals(131072, LoadJob.getPageSize(withPageSize("128k")));
    for (String bad : new String[] {"1073741825", "2g", "4294967296", "63", "lots", "12x", "-5", ""}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> LoadJob.getPageSize(withPageSize(bad)), bad);
      assertTrue(e.getMessage().contains(LoadJob.PAGE_SIZE), e.getMessage());
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> org.hadoopopt.inputformats.kvsf.KvsfLayout.checkPageFitsHeap(128 << 20, 200L << 20, LoadJob.PAGE_SIZE));
    assertTrue(e.getMessage().contains(LoadJob.PAGE_SIZE) && e.getMessage().contains("heap"), e.getMessage());
    assertEquals(128 << 20, org.hadoopopt.inputformats.kvsf.KvsfLayout.checkPageFitsHeap(128 << 20, 256L << 20, "k"));
  }

  private static Configuration withPageSize(String v) {
    Configuration c = new Configuration(false);
    c.set(LoadJob.PAGE_SIZE, v);
    return c;
  }
}
