package org.hadoopopt.inputformats.loader;

import static org.hadoopopt.inputformats.loader.TestTables.expected;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.hadoopopt.inputformats.batch.ColumnBatch;
import org.hadoopopt.inputformats.mapreduce.ColumnBatchInputFormat;
import org.hadoopopt.inputformats.mapreduce.CountingTaskContext;
import org.hadoopopt.inputformats.mapreduce.IndexedLookup;
import org.hadoopopt.inputformats.mapreduce.RangeIndexCounter;
import org.hadoopopt.inputformats.mapreduce.ScanSplits;
import org.hadoopopt.inputformats.mapreduce.SchemaTextInputFormat;
import org.hadoopopt.inputformats.record.Dates;
import org.hadoopopt.inputformats.record.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Loaded copies read a page at a time: the loader's KVSF and text output (3 partitions, 512-byte
 * pages) through {@link ColumnBatchInputFormat.Range}, for visitDate and pageRank ranges hitting
 * nothing, everything, single days, exclusive edges, the page runs packed to 2 slots, gives exactly
 * the rows an independent filter of the input lines selects; and Rankings loaded sorted and indexed
 * on pageURL (256-byte pages) answers {@link IndexedLookup} for every URL with its rank, says no for
 * URLs it does not hold (before the first, after the last, between two), reads fewer pages than the
 * file has for a few lookups, and refuses a file changed after loading, naming it.
 */
class ColumnBatchLoadedTest {
  private static Configuration conf;
  private static File work;
  private static TestTables tables;

  @BeforeAll
  static void load() throws Exception {
    work = TestTables.freshWork("column-batch-loaded");
    conf = TestTables.localConf();
    tables = new TestTables(31, 900, 2500);
    TestTables.write(new File(work, "in/rankings/part-0"), tables.rankings);
    TestTables.write(new File(work, "in/uservisits/part-0"), tables.userVisits);
    for (String format : new String[] {"kvsf", "text"}) {
      TestTables.load(conf, "rankings", format, 3, 512, path("in/rankings"), path("rankings-" + format));
      TestTables.load(conf, "uservisits", format, 3, 512, path("in/uservisits"), path("uservisits-" + format));
    }
    Configuration byUrl = new Configuration(conf);
    byUrl.set(LoadJob.INDEX_COLUMN, "pageURL");
    TestTables.load(byUrl, "rankings", "kvsf", 3, 256, path("in/rankings"), path("rankings-by-url"));
  }

  private static Path path(String name) {
    return new Path(new File(work, name).getAbsolutePath());
  }

  /** Every selected row of DIR as the test's projection of its text (all of Rankings; UserVisits' first three and last columns). */
  private static List<String> read(Path dir, Schema schema, Configuration c, Counters counters) throws Exception {
    Configuration q = new Configuration(c);
    q.set(SchemaTextInputFormat.SCHEMA, schema.spec());
    ScanSplits.setSlots(q, 2);
    Job job = Job.getInstance(q);
    FileInputFormat.addInputPath(job, dir);
    ColumnBatchInputFormat format = new ColumnBatchInputFormat.Range();
    List<InputSplit> splits = format.getSplits(job);
    assertTrue(splits.size() <= 2, "page runs packed to the slots: " + splits.size());
    List<String> rows = new ArrayList<>();
    TaskAttemptContext ctx = CountingTaskContext.of(job.getConfiguration(), counters, "loaded-batches");
    for (InputSplit s : splits) {
      try (RecordReader<NullWritable, ColumnBatch> r = format.createRecordReader(s, ctx)) {
        r.initialize(s, ctx);
        while (r.nextKeyValue()) {
          ColumnBatch b = r.getCurrentValue();
          for (int k = 0; k < b.selected(); k++) {
            rows.add(line(b, b.selection()[k]));
          }
        }
      }
    }
    Collections.sort(rows);
    return rows;
  }

  private static String line(ColumnBatch b, int r) {
    Schema s = b.schema();
    List<String> f = new ArrayList<>();
    for (int c = 0; c < s.fieldCount(); c++) {
      if (s == Schema.USER_VISITS && c > 2 && c < 8) {
        continue;
      }
      switch (s.type(c)) {
        case STRING:
          f.add(new String(b.strings(c), b.starts(c)[r], b.lengths(c)[r], StandardCharsets.UTF_8));
          break;
        case DATE:
          StringBuilder d = new StringBuilder();
          Dates.format(b.ints(c)[r], d);
          f.add(d.toString());
          break;
        default:
          f.add(Integer.toString(b.ints(c)[r]));
      }
    }
    return String.join("|", f);
  }

  @Test
  void rangesOverLoadedPagesGiveExactlyTheFilteredRows() throws Exception {
    long first = LocalDate.of(1999, 12, 1).toEpochDay();
    long[][] days = {{first + 10, first + 40}, {first, first}, {first + 119, first + 119}, {first - 50, first - 1},
        {first - 5, first + 500}};
    for (String format : new String[] {"kvsf", "text"}) {
      for (long[] d : days) {
        for (boolean inclusive : new boolean[] {true, false}) {
          Configuration c = TestTables.range(conf, "visitDate", LocalDate.ofEpochDay(d[0]), inclusive,
              LocalDate.ofEpochDay(d[1]), inclusive);
          assertEquals(expected(tables.userVisits, 2, d[0], inclusive, d[1], inclusive),
              read(path("uservisits-" + format), Schema.USER_VISITS, c, new Counters()),
              format + " visitDate " + d[0] + ".." + d[1] + (inclusive ? " inclusive" : " exclusive"));
        }
      }
      Configuration all = TestTables.range(conf, "visitDate", null, true, null, true);
      assertEquals(expected(tables.userVisits, 2, null, true, null, true),
          read(path("uservisits-" + format), Schema.USER_VISITS, all, new Counters()), format + ": both ends open, every row");
      Counters counters = new Counters();
      Configuration top = TestTables.range(conf, "pageRank", 500L, false, null, true);
      assertEquals(expected(tables.rankings, 1, 500L, false, null, true), read(path("rankings-" + format), Schema.RANKINGS, top,
          counters), format + ": pageRank > 500");
      assertTrue(counters.findCounter(RangeIndexCounter.PAGES_PRUNED).getValue() > 0, format + ": pages pruned");
    }
  }

  @Test
  void rankingsLoadedOnPageUrlAnswerLookupsByKey() throws Exception {
    boolean[] projected = new boolean[Schema.RANKINGS.fieldCount()];
    projected[1] = true;
    List<String> sorted = new ArrayList<>(tables.rankings);
    Collections.sort(sorted); // URL order: each page read at most once
    long lookups = 0;
    long pages = 0;
    long filePages = 0;
    for (int p = 0; p < 3; p++) {
      Path file = new Path(path("rankings-by-url"), LoaderPartitions.fileName(p));
      try (IndexedLookup lookup = new IndexedLookup(conf, file, Schema.RANKINGS, "pageURL", projected)) {
        for (String line : sorted) {
          String[] f = line.split("\\|");
          byte[] url = f[0].getBytes(StandardCharsets.UTF_8);
          if (LoaderPartitions.partitionOf(url, 0, url.length, 3) != p) {
            continue;
          }
          assertTrue(lookup.find(url, 0, url.length), f[0]);
          assertEquals(Integer.parseInt(f[1]), lookup.batch().ints(1)[lookup.row()], f[0]);
          lookups++;
        }
        for (String absent : new String[] {"", "http://", "zzzz", sorted.get(0).split("\\|")[0] + "~"}) {
          byte[] a = absent.getBytes(StandardCharsets.UTF_8);
          assertFalse(lookup.find(a, 0, a.length), "'" + absent + "' is no pageURL");
        }
        Counters counters = new Counters();
        lookup.countInto(CountingTaskContext.of(conf, counters, "lookup"));
        pages += lookup.pagesRead();
        filePages += counters.findCounter(RangeIndexCounter.PAGES_TOTAL).getValue();
      }
    }
    assertEquals(tables.rankings.size(), lookups);
    assertTrue(pages <= filePages + 12, "keys in order read each page about once: " + pages + " of " + filePages);

    // a few lookups read few pages
    Path file = new Path(path("rankings-by-url"), LoaderPartitions.fileName(0));
    try (IndexedLookup lookup = new IndexedLookup(conf, file, Schema.RANKINGS, "pageURL", projected)) {
      byte[] url = sorted.get(sorted.size() / 2).split("\\|")[0].getBytes(StandardCharsets.UTF_8);
      lookup.find(url, 0, url.length);
      assertTrue(lookup.pagesRead() <= 2, "one lookup reads the page that may hold its key");
    }

    // a data file changed after loading is not trusted
    FileSystem fs = file.getFileSystem(conf);
    try (OutputStream out = fs.append(file)) {
      out.write(1);
    } catch (IOException | UnsupportedOperationException e) {
      java.nio.file.Files.write(new File(file.toUri().getPath()).toPath(), new byte[] {1}, java.nio.file.StandardOpenOption.APPEND);
    }
    IOException e = assertThrows(IOException.class, () -> new IndexedLookup(conf, file, Schema.RANKINGS, "pageURL", projected));
    assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("stale"), e.getMessage());
  }
}
