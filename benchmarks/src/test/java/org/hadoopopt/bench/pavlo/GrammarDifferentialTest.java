package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.jobs.AggregationJob;
import org.hadoopopt.bench.pavlo.jobs.BaselineTool;
import org.hadoopopt.bench.pavlo.jobs.GrepJob;
import org.hadoopopt.bench.pavlo.jobs.JoinJob;
import org.hadoopopt.bench.pavlo.jobs.SelectionJob;
import org.hadoopopt.inputformats.btree.BTreeCounter;
import org.hadoopopt.inputformats.loader.LoadJob;
import org.hadoopopt.inputformats.mapreduce.BadRows;
import org.hadoopopt.inputformats.mapreduce.KvsfConvert;
import org.hadoopopt.inputformats.mapreduce.KvsfOutputFormat;
import org.hadoopopt.inputformats.mapreduce.RangeIndexCounter;
import org.hadoopopt.inputformats.mapreduce.ScanSplits;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.testing.TestFiles;
import org.hadoopopt.testing.VersionNeutral;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.hadoopopt.testing.LogCapture;

/**
 * The differential test of the row grammar: a small generated set with malformed rows of every
 * kind and edge-valid rows injected among the generated ones (several splits per file), run
 * through every variant of grep, selection, aggregation and join, the page variants (mtv, bdbiv, join
 * mtp and lookup) among them (and the converter and the loader the bdb and loaded variants read
 * through, Rankings loaded on pageURL for lookup too), local runner.
 *
 * <p>Skip on: every variant gives the baseline's answer byte for byte, the baseline's answer is
 * the test's own computation ({@link Reference}, one char per byte) over the set without the
 * malformed rows, and every variant counts as many skipped rows (for converted and loaded inputs,
 * counted by the conversion or load) as the test injected. Skip off: every variant fails, naming
 * the same file, row offset and column as the baseline (the converter and loader for the variants
 * that read their output), each one of the injected rows with its expected column.
 */
@VersionNeutral
class GrammarDifferentialTest {
  private static final String FROM = "0001-01-01";
  private static final String TO = "9999-12-31";
  private static final Pattern ERROR = Pattern.compile("MalformedRecordException: (file:\\S+?), offset (\\d+), field (\\w+): ");

  /** An injected row: its bytes (no final newline) and, if malformed, the column each line of it is rejected for. */
  static final class Row {
    final String table;
    final String kind;
    final byte[] bytes;
    final String[] columns; // empty: valid

    Row(String table, String kind, byte[] bytes, String... columns) {
      this.table = table;
      this.kind = kind;
      this.bytes = bytes;
      this.columns = columns;
    }

    boolean malformed() {
      return columns.length > 0;
    }
  }

  static final List<Row> ROWS = new ArrayList<>();
  private static File work;
  private static File dirty;
  private static File clean;
  /** Per table: file, row offset, column of every line the grammar rejects. */
  private static final Map<String, Set<String>> EXPECTED_ERRORS = new LinkedHashMap<>();
  private static final Map<String, Integer> MALFORMED_LINES = new LinkedHashMap<>();
  private static int jobsRun;

  private static byte[] b(String latin1) {
    return latin1.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static void bad(String table, String kind, String row, String... columns) {
    ROWS.add(new Row(table, kind, b(row), columns));
  }

  private static void good(String table, String kind, String row) {
    ROWS.add(new Row(table, kind, b(row)));
  }

  private static String uv(String ip, String url, String date, String revenue, String duration) {
    return ip + "|" + url + "|" + date + "|" + revenue + "|Mozilla/5.0|USA|en-US|word|" + duration;
  }

  static {
    String r = "rankings";
    bad(r, "INT with '+'", "http://bad/plus|+50|3", "pageRank");
    bad(r, "INT with exponent", "http://bad/exp|1e2|3", "pageRank");
    bad(r, "empty INT", "http://bad/emptyrank||3", "pageRank");
    bad(r, "INT with a space", "http://bad/space| 50|3", "pageRank");
    bad(r, "INT over 2^31-1", "http://bad/over|2147483648|3", "pageRank");
    bad(r, "INT of 11 digits", "http://bad/eleven|00000000050|3", "pageRank");
    bad(r, "INT '-'", "http://bad/dash|-|3", "pageRank");
    bad(r, "INT with decimals", "http://bad/dec|5.0|3", "pageRank");
    bad(r, "empty last INT", "http://bad/emptylast|50|", "avgDuration");
    bad(r, "missing field", "http://bad/missing|50", "avgDuration");
    bad(r, "extra field", "http://bad/extra|50|3|9", "avgDuration");
    bad(r, "empty trailing field", "http://bad/trailing|50|3|", "avgDuration");
    bad(r, "CR inside a row (two lines)", "http://bad/cr|50\r|3", "avgDuration", "avgDuration");
    bad(r, "empty line", "", "pageRank");
    good(r, "max int", "http://edge/max|2147483647|1");
    good(r, "min int", "http://edge/min|-2147483648|-2147483648");
    good(r, "zero and -0", "http://edge/zero|0|-0");
    good(r, "10 digits, leading zeros", "http://edge/lead|0000000099|5");
    good(r, "invalid UTF-8 key", "http://edge/\u00ff\u00fe\u00c3(|500|5");
    good(r, "long key", "http://edge/long/" + "a".repeat(3000) + "|600|5");
    good(r, "CRLF", "http://edge/crlf|700|5\r");
    good(r, "empty key", "|800|5");
    good(r, "TAB in key", "http://edge/tab\there|900|5");

    String v = "uservisits";
    for (String date : new String[] {"2001-2-3", "2001-02-03x", "2001-02-30", "2001-13-01", "", " 2001-02-03", "20010203",
        "1900-02-29", "0000-01-01"}) {
      bad(v, "DATE '" + date + "'", uv("1.1.1.1", "http://edge/max", date, "1.00", "3"), "visitDate");
    }
    for (String rev : new String[] {"12.345", "", "1e2", "+5.00", ".50", "5.", "abc", "1234567890123.00", "1.000"}) {
      bad(v, "DECIMAL '" + rev + "'", uv("1.1.1.1", "http://edge/max", "2000-01-16", rev, "3"), "adRevenue");
    }
    for (String dur : new String[] {"+3", "", "1e2"}) {
      bad(v, "duration '" + dur + "'", uv("1.1.1.1", "http://edge/max", "2000-01-16", "1.00", dur), "duration");
    }
    bad(v, "missing field", "1.1.1.1|http://edge/max|2000-01-16|1.00|ua|USA|en-US|word", "duration");
    bad(v, "extra field", uv("1.1.1.1", "http://edge/max", "2000-01-16", "1.00", "3") + "|x", "duration");
    bad(v, "empty trailing field", uv("1.1.1.1", "http://edge/max", "2000-01-16", "1.00", "3") + "|", "duration");
    bad(v, "empty line", "", "destURL");
    good(v, "invalid UTF-8 key, leap day, top revenue", uv("\u00ff\u00fe.1.2.3", "http://edge/\u00ff\u00fe\u00c3(", "2000-02-29",
        "999999999999.99", "7"));
    good(v, "year 0001, 0.00, max int", uv("9.9.9.9", "http://edge/min", "0001-01-01", "0.00", "2147483647"));
    good(v, "year 9999, negative, min int", uv("8.8.8.8", "http://edge/zero", "9999-12-31", "-1.25", "-2147483648"));
    good(v, "no decimals", uv("7.7.7.7", "http://edge/lead", "2000-01-16", "5", "1"));
    good(v, "one decimal", uv("7.7.7.7", "http://edge/long/" + "a".repeat(3000), "2000-01-17", "5.5", "1"));
    good(v, "TAB in key", uv("6.6\t6.6", "http://edge/tab\there", "2000-01-18", "1.00", "1"));
    good(v, "long string", "5.5.5.5|http://edge/crlf|2000-01-19|2.00|" + "U".repeat(3000) + "|USA|en-US|w|1");
    good(v, "CRLF", uv("4.4.4.4", "http://edge/max", "2000-01-20", "3.00", "2") + "\r");
    good(v, "empty strings", "3.3.3.3||2000-01-21|4.00|||||1");

    String g = "grep";
    bad(g, "one field", "KEYONLYXYZ", "field");
    bad(g, "three fields", "K|XYZ|more", "field");
    bad(g, "empty line", "", "field");
    good(g, "invalid UTF-8 key", "\u00ff\u00feKEY\u00c3(|aaXYZbb");
    good(g, "empty key", "|XYZ");
    good(g, "CRLF", "crlfkey|zzXYZzz\r");
    good(g, "long field", "longkey|" + "b".repeat(3000) + "XYZ");
  }

  /** The lines Hadoop's LineRecordReader makes of {@code b} (LF, CR or CRLF end a line): their start offsets in b. */
  static List<Integer> lineStarts(byte[] b) {
    List<Integer> starts = new ArrayList<>();
    starts.add(0);
    for (int i = 0; i < b.length; i++) {
      if (b[i] == '\r' && i + 1 < b.length && b[i + 1] == '\n') {
        i++;
      }
      if ((b[i] == '\r' || b[i] == '\n') && i + 1 < b.length) {
        starts.add(i + 1);
      }
    }
    return starts;
  }

  @BeforeAll
  static void writeSets() throws Exception {
    File set = LocalSets.set(0.00002, 22);
    work = LocalSets.work("grammar-differential");
    dirty = new File(work, "dirty");
    clean = new File(work, "clean");
    for (String table : new String[] {"grep", "rankings", "uservisits"}) {
      List<Row> rows = new ArrayList<>();
      for (Row r : ROWS) {
        if (r.table.equals(table)) {
          rows.add(r);
        }
      }
      File[] parts = new File(set, table).listFiles((d, n) -> n.startsWith("part-"));
      Arrays.sort(parts);
      Set<String> errors = new TreeSet<>();
      int malformed = 0;
      for (int p = 0; p < parts.length; p++) {
        List<Row> mine = new ArrayList<>();
        for (int i = p; i < rows.size(); i += parts.length) {
          mine.add(rows.get(i));
        }
        List<byte[]> lines = splitLines(Files.readAllBytes(parts[p].toPath()));
        File dirtyFile = new File(dirty, table + "/" + parts[p].getName());
        ByteArrayOutputStream d = new ByteArrayOutputStream();
        ByteArrayOutputStream c = new ByteArrayOutputStream();
        int every = Math.max(1, lines.size() / (mine.size() + 1));
        int next = 0;
        for (int i = 0; i < lines.size(); i++) {
          if (i > 0 && i % every == 0 && next < mine.size()) {
            Row r = mine.get(next++);
            List<Integer> starts = lineStarts(r.bytes);
            if (r.malformed()) {
              assertEquals(starts.size(), r.columns.length, r.kind);
              for (int k = 0; k < starts.size(); k++) {
                errors.add(error("file:" + dirtyFile.getAbsolutePath(), d.size() + starts.get(k), r.columns[k]));
              }
              malformed += starts.size();
            } else {
              c.write(r.bytes);
              c.write('\n');
            }
            d.write(r.bytes);
            d.write('\n');
          }
          d.write(lines.get(i));
          d.write('\n');
          c.write(lines.get(i));
          c.write('\n');
        }
        assertEquals(mine.size(), next, "every injected row placed in " + parts[p]);
        write(dirtyFile, d.toByteArray());
        write(new File(clean, table + "/" + parts[p].getName()), c.toByteArray());
      }
      EXPECTED_ERRORS.put(table, errors);
      MALFORMED_LINES.put(table, malformed);
    }
  }

  private static List<byte[]> splitLines(byte[] all) {
    List<byte[]> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < all.length; i++) {
      if (all[i] == '\n') {
        lines.add(Arrays.copyOfRange(all, start, i));
        start = i + 1;
      }
    }
    assertEquals(all.length, start, "generated files end with a newline");
    return lines;
  }

  private static void write(File f, byte[] bytes) throws Exception {
    f.getParentFile().mkdirs();
    Files.write(f.toPath(), bytes);
  }

  private static String error(String file, long offset, String column) {
    return file + " @" + offset + " " + column;
  }

  /** The local runner, small splits (several per file), and the skip key. */
  private static Configuration conf(boolean skip) {
    Configuration c = LocalSets.conf();
    c.setLong("mapreduce.input.fileinputformat.split.maxsize", 16 * 1024);
    c.setBoolean(BadRows.SKIP_BAD, skip);
    return c;
  }

  private static String path(File dir, String table) {
    return new File(dir, table).getAbsolutePath();
  }

  private static String out(String name) {
    File f = new File(work, "out/" + name);
    TestFiles.deleteRecursively(f);
    return f.getAbsolutePath();
  }

  /** Output lines of a job, one char per byte, sorted. */
  private static List<String> lines(String dir) throws Exception {
    List<String> all = new ArrayList<>();
    File[] parts = new File(dir).listFiles((d, n) -> n.startsWith("part-"));
    for (File p : parts) {
      for (byte[] l : splitLines(Files.readAllBytes(p.toPath()))) {
        all.add(new String(l, StandardCharsets.ISO_8859_1));
      }
    }
    Collections.sort(all);
    return all;
  }

  /** A run's answer and counters. */
  private static final class Run {
    List<String> answer;
    long skipped;
    long pages;
    long trees;
  }

  private static void add(Run run, Counters c) {
    run.skipped += c.findCounter(BadRows.Counters.MALFORMED_ROWS_SKIPPED).getValue();
    run.pages += c.findCounter(RangeIndexCounter.PAGES_TOTAL).getValue();
    run.trees += c.findCounter(BTreeCounter.TREES_OPENED).getValue();
  }

  private static Run tool(BaselineTool tool, boolean skip, String... args) throws Exception {
    String o = out("run-" + (jobsRun + 1));
    List<String> all = new ArrayList<>(Arrays.asList(args));
    all.add(o);
    int rc = ToolRunner.run(conf(skip), (Tool) tool, all.toArray(new String[0]));
    jobsRun += tool.jobs().size();
    assertEquals(0, rc);
    Run run = new Run();
    run.answer = lines(o);
    for (Job j : tool.jobs()) {
      add(run, j.getCounters());
    }
    return run;
  }

  /** Converts or loads {@code table} of {@code dir}; returns the job (completed or failed). */
  private static Job prepare(String table, String how, boolean skip, File dir, String outDir) throws Exception {
    Configuration c = conf(skip);
    Job job;
    if (how.equals("convert")) {
      c.setInt(KvsfOutputFormat.PAGE_SIZE, 4096);
      job = KvsfConvert.createJob(c, Schema.forName(table), new Path(path(dir, table)), new Path(outDir));
    } else {
      c.set(LoadJob.TABLE, table);
      c.setInt(LoadJob.PARTITIONS, 2);
      c.set(LoadJob.FORMAT, how.equals("kvsf-key") ? "kvsf" : how);
      c.setInt(LoadJob.PAGE_SIZE, 4096);
      if (how.equals("kvsf-key")) { // sorted and indexed on the partition column, as the lookup join reads Rankings
        // the 4 KB pages of the others: the set's longest edge-valid Rankings row (a 3,000-byte URL) must fit a page
        c.set(LoadJob.INDEX_COLUMN, LoadJob.partitionColumn(c));
      }
      job = LoadJob.createJob(c, new Path(path(dir, table)), new Path(outDir));
    }
    job.waitForCompletion(false);
    jobsRun++;
    return job;
  }

  /** Prepared inputs of the skip-on runs: name (table-how) to directory, and their skip counts. */
  private static final Map<String, String> PREPARED = new LinkedHashMap<>();
  private static final Map<String, Long> PREPARED_SKIPS = new LinkedHashMap<>();

  private static String prepared(String table, String how) throws Exception {
    String key = table + "-" + how;
    if (!PREPARED.containsKey(key)) {
      String o = out("prepared-" + key);
      Job job = prepare(table, how, true, dirty, o);
      assertTrue(job.isSuccessful(), key);
      PREPARED.put(key, o);
      PREPARED_SKIPS.put(key, job.getCounters().findCounter(BadRows.Counters.MALFORMED_ROWS_SKIPPED).getValue());
    }
    return PREPARED.get(key);
  }

  private static long skips(String table, String how) {
    return PREPARED_SKIPS.get(table + "-" + how);
  }

  /** What went wrong, per variant: the test reports every disagreeing variant at once. */
  private final List<String> problems = new ArrayList<>();

  interface Check {
    void run() throws Exception;
  }

  private void variant(String name, Check c) {
    try {
      c.run();
    } catch (Throwable t) {
      problems.add(name + ": " + t);
    }
  }

  interface RunSupplier {
    Run get() throws Exception;
  }

  /** A baseline run the variants are compared with, or null (recorded) if it failed. */
  private Run base(String name, RunSupplier s) {
    try {
      return s.get();
    } catch (Throwable t) {
      problems.add(name + ": " + t);
      return null;
    }
  }

  @Test
  void withSkipOnEveryVariantGivesTheBaselinesAnswerAndCountsTheSameRows() throws Exception {
    Reference ref = new Reference(FileSystem.getLocal(new Configuration()), new Path(clean.getAbsolutePath()),
        StandardCharsets.ISO_8859_1);
    int r = MALFORMED_LINES.get("rankings");
    int v = MALFORMED_LINES.get("uservisits");
    String[] range = {"--from", FROM, "--to", TO};
    List<String> names = new ArrayList<>();

    // grep
    Run grep = base("grep baseline", () -> tool(new GrepJob(), true, path(dirty, "grep")));
    variant("grep baseline", () -> {
      assertEquals(ref.grep("XYZ"), grep.answer, "answer");
      assertEquals(MALFORMED_LINES.get("grep").longValue(), grep.skipped, "skips");
    });
    variant("grep mt", () -> check(grep, tool(new GrepJob(), true, "--variant", "mt", path(dirty, "grep")), 0));
    names.addAll(List.of("grep baseline", "grep mt"));

    // selection
    Run sel = base("selection baseline", () -> tool(new SelectionJob(), true, path(dirty, "rankings")));
    variant("selection baseline", () -> {
      assertEquals(ref.selection(10), sel.answer, "answer");
      assertTrue(sel.answer.size() >= 7, "the edge rows with pageRank > 10 are selected: " + sel.answer.size());
      assertEquals(r, sel.skipped, "skips");
    });
    variant("selection mt", () -> check(sel, tool(new SelectionJob(), true, "--variant", "mt", path(dirty, "rankings")), 0));
    variant("selection bdb", () -> check(sel, tool(new SelectionJob(), true, "--variant", "bdb", prepared("rankings", "convert")),
        skips("rankings", "convert")));
    names.addAll(List.of("selection baseline", "selection mt", "selection bdb"));
    variant("selection mtv", () -> check(sel, tool(new SelectionJob(), true, "--variant", "mtv", path(dirty, "rankings")), 0));
    names.add("selection mtv");
    for (String[] x : new String[][] {{"mti", "text"}, {"bdbi", "kvsf"}, {"bdbiv", "kvsf"}, {"bdbtree", "bdbtree"}}) {
      variant("selection " + x[0], () -> {
        Run run = tool(new SelectionJob(), true, "--variant", x[0], prepared("rankings", x[1]));
        check(sel, run, skips("rankings", x[1]));
        assertTrue(run.pages + run.trees > 0, "read through its index or trees");
      });
      names.add("selection " + x[0]);
    }

    // aggregation over every date (the indexed variants need a range)
    Run agg = base("aggregation baseline", () -> tool(new AggregationJob(), true, concat(range, path(dirty, "uservisits"))));
    variant("aggregation baseline", () -> {
      assertEquals(ref.aggregation(0, FROM, TO), agg.answer, "answer");
      assertEquals(v, agg.skipped, "skips");
    });
    variant("aggregation mt", () -> check(agg, tool(new AggregationJob(), true, concat(range, "--variant", "mt",
        path(dirty, "uservisits"))), 0));
    variant("aggregation bdb", () -> check(agg, tool(new AggregationJob(), true, concat(range, "--variant", "bdb",
        prepared("uservisits", "convert"))), skips("uservisits", "convert")));
    names.addAll(List.of("aggregation baseline", "aggregation mt", "aggregation bdb"));
    variant("aggregation mtv", () -> check(agg, tool(new AggregationJob(), true, concat(range, "--variant", "mtv",
        path(dirty, "uservisits"))), 0));
    names.add("aggregation mtv");
    for (String[] x : new String[][] {{"mti", "text"}, {"bdbi", "kvsf"}, {"bdbiv", "kvsf"}, {"bdbtree", "bdbtree"}}) {
      variant("aggregation " + x[0], () -> {
        Run run = tool(new AggregationJob(), true, concat(range, "--variant", x[0], prepared("uservisits", x[1])));
        check(agg, run, skips("uservisits", x[1]));
        assertTrue(run.pages + run.trees > 0, "read through its index or trees");
      });
      names.add("aggregation " + x[0]);
    }
    variant("aggregation mt+fph", () -> {
      AggregationJob fph = new AggregationJob();
      Configuration fpConf = conf(true);
      HadoopOptKeys.fingerprint(fpConf, true);
      String fphOut = out("agg-mt-fph");
      assertEquals(0, ToolRunner.run(fpConf, fph, concat(range, "--variant", "mt", path(dirty, "uservisits"), fphOut)));
      jobsRun++;
      assertEquals(agg.answer, lines(fphOut), "answer");
      assertEquals(agg.skipped, fph.jobs().get(0).getCounters().findCounter(BadRows.Counters.MALFORMED_ROWS_SKIPPED).getValue(),
          "skips");
      assertTrue(HadoopOptKeys.fingerprintRecordsSorted(fph.jobs().get(0).getCounters()) > 0, "the fingerprint collector ran");
    });
    names.add("aggregation mt+fph");

    // join over every date
    Run join = base("join baseline", () -> tool(new JoinJob(), true, concat(range, path(dirty, "rankings"), path(dirty, "uservisits"))));
    variant("join baseline", () -> {
      assertEquals(ref.join(FROM, TO), join.answer, "answer");
      assertTrue(join.answer.get(0).startsWith("\u00ff\u00fe.1.2.3\t999999999999.99"), "the invalid-UTF-8 sourceIP wins, "
          + "its bytes unchanged: " + join.answer);
      assertEquals(r + v, join.skipped, "skips");
    });
    variant("join mt", () -> check(join, tool(new JoinJob(), true, concat(range, "--variant", "mt", path(dirty, "rankings"),
        path(dirty, "uservisits"))), 0));
    variant("join simple-index", () -> check(join, tool(new JoinJob(), true, concat(range, "--variant", "simple-index",
        prepared("rankings", "text"), prepared("uservisits", "text"))), skips("rankings", "text") + skips("uservisits", "text")));
    names.addAll(List.of("join baseline", "join mt", "join simple-index"));
    variant("join mtp", () -> check(join, tool(new JoinJob(), true, concat(range, "--variant", "mtp", path(dirty, "rankings"),
        path(dirty, "uservisits"))), 0));
    variant("join lookup", () -> check(join, tool(new JoinJob(), true, concat(range, "--variant", "lookup",
        prepared("rankings", "kvsf-key"), prepared("uservisits", "kvsf"))), skips("rankings", "kvsf-key") + skips("uservisits", "kvsf")));
    names.addAll(List.of("join mtp", "join lookup"));
    for (String f : new String[] {"text", "kvsf"}) {
      variant("join partition " + f, () -> check(join, tool(new JoinJob(), true, concat(range, "--variant", "partition",
          prepared("rankings", f), prepared("uservisits", f))), skips("rankings", f) + skips("uservisits", f)));
      names.add("join partition " + f);
    }
    System.out.printf("grammar differential, skip on: %d injected rows (%d malformed kinds, %d edge-valid), %d variants %s, "
        + "%d jobs so far%n", ROWS.size(), ROWS.stream().filter(Row::malformed).count(),
        ROWS.stream().filter(x -> !x.malformed()).count(), names.size(), names, jobsRun);
    assertTrue(problems.isEmpty(), problems.size() + " variant(s) disagree:\n" + String.join("\n", problems));
  }

  /** The variant's answer is the baseline's, and it (with its conversion or load) skipped as many rows. */
  private static void check(Run baseline, Run run, long preparedSkips) {
    assertTrue(baseline != null, "no baseline answer to compare with");
    assertEquals(baseline.answer, run.answer, "answer");
    assertEquals(baseline.skipped, run.skipped + preparedSkips, "rows skipped (with its conversion or load)");
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  // ---- skip off ----

  /** The (file, offset, column) of every MalformedRecordException the run logged; the run must fail. */
  private static Set<String> failure(String what, ThrowingRunnable run) throws Exception {
    try (LogCapture log = LogCapture.root()) {
      boolean failed;
      try {
        failed = !run.run();
      } catch (Exception e) {
        failed = true;
      }
      assertTrue(failed, what + " did not fail");
      Set<String> found = new TreeSet<>();
      // the local runner logs a job's failure just after marking it failed: wait for the line
      Matcher m = ERROR.matcher(log.await(t -> ERROR.matcher(t).find()));
      while (m.find()) {
        found.add(error(m.group(1), Long.parseLong(m.group(2)), m.group(3)));
      }
      assertFalse(found.isEmpty(), what + ": no MalformedRecordException naming file, offset and column in the log");
      return found;
    }
  }

  interface ThrowingRunnable {
    /** Returns whether the run succeeded. */
    boolean run() throws Exception;
  }

  private static Set<String> failedTool(String what, BaselineTool tool, String... args) throws Exception {
    List<String> all = new ArrayList<>(Arrays.asList(args));
    all.add(out("fail-" + (jobsRun + 1)));
    jobsRun++;
    return failure(what, () -> ToolRunner.run(conf(false), (Tool) tool, all.toArray(new String[0])) == 0);
  }

  private static Set<String> failedPrepare(String table, String how) throws Exception {
    return failure(table + " " + how, () -> prepare(table, how, false, dirty, out("fail-prep-" + table + "-" + how)).isSuccessful());
  }

  private static void assertInjected(Set<String> found, String... tables) {
    Set<String> expected = new TreeSet<>();
    for (String t : tables) {
      expected.addAll(EXPECTED_ERRORS.get(t));
    }
    for (String e : found) {
      if (!expected.contains(e)) {
        fail("names " + e + ", not an injected malformed row with its column; expected one of " + expected);
      }
    }
  }

  @Test
  void withSkipOffEveryVariantFailsNamingTheSameFileOffsetAndColumn() throws Exception {
    Set<String> grep = failedTool("grep baseline", new GrepJob(), path(dirty, "grep"));
    variant("grep baseline", () -> assertInjected(grep, "grep"));
    variant("grep mt", () -> assertEquals(grep, failedTool("grep mt", new GrepJob(), "--variant", "mt", path(dirty, "grep"))));

    Set<String> sel = failedTool("selection baseline", new SelectionJob(), path(dirty, "rankings"));
    variant("selection baseline", () -> assertInjected(sel, "rankings"));
    variant("selection mt", () -> assertEquals(sel, failedTool("selection mt", new SelectionJob(), "--variant", "mt",
        path(dirty, "rankings"))));
    Set<String> agg = failedTool("aggregation baseline", new AggregationJob(), path(dirty, "uservisits"));
    variant("aggregation baseline", () -> assertInjected(agg, "uservisits"));
    variant("aggregation mt", () -> assertEquals(agg, failedTool("aggregation mt", new AggregationJob(), "--variant", "mt",
        path(dirty, "uservisits"))));
    // the page variants with the baseline's splits (not sized to the slots), so every split meets the same first bad row
    variant("selection mtv", () -> assertEquals(sel, failedTool("selection mtv", new SelectionJob(), "-D", ScanSplits.SLOTS + "=0",
        "--variant", "mtv", path(dirty, "rankings"))));
    variant("aggregation mtv", () -> assertEquals(agg, failedTool("aggregation mtv", new AggregationJob(), "-D",
        ScanSplits.SLOTS + "=0", "--variant", "mtv", path(dirty, "uservisits"))));
    // bdb, mti, bdbi, bdbiv, bdbtree, simple-index, partition, lookup read converted or loaded copies: the conversion or load fails.
    for (String how : new String[] {"convert", "text", "kvsf", "bdbtree", "kvsf-key"}) {
      variant("rankings " + how, () -> assertEquals(sel, failedPrepare("rankings", how)));
      variant("uservisits " + how, () -> assertEquals(agg, failedPrepare("uservisits", how)));
    }
    Set<String> join = failedTool("join baseline", new JoinJob(), path(dirty, "rankings"), path(dirty, "uservisits"));
    variant("join baseline", () -> {
      assertInjected(join, "rankings", "uservisits");
      Set<String> both = new TreeSet<>(sel);
      both.addAll(agg);
      assertTrue(both.containsAll(join), "the join names what the selection and aggregation (and the loads) name: " + join);
    });
    variant("join mt", () -> assertEquals(join, failedTool("join mt", new JoinJob(), "--variant", "mt", path(dirty, "rankings"),
        path(dirty, "uservisits"))));
    // mtp reads UserVisits first, in a job of its own: it fails there, naming what the baseline names of UserVisits
    variant("join mtp", () -> assertEquals(agg, failedTool("join mtp", new JoinJob(), "-D", ScanSplits.SLOTS + "=0",
        "--variant", "mtp", path(dirty, "rankings"), path(dirty, "uservisits"))));
    System.out.printf("grammar differential, skip off: baseline errors grep %s, rankings %s, uservisits %s, join %s; %d jobs so far%n",
        grep, sel, agg, join, jobsRun);
    assertTrue(problems.isEmpty(), problems.size() + " variant(s) disagree:\n" + String.join("\n", problems));
  }
}
