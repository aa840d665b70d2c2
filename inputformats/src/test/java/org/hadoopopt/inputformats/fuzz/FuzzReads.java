package org.hadoopopt.inputformats.fuzz;

import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.hadoopopt.inputformats.mapreduce.BadRows;
import org.hadoopopt.inputformats.mapreduce.CountingTaskContext;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * What the fuzz tests share: a local input directory holding one file, and reading it the way a
 * job does (the input format's own {@code getSplits}, then its record reader over each split, in a
 * task context whose counters the test reads), without a job runner (thousands of cases).
 */
final class FuzzReads {
  private FuzzReads() {}

  /** What a read returned: rows as canonical text, and the skip counters. */
  static final class Read {
    final List<String> rows = new ArrayList<>();
    long rowsSkipped;
    long pagesSkipped;
  }

  static Configuration conf(boolean skip) {
    Configuration conf = new Configuration(false);
    conf.set("fs.defaultFS", "file:///");
    // Raw: files are replaced behind Hadoop's back, and no .crc sidecar must stand in for our checks.
    conf.set("fs.file.impl", org.apache.hadoop.fs.RawLocalFileSystem.class.getName());
    conf.setBoolean("fs.file.impl.disable.cache", true);
    BadRows.setSkipBad(conf, skip);
    return conf;
  }

  /** Replaces the only file of {@code dir} with {@code bytes}; returns its path. */
  static Path put(File dir, String name, byte[] bytes) throws IOException {
    dir.mkdirs();
    File f = new File(dir, name);
    Files.write(f.toPath(), bytes);
    return new Path(f.toURI());
  }

  static TaskAttemptContext context(Configuration conf, Counters counters) {
    return CountingTaskContext.of(conf, counters, "fuzz");
  }

  /** Reads every split of {@code dir} through {@code format} with splits of at most {@code splitBytes}. */
  static Read read(InputFormat<?, ? extends Row> format, Path dir, Configuration conf, long splitBytes)
      throws IOException, InterruptedException {
    Job job = Job.getInstance(conf);
    FileInputFormat.addInputPath(job, dir);
    FileInputFormat.setMaxInputSplitSize(job, splitBytes);
    Counters counters = new Counters();
    TaskAttemptContext ctx = context(job.getConfiguration(), counters);
    Read out = new Read();
    for (InputSplit split : format.getSplits(job)) {
      try (RecordReader<?, ? extends Row> r = format.createRecordReader(split, ctx)) {
        r.initialize(split, ctx);
        while (r.nextKeyValue()) {
          out.rows.add(exactText(r.getCurrentValue()));
        }
      }
    }
    out.rowsSkipped = counters.findCounter(BadRows.Counters.MALFORMED_ROWS_SKIPPED).getValue();
    out.pagesSkipped = counters.findCounter(BadRows.Counters.CORRUPT_PAGES_SKIPPED).getValue();
    return out;
  }

  /**
   * The row as '|' text, byte-exact: strings as their bytes (ISO-8859-1, so bytes that are not
   * UTF-8 stay distinct), numbers formatted here (INT decimal, DATE yyyy-MM-dd, DECIMAL with at
   * least two decimals), null fields empty.
   */
  static String exactText(Row row) {
    StringBuilder sb = new StringBuilder();
    Schema schema = row.schema();
    for (int i = 0; i < schema.fieldCount(); i++) {
      if (i > 0) {
        sb.append('|');
      }
      if (row.isNull(i)) {
        continue;
      }
      switch (schema.type(i)) {
        case STRING:
          ByteSlice s = row.slice(i);
          sb.append(new String(s.bytes(), s.offset(), s.length(), StandardCharsets.ISO_8859_1));
          break;
        case DATE:
          sb.append(LocalDate.ofEpochDay(row.getNumber(i)));
          break;
        case DECIMAL:
          sb.append(decimal(BigDecimal.valueOf(row.getNumber(i), 6)));
          break;
        default:
          sb.append(row.getNumber(i));
      }
    }
    return sb.toString();
  }

  /** At least two decimals, no trailing zeros beyond them. */
  static String decimal(BigDecimal v) {
    BigDecimal d = v.stripTrailingZeros();
    return d.setScale(Math.max(2, d.scale())).toPlainString();
  }

  /** A clear error: an IOException whose message names {@code file} and an offset (or {@code alsoOk}). */
  static void assertClear(IOException e, Path file, String... alsoOk) {
    String m = String.valueOf(e.getMessage());
    boolean where = m.contains("offset");
    for (String s : alsoOk) {
      where |= m.contains(s);
    }
    if (!m.contains(file.toString()) && !m.contains(file.toUri().getPath()) || !where) {
      AssertionError a = new AssertionError("error does not name the file " + file + " and an offset: " + e);
      a.initCause(e);
      throw a;
    }
  }
}
