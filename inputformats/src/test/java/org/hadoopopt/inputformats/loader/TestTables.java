package org.hadoopopt.inputformats.loader;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.hadoopopt.inputformats.mapreduce.CountingTaskContext;
import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.pavlo.data.PageUrls;
import org.hadoopopt.pavlo.data.UserVisitsRows;
import org.hadoopopt.testing.TestFiles;

/**
 * Small deterministic Rankings and UserVisits tables as '|' lines (UserVisits from the benchmark's
 * generator, its destURLs the Rankings pageURLs), written by the test itself, and
 * the loader tests' shared steps: a local work folder and runner, loading a table, reading it back
 * through an input format as tasks would.
 */
final class TestTables {
  final List<String> rankings = new ArrayList<>();
  final List<String> userVisits = new ArrayList<>();

  TestTables(long seed, int rankingRows, int visitRows) {
    Random r = new Random(seed);
    for (int i = 0; i < rankingRows; i++) {
      r.nextInt(1 << 20); // the draw of the URL token these rows once had: keeps every rank as it was
      // Skewed like the benchmark: most ranks 1..30, a few large ones.
      int rank = r.nextInt(50) == 0 ? 100 + r.nextInt(900) : 1 + r.nextInt(30);
      rankings.add(PageUrls.of(seed, i) + "|" + rank + "|" + (1 + r.nextInt(100)));
    }
    // Every destURL a pageURL above; four months of dates, so ranges hit pages on every side.
    userVisits.addAll(Arrays.asList(new UserVisitsRows(seed, rankingRows, 1_000_000, UserVisitsRows.PAVLO_IP_PREFIXES,
        LocalDate.of(1999, 12, 1), 120).rows(visitRows)));
  }

  static void write(File file, List<String> lines) throws IOException {
    file.getParentFile().mkdirs();
    Files.write(file.toPath(), (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /** A fresh (emptied) {@code target/test-work/<name>}. */
  static File freshWork(String name) {
    File work = new File("target/test-work/" + name).getAbsoluteFile();
    TestFiles.deleteRecursively(work);
    return work;
  }

  /** The local file system and the local job runner. */
  static Configuration localConf() {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    conf.set("mapreduce.framework.name", "local");
    return conf;
  }

  /**
   * Loads {@code table} from {@code in} into {@code out} with the loader's job, asserting that it
   * succeeded: {@code partitions} partitions in {@code format}, pages of {@code pageSize} bytes
   * (0: the loader's default).
   */
  static void load(Configuration base, String table, String format, int partitions, int pageSize, Path in, Path out)
      throws Exception {
    Configuration c = new Configuration(base);
    c.set(LoadJob.TABLE, table);
    LoadJob.setPartitions(c, partitions);
    c.set(LoadJob.FORMAT, format);
    if (pageSize > 0) {
      LoadJob.setPageSize(c, pageSize);
    }
    if (!LoadJob.createJob(c, in, out).waitForCompletion(false)) {
      throw new AssertionError("load " + table + " as " + format + " into " + out + " failed");
    }
  }

  /** {@code base} with the range (bounds null: unbounded) on {@code column} the input formats read. */
  static Configuration range(Configuration base, String column, Object lo, boolean loIn, Object hi, boolean hiIn) {
    Configuration c = new Configuration(base);
    c.set(RangeIndexInputFormat.COLUMN, column);
    if (lo != null) {
      c.set(RangeIndexInputFormat.LOWER, lo.toString());
    }
    if (hi != null) {
      c.set(RangeIndexInputFormat.UPPER, hi.toString());
    }
    c.setBoolean(RangeIndexInputFormat.LOWER_INCLUSIVE, loIn);
    c.setBoolean(RangeIndexInputFormat.UPPER_INCLUSIVE, hiIn);
    return c;
  }

  /**
   * Reads {@code dir} through {@code format} with {@code c}, split by split as tasks would; returns
   * the projected rows, sorted, and adds the splits to {@code splitsOut} (null: not wanted).
   */
  static List<String> read(InputFormat<Writable, ? extends Row> format, Path dir, Configuration c,
      List<InputSplit> splitsOut) throws Exception {
    return read(format, dir, c, splitsOut, new Counters());
  }

  /** {@link #read(InputFormat, Path, Configuration, List)}, the readers' counters added to {@code counters}. */
  static List<String> read(InputFormat<Writable, ? extends Row> format, Path dir, Configuration c,
      List<InputSplit> splitsOut, Counters counters) throws Exception {
    Job job = Job.getInstance(c);
    FileInputFormat.addInputPath(job, dir);
    List<InputSplit> splits = format.getSplits(job);
    if (splitsOut != null) {
      splitsOut.addAll(splits);
    }
    List<String> rows = new ArrayList<>();
    for (InputSplit s : splits) {
      readSplit(format, CountingTaskContext.of(job.getConfiguration(), counters, "loaded"), s, rows);
    }
    Collections.sort(rows);
    return rows;
  }

  /** Adds the projected rows of one split to {@code rows}. */
  static void readSplit(InputFormat<Writable, ? extends Row> format, Configuration c, InputSplit s, List<String> rows)
      throws Exception {
    readSplit(format, new TaskAttemptContextImpl(c, new TaskAttemptID()), s, rows);
  }

  private static void readSplit(InputFormat<Writable, ? extends Row> format, TaskAttemptContext ctx, InputSplit s,
      List<String> rows) throws Exception {
    try (RecordReader<Writable, ? extends Row> r = format.createRecordReader(s, ctx)) {
      r.initialize(s, ctx);
      while (r.nextKeyValue()) {
        rows.add(project(r.getCurrentValue().toText()));
      }
    }
  }

  // ---- independent expectations: String.split and java.time over the input lines ----

  /** Key of a line: column {@code col} as a long (int, or epoch day for a date). */
  static long key(String line, int col) {
    String v = line.split("\\|")[col];
    return v.contains("-") ? LocalDate.parse(v).toEpochDay() : Long.parseLong(v);
  }

  /** The projection the tests compare: all Rankings columns; UserVisits sourceIP, destURL, visitDate, duration. */
  static String project(String line) {
    String[] f = line.split("\\|");
    return f.length == 3 ? line : f[0] + "|" + f[1] + "|" + f[2] + "|" + f[8];
  }

  /** The projected lines whose key in column {@code col} lies in the range (null = unbounded), sorted. */
  static List<String> expected(List<String> lines, int col, Long lo, boolean loIn, Long hi, boolean hiIn) {
    List<String> out = new ArrayList<>();
    for (String l : lines) {
      long k = key(l, col);
      if ((lo == null || k > lo || loIn && k == lo) && (hi == null || k < hi || hiIn && k == hi)) {
        out.add(project(l));
      }
    }
    Collections.sort(out);
    return out;
  }
}
