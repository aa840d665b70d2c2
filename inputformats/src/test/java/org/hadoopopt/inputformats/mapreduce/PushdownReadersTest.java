package org.hadoopopt.inputformats.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.codec.TupleCodec;
import org.hadoopopt.inputformats.kvsf.KvsfWriter;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.pavlo.data.SampleRows;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pushed-down predicate ({@link Pushdown}) in the mutable text and KVSF readers: for every
 * predicate type and the boundary cases, each reader hands on exactly the rows an independent
 * {@code String.split} filter of the input lines selects, over splits cut inside rows, a line
 * buffer smaller than a row and pages of a few rows; the counters equal the test's own counts;
 * malformed rows fail or are skipped as without pushdown.
 */
class PushdownReadersTest {
  @TempDir
  File dir;

  private FileSystem fs;
  /** Rankings lines: multi-byte URLs, the largest rank first and the smallest last. */
  private List<String> rankings;
  private Path rankingsText;
  private Path rankingsKvsf;

  @BeforeEach
  void write() throws IOException {
    fs = FileSystem.getLocal(new Configuration()).getRaw();
    rankings = new ArrayList<>();
    rankings.add("http://first.example/ü|2147483647|1");
    String[] sample = SampleRows.rankings(3, 150);
    for (int i = 0; i < sample.length; i++) {
      String[] f = sample[i].split("\\|");
      // Every seventh URL carries three- and four-byte characters, some at the URL's very end.
      String url = i % 7 == 0 ? f[0] + "/日本" + (i % 2 == 0 ? "\uD83D\uDE00" : "") : f[0];
      rankings.add(url + "|" + (i % 3 == 0 ? -Integer.parseInt(f[1]) : f[1]) + "|" + f[2]);
    }
    rankings.add("http://last.example/日本|-2147483648|99");
    rankingsText = writeText("rankings.txt", rankings);
    rankingsKvsf = writeKvsf("rankings.kvsf", Schema.RANKINGS, rankings, 200);
  }

  private Path writeText(String name, List<String> lines) throws IOException {
    Path file = new Path(dir.getAbsolutePath(), name);
    try (OutputStream out = fs.create(file)) {
      out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    return file;
  }

  private Path writeKvsf(String name, Schema schema, List<String> lines, int pageSize) throws IOException {
    Path file = new Path(dir.getAbsolutePath(), name);
    MutableTextDecoder d = new MutableTextDecoder(schema);
    try (KvsfWriter w = new KvsfWriter(fs.create(file), file.toString(), schema, new TupleCodec(), pageSize)) {
      for (String line : lines) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        w.append(d.decodeLine(b, 0, b.length, name, 0));
      }
    }
    return file;
  }

  private static TaskAttemptContext context(Configuration conf, Counters counters) {
    conf.setInt("io.file.buffer.size", 37); // shorter than a row: rows span the line reader's buffer
    return CountingTaskContext.of(conf, counters, "pushdown");
  }

  /** Every row of {@code file} read through {@code format} over splits cut at {@code cuts} (fractions), as text. */
  private List<String> read(InputFormat<?, ? extends Row> format, Path file, Configuration conf, Counters counters)
      throws IOException, InterruptedException {
    long len = fs.getFileStatus(file).getLen();
    long[] cuts = {0, len / 5 + 3, len / 2 + 1, len - 20, len};
    TaskAttemptContext ctx = context(conf, counters);
    List<String> rows = new ArrayList<>();
    for (int i = 0; i + 1 < cuts.length; i++) {
      InputSplit split = new FileSplit(file, cuts[i], cuts[i + 1] - cuts[i], new String[0]);
      try (RecordReader<?, ? extends Row> r = format.createRecordReader(split, ctx)) {
        r.initialize(split, ctx);
        while (r.nextKeyValue()) {
          rows.add(r.getCurrentValue().toText());
        }
      }
    }
    return rows;
  }

  /**
   * Reads the text and the KVSF copy with {@code pushdown} set and checks the rows against the rows
   * read without it, filtered by {@code oracle} on the original lines; returns the selected count.
   */
  private int check(Configuration pushdown, Predicate<String[]> oracle, InputFormat<?, ? extends Row> textFormat,
      InputFormat<?, ? extends Row> kvsfFormat, List<String> lines, Path text, Path kvsf) throws Exception {
    List<String> all = read(textFormat, text, new Configuration(false), new Counters());
    assertEquals(lines.size(), all.size());
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (oracle.test(lines.get(i).split("\\|", -1))) {
        expected.add(all.get(i));
      }
    }
    for (Object[] f : new Object[][] {{textFormat, text}, {kvsfFormat, kvsf}}) {
      Counters counters = new Counters();
      @SuppressWarnings("unchecked")
      InputFormat<?, ? extends Row> format = (InputFormat<?, ? extends Row>) f[0];
      assertEquals(expected, read(format, (Path) f[1], new Configuration(pushdown), counters), f[1] + " with " + pushdown);
      assertEquals(lines.size(), counters.findCounter(PushdownCounter.ROWS_SCANNED).getValue(), "rows scanned");
      assertEquals(expected.size(), counters.findCounter(PushdownCounter.ROWS_PASSED).getValue(), "rows passed");
    }
    return expected.size();
  }

  private int checkRankings(Configuration pushdown, Predicate<String[]> oracle) throws Exception {
    return check(pushdown, oracle, new RankingsTextInputFormat(), new RankingsKvsfInputFormat(), rankings, rankingsText,
        rankingsKvsf);
  }

  private static Configuration conf() {
    return new Configuration(false);
  }

  private static int rank(String[] f) {
    return Integer.parseInt(f[1]);
  }

  private static int compareUtf8(String a, String b) {
    return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void intRangesClosedOpenAndAtTheFirstAndLastRow() throws Exception {
    Configuration c = conf();
    Pushdown.setIntRange(c, "pageRank", 10, false, null, true);
    assertTrue(checkRankings(c, f -> rank(f) > 10) > 10);
    Pushdown.setIntRange(c, "pageRank", -20, true, 30, false);
    assertTrue(checkRankings(c, f -> rank(f) >= -20 && rank(f) < 30) > 10);
    int mid = rank(rankings.get(75).split("\\|"));
    Pushdown.setIntRange(c, "pageRank", mid, true, mid, true);
    assertTrue(checkRankings(c, f -> rank(f) == mid) > 0);
    Pushdown.setIntRange(c, "pageRank", Integer.MAX_VALUE, true, null, true); // the first row only
    assertEquals(1, checkRankings(c, f -> rank(f) == Integer.MAX_VALUE));
    Pushdown.setIntRange(c, "pageRank", null, true, Integer.MIN_VALUE, true); // the last row only
    assertEquals(1, checkRankings(c, f -> rank(f) == Integer.MIN_VALUE));
    Pushdown.setIntRange(c, "pageRank", 5000, false, 6000, true); // none
    assertEquals(0, checkRankings(c, f -> false));
    Pushdown.setIntRange(c, "pageRank", Integer.MIN_VALUE, true, Integer.MAX_VALUE, true); // all
    assertEquals(rankings.size(), checkRankings(c, f -> true));
    Pushdown.setIntRange(c, "avgDuration", 50, true, 60, true);
    assertTrue(checkRankings(c, f -> Integer.parseInt(f[2]) >= 50 && Integer.parseInt(f[2]) <= 60) > 0);
  }

  @Test
  void substringsIncludingMultiByteOnesAndAtTheColumnEdges() throws Exception {
    Configuration c = conf();
    for (String s : new String[] {"日本", "\uD83D\uDE00", "ü", "http://", "first.example", "page1", ".html/日本\uD83D\uDE00", "|",
        "zzz-none"}) {
      Pushdown.setContains(c, "pageURL", s);
      int n = checkRankings(c, f -> f[0].contains(s));
      assertTrue(n > 0 || s.equals("|") || s.equals("zzz-none"), s);
    }
    Pushdown.setContains(c, "pageURL", "h"); // one byte, in every row
    assertEquals(rankings.size(), checkRankings(c, f -> true));
  }

  @Test
  void stringRangesInUnsignedByteOrder() throws Exception {
    Configuration c = conf();
    Pushdown.setStringRange(c, "pageURL", "http://www.e", true, "http://www.m", false);
    assertTrue(checkRankings(c, f -> compareUtf8(f[0], "http://www.e") >= 0 && compareUtf8(f[0], "http://www.m") < 0) > 5);
    Pushdown.setStringRange(c, "pageURL", "http://last.example/日本", true, null, true); // beyond ASCII
    assertTrue(checkRankings(c, f -> compareUtf8(f[0], "http://last.example/日本") >= 0) > 0);
    Pushdown.setStringRange(c, "pageURL", null, true, "http://first.example/ü", false);
    assertTrue(checkRankings(c, f -> compareUtf8(f[0], "http://first.example/ü") < 0) >= 0);
  }

  @Test
  void dateRangesOnUserVisits() throws Exception {
    List<String> visits = new ArrayList<>(Arrays.asList(SampleRows.userVisits(8, 200)));
    Path text = writeText("uv.txt", visits);
    Path kvsf = writeKvsf("uv.kvsf", Schema.USER_VISITS, visits, 400);
    String firstDate = visits.get(0).split("\\|")[2];
    String lastDate = visits.get(visits.size() - 1).split("\\|")[2];
    Configuration c = conf();
    Pushdown.setDateRange(c, "visitDate", LocalDate.parse("1984-01-01"), true, LocalDate.parse("1987-01-01"), false);
    assertTrue(check(c, f -> f[2].compareTo("1984-01-01") >= 0 && f[2].compareTo("1987-01-01") < 0,
        new UserVisitsTextInputFormat(), new UserVisitsKvsfInputFormat(), visits, text, kvsf) > 5);
    for (String d : new String[] {firstDate, lastDate}) {
      Pushdown.setDateRange(c, "visitDate", LocalDate.parse(d), true, LocalDate.parse(d), true);
      assertTrue(check(c, f -> f[2].equals(d), new UserVisitsTextInputFormat(), new UserVisitsKvsfInputFormat(), visits, text,
          kvsf) >= 1);
      Pushdown.setDateRange(c, "visitDate", LocalDate.parse(d), false, null, true);
      check(c, f -> f[2].compareTo(d) > 0, new UserVisitsTextInputFormat(), new UserVisitsKvsfInputFormat(), visits, text, kvsf);
    }
  }

  @Test
  void malformedRowsFailOrAreSkippedAsWithoutPushdown() throws Exception {
    // Bad rows that the predicate (pageRank > 10) would drop, and one it would keep.
    List<String> lines = new ArrayList<>(rankings);
    lines.add(20, "http://bad-duration|1|x");
    lines.add(40, "http://two-fields|1");
    lines.add(60, "http://bad-rank|+50|1");
    lines.add(80, "http://bad-date-irrelevant|99|1|extra");
    Path file = writeText("bad.txt", lines);
    Configuration pushdown = conf();
    Pushdown.setIntRange(pushdown, "pageRank", 10, false, null, true);
    for (boolean on : new boolean[] {false, true}) {
      Configuration c = on ? new Configuration(pushdown) : conf();
      MalformedRecordException e = assertThrows(MalformedRecordException.class,
          () -> read(new RankingsTextInputFormat(), file, c, new Counters()));
      assertTrue(e.getMessage().contains("field avgDuration") && e.getMessage().contains(file.toString()), e.getMessage());
      Configuration skip = new Configuration(c);
      BadRows.setSkipBad(skip, true);
      Counters counters = new Counters();
      List<String> rows = read(new RankingsTextInputFormat(), file, skip, counters);
      assertEquals(4, counters.findCounter(BadRows.Counters.MALFORMED_ROWS_SKIPPED).getValue(), "pushdown " + on);
      if (on) {
        assertEquals(rankings.size(), counters.findCounter(PushdownCounter.ROWS_SCANNED).getValue());
        assertEquals(rankings.stream().filter(l -> rank(l.split("\\|")) > 10).count(), rows.size());
      } else {
        assertEquals(rankings.size(), rows.size());
      }
    }
  }

  @Test
  void theScanSplitSizeKeySizesSplitsAndRejectsBadValues() throws Exception {
    List<String> many = new ArrayList<>();
    while (many.size() * 60 < 5 * ScanSplits.MIN / 2) {
      many.addAll(rankings);
    }
    Path file = writeText("big.txt", many);
    long len = fs.getFileStatus(file).getLen();
    org.apache.hadoop.mapreduce.Job job = org.apache.hadoop.mapreduce.Job.getInstance(new Configuration(false));
    job.getConfiguration().set("fs.defaultFS", "file:///");
    org.apache.hadoop.mapreduce.lib.input.FileInputFormat.addInputPath(job, file);
    assertEquals(1, new RankingsTextInputFormat().getSplits(job).size(), "Hadoop's: one split below the block size");
    ScanSplits.setSplitBytes(job.getConfiguration(), ScanSplits.MIN);
    List<InputSplit> splits = new RankingsTextInputFormat().getSplits(job);
    assertEquals((len + ScanSplits.MIN - 1) / ScanSplits.MIN, splits.size());
    Counters counters = new Counters();
    Configuration c = new Configuration(false);
    List<String> rows = new ArrayList<>();
    TaskAttemptContext ctx = context(c, counters);
    for (InputSplit split : splits) {
      try (RecordReader<?, ? extends Row> r = new RankingsTextInputFormat().createRecordReader(split, ctx)) {
        r.initialize(split, ctx);
        while (r.nextKeyValue()) {
          rows.add(r.getCurrentValue().toText());
        }
      }
    }
    assertEquals(many.size(), rows.size(), "every row once over the sized splits");
    for (String bad : new String[] {"1000", "2t", "lots"}) {
      job.getConfiguration().set(ScanSplits.SPLIT_BYTES, bad);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new RankingsTextInputFormat().getSplits(job));
      assertTrue(e.getMessage().contains(ScanSplits.SPLIT_BYTES) && e.getMessage().contains("'" + bad + "'"), e.getMessage());
    }
  }

  @Test
  void badKeysFailNamingTheKeyAndTheValue() {
    String[][] cases = {
        {Pushdown.COLUMN, "pageRnk", Pushdown.LOWER, "1"},
        {Pushdown.COLUMN, "pageRank", Pushdown.LOWER, "ten"},
        {Pushdown.COLUMN, "pageRank", Pushdown.UPPER, "1e3"},
        {Pushdown.COLUMN, "pageURL", Pushdown.CONTAINS, ""},
        {Pushdown.COLUMN, "pageRank", Pushdown.CONTAINS, "5"},
        {Pushdown.COLUMN, "pageRank", Pushdown.LOWER_INCLUSIVE, "maybe"},
    };
    for (String[] k : cases) {
      Configuration c = conf();
      c.set(k[0], k[1]);
      c.set(k[2], k[3]);
      if (k[2].equals(Pushdown.LOWER_INCLUSIVE)) {
        c.set(Pushdown.LOWER, "1");
      }
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pushdown.get(c, Schema.RANKINGS),
          Arrays.toString(k));
      String bad = k[3].isEmpty() || k[1].equals("pageRnk") || k[2].equals(Pushdown.CONTAINS) ? k[1] : k[3];
      String key = k[1].equals("pageRnk") ? k[0] : k[2];
      assertTrue(e.getMessage().contains(key) && e.getMessage().contains("'" + (k[3].isEmpty() ? "" : bad) + "'"),
          e.getMessage());
    }
    Configuration dates = conf();
    dates.set(Pushdown.COLUMN, "visitDate");
    dates.set(Pushdown.UPPER, "2001-02-30");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pushdown.get(dates, Schema.USER_VISITS));
    assertTrue(e.getMessage().contains(Pushdown.UPPER) && e.getMessage().contains("2001-02-30"), e.getMessage());
    Configuration decimal = conf();
    decimal.set(Pushdown.COLUMN, "adRevenue");
    decimal.set(Pushdown.LOWER, "1");
    e = assertThrows(IllegalArgumentException.class, () -> Pushdown.get(decimal, Schema.USER_VISITS));
    assertTrue(e.getMessage().contains(Pushdown.COLUMN) && e.getMessage().contains("adRevenue"), e.getMessage());
  }
}
