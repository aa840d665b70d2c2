package org.hadoopopt.inputformats.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.InputSplit;
import org.hadoopopt.inputformats.btree.BTreeCounter;
import org.hadoopopt.inputformats.btree.SchemaBTreeInputFormat;
import org.hadoopopt.inputformats.btree.TreeEnvironments;
import org.hadoopopt.inputformats.mapreduce.IndexedSplit;
import org.hadoopopt.inputformats.mapreduce.RangeIndexCounter;
import org.hadoopopt.inputformats.mapreduce.SchemaRangeInputFormat;
import org.hadoopopt.inputformats.mapreduce.SchemaTextInputFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A table that is not the benchmark's, {@code events(id:INT,name:STRING,day:DATE)}, loaded by the
 * loader (3 partitions: text and KVSF with range indexes on {@code day}, KVSF indexed on
 * {@code name}, B+-trees on {@code day}) and read back through {@link SchemaRangeInputFormat} and
 * {@link SchemaBTreeInputFormat} with the table named by {@code hadoopopt.input.schema}: every range
 * returns exactly the rows a {@code String.split} / {@code LocalDate} filter of the input finds;
 * the index prunes pages and the tree cursor reads only the range's records; a reader told another
 * table of the same name, or none, is refused naming the file or the key.
 */
class SchemaLoadedTest {
  private static final String SPEC = "events(id:INT,name:STRING,day:DATE)";
  private static final int N = 3;
  private static final List<String> LINES = new ArrayList<>();
  private static final List<LocalDate> DAYS = new ArrayList<>();
  private static File work;
  private static Configuration conf;

  @BeforeAll
  static void load() throws Exception {
    work = TestTables.freshWork("schema-loaded");
    conf = TestTables.localConf();
    TreeEnvironments.setLocalDir(conf, new File(work, "local").toString());
    Random r = new Random(20);
    LocalDate first = LocalDate.of(2001, 1, 1);
    for (int i = 0; i < 1500; i++) {
      StringBuilder name = new StringBuilder();
      for (int k = 3 + r.nextInt(8); k > 0; k--) {
        name.append((char) ('a' + r.nextInt(26)));
      }
      LINES.add((r.nextInt(2000) - 1000) + "|" + name + "|" + first.plusDays(r.nextInt(400)));
    }
    TreeSet<LocalDate> days = new TreeSet<>();
    LINES.forEach(l -> days.add(LocalDate.parse(l.split("\\|")[2])));
    DAYS.addAll(days);
    TestTables.write(new File(work, "in/events/data.txt"), LINES);
    Configuration byDay = new Configuration(conf);
    byDay.set(LoadJob.INDEX_COLUMN, "day");
    for (String format : new String[] {"text", "kvsf", "bdbtree"}) {
      TestTables.load(byDay, SPEC, format, N, 512, path("in/events"), path(format));
    }
    Configuration byName = new Configuration(conf);
    byName.set(LoadJob.INDEX_COLUMN, "name");
    TestTables.load(byName, SPEC, "kvsf", N, 512, path("in/events"), path("kvsf-name"));
  }

  private static Path path(String rel) {
    return new Path(new File(work, rel).getAbsolutePath());
  }

  /** The input lines {@code keep} accepts, sorted: the independent answer. */
  private static List<String> expected(Predicate<String[]> keep) {
    List<String> out = new ArrayList<>();
    for (String l : LINES) {
      if (keep.test(l.split("\\|"))) {
        out.add(l);
      }
    }
    Collections.sort(out);
    return out;
  }

  private static Configuration query(String spec, String column, Object lo, boolean loIn, Object hi, boolean hiIn) {
    Configuration c = TestTables.range(conf, column, lo, loIn, hi, hiIn);
    c.set(SchemaTextInputFormat.SCHEMA, spec);
    return c;
  }

  /** Date ranges: open, whole, inclusive and exclusive bounds on keys in the data, empty. */
  private static List<LocalDate[]> dateRanges() {
    List<LocalDate[]> q = new ArrayList<>();
    int n = DAYS.size();
    q.add(new LocalDate[] {null, null});
    q.add(new LocalDate[] {DAYS.get(n / 3), DAYS.get(n / 3 + 10)});
    q.add(new LocalDate[] {DAYS.get(0), DAYS.get(0)});
    q.add(new LocalDate[] {DAYS.get(n - 5), null});
    q.add(new LocalDate[] {null, DAYS.get(4)});
    q.add(new LocalDate[] {DAYS.get(n - 1).plusDays(1), null});
    return q;
  }

  private static boolean in(LocalDate d, LocalDate lo, boolean loIn, LocalDate hi, boolean hiIn) {
    return (lo == null || d.isAfter(lo) || loIn && d.equals(lo)) && (hi == null || d.isBefore(hi) || hiIn && d.equals(hi));
  }

  @Test
  void rangeIndexedTextAndKvsfOfAnyTableReadExactlyTheRange() throws Exception {
    long pruned = 0;
    for (String format : new String[] {"text", "kvsf"}) {
      for (LocalDate[] q : dateRanges()) {
        for (boolean inclusive : new boolean[] {true, false}) {
          List<InputSplit> splits = new ArrayList<>();
          List<String> got = TestTables.read(new SchemaRangeInputFormat(), path(format),
              query(SPEC, "day", q[0], inclusive, q[1], inclusive), splits);
          assertEquals(expected(f -> in(LocalDate.parse(f[2]), q[0], inclusive, q[1], inclusive)), got,
              format + " day " + q[0] + ".." + q[1] + (inclusive ? " inclusive" : " exclusive"));
          pruned += ((IndexedSplit) splits.get(0)).count(RangeIndexCounter.PAGES_PRUNED);
          assertEquals(0, ((IndexedSplit) splits.get(0)).count(RangeIndexCounter.STALE_INDEX_FALLBACKS), format);
        }
      }
    }
    assertTrue(pruned > 0, "the indexes pruned no page");
  }

  @Test
  void aStringIndexedColumnReadsExactlyTheRange() throws Exception {
    List<InputSplit> splits = new ArrayList<>();
    List<String> got = TestTables.read(new SchemaRangeInputFormat(), path("kvsf-name"),
        query(SPEC, "name", "f", true, "m", false), splits);
    List<String> want = expected(f -> f[1].compareTo("f") >= 0 && f[1].compareTo("m") < 0);
    assertEquals(want, got);
    assertTrue(want.size() > 100, want.size() + " rows");
    assertTrue(((IndexedSplit) splits.get(0)).count(RangeIndexCounter.PAGES_PRUNED) > 0, "no page pruned");
  }

  @Test
  void treesOfAnyTableReadExactlyTheRange() throws Exception {
    for (LocalDate[] q : dateRanges()) {
      for (boolean inclusive : new boolean[] {true, false}) {
        Counters counters = new Counters();
        List<String> got = TestTables.read(new SchemaBTreeInputFormat(), path("bdbtree"),
            query(SPEC, "day", q[0], inclusive, q[1], inclusive), null, counters);
        List<String> want = expected(f -> in(LocalDate.parse(f[2]), q[0], inclusive, q[1], inclusive));
        String what = "day " + q[0] + ".." + q[1] + (inclusive ? " inclusive" : " exclusive");
        assertEquals(want, got, what);
        // the rows came through the trees' cursors (the reader counts each record it returns)
        assertEquals(want.size(), counters.findCounter(BTreeCounter.RECORDS_SCANNED).getValue(), what);
        assertEquals(N, counters.findCounter(BTreeCounter.TREES_TOTAL).getValue(), what);
      }
    }
  }

  @Test
  void aReaderToldAnotherTableOrNoneIsRefused() {
    String other = "events(id:INT,name:STRING,day:DATE,extra:INT)";
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TestTables.read(
        new SchemaRangeInputFormat(), path("text"), query(other, "day", null, true, null, true), null));
    assertTrue(e.getMessage().contains(path("text").toString()) && e.getMessage().contains(SPEC), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> TestTables.read(
        new SchemaBTreeInputFormat(), path("bdbtree"), query(other, "day", null, true, null, true), null));
    assertTrue(e.getMessage().contains(path("bdbtree").toString()) && e.getMessage().contains(SPEC), e.getMessage());
    Configuration none = TestTables.range(conf, "day", null, true, null, true);
    e = assertThrows(IllegalArgumentException.class, () -> TestTables.read(new SchemaBTreeInputFormat(), path("bdbtree"),
        none, null));
    assertTrue(e.getMessage().contains(SchemaTextInputFormat.SCHEMA), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> TestTables.read(new SchemaRangeInputFormat(), path("text"),
        none, null));
    assertTrue(e.getMessage().contains(SchemaTextInputFormat.SCHEMA), e.getMessage());
  }
}
