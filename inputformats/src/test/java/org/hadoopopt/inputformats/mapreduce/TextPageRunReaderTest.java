package org.hadoopopt.inputformats.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.inputformats.index.RangeIndexLayout;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.Test;

/**
 * The one-pass page-run reader against the line reader it replaces on index page runs: for every
 * run of whole lines of a file (every start and end at a line start), with buffers from 16 bytes
 * (every line grows it) to 1 MB, both give the same keys and rows, the same error (file, offset,
 * field) on the first malformed line, and with skipping the same rows and skip count. The file
 * holds CR, CRLF and LF line ends, a byte order mark, an empty line, malformed values and field
 * counts, and a last line without a line end.
 */
class TextPageRunReaderTest {
  private static final String GOOD = "10.0.0.%d|http://u%d.example/p|1985-03-%02d|%d.5|Mozilla/5.0 (X11)|USA|en-US|word%d|%d";

  private static List<String> lines(boolean hostile) {
    List<String> l = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      l.add(String.format(GOOD, i, i, 1 + i % 28, i * 7, i, i % 13));
    }
    if (hostile) {
      l.set(5, l.get(5) + "|extra"); // too many fields
      l.set(9, "10.0.0.9|u|1985-02-30|1.5|a|USA|en-US|w|3"); // no such day
      l.set(14, ""); // empty line
      l.set(20, "10.0.0.20|u|1985-03-01|1.5|a|USA|en-US|w|x7"); // bad INT, last field
      l.set(27, "10.0.0.27|u|1985-03-01|1.555|a|USA|en-US|w|7"); // three decimals
    }
    return l;
  }

  /** Joins lines with the given ends (cycled); the last line gets none when {@code openEnd}. */
  private static byte[] file(List<String> lines, String[] ends, boolean bom, boolean openEnd) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < lines.size(); i++) {
      sb.append(lines.get(i));
      if (i < lines.size() - 1 || !openEnd) {
        sb.append(ends[i % ends.length]);
      }
    }
    byte[] text = sb.toString().getBytes(StandardCharsets.UTF_8);
    if (!bom) {
      return text;
    }
    byte[] b = new byte[text.length + 3];
    b[0] = (byte) 0xEF;
    b[1] = (byte) 0xBB;
    b[2] = (byte) 0xBF;
    System.arraycopy(text, 0, b, 3, text.length);
    return b;
  }

  /** Offsets where a line starts (after LF, CR not followed by LF, or CRLF), and the file's length. */
  private static List<Long> lineStarts(byte[] b) {
    List<Long> s = new ArrayList<>();
    s.add(0L);
    for (int i = 0; i < b.length; i++) {
      if (b[i] == '\n' || (b[i] == '\r' && (i + 1 == b.length || b[i + 1] != '\n'))) {
        if (i + 1 < b.length) {
          s.add((long) i + 1);
        }
      }
    }
    s.add((long) b.length);
    return s;
  }

  /** Keys and rows of a reader, or the first error's message; the skip count at the end. */
  private static List<String> read(RecordReader<LongWritable, ? extends Row> r, FileSplit split, TaskAttemptContext ctx,
      Counters counters) throws Exception {
    List<String> out = new ArrayList<>();
    try {
      r.initialize(split, ctx);
      while (r.nextKeyValue()) {
        out.add(r.getCurrentKey().get() + " " + r.getCurrentValue().toText());
      }
    } catch (IOException e) {
      out.add("error: " + e.getMessage());
    } finally {
      r.close();
    }
    out.add("skipped " + counters.findCounter(BadRows.Counters.MALFORMED_ROWS_SKIPPED).getValue());
    return out;
  }

  /** A folder of this class's files, one per test fork. */
  private static File dir() {
    File d = new File("target/test-work/" + TestFiles.perFork("text-page-run")).getAbsoluteFile();
    d.mkdirs();
    return d;
  }

  private static void compareEveryRun(byte[] bytes, boolean skip, String name) throws Exception {
    File f = new File(dir(), name);
    Files.write(f.toPath(), bytes);
    Path path = new Path(f.getAbsolutePath());
    List<Long> starts = lineStarts(bytes);
    int runs = 0;
    int rows = 0;
    for (int a = 0; a < starts.size() - 1; a += 3) {
      for (int z = a + 1; z < starts.size(); z += 4) {
        long start = starts.get(a);
        long length = starts.get(z) - start;
        for (int bufferBytes : new int[] {16, 97, 1 << 20}) {
          Configuration conf = new Configuration(false);
          BadRows.setSkipBad(conf, skip);
          Counters lineCounters = new Counters();
          Counters runCounters = new Counters();
          // The line reader as RangeRecordReader sets it up for a page run: from the LF before, to the run's last byte.
          long lrStart = start == 0 ? 0 : start - 1;
          FileSplit lineSplit = new FileSplit(path, lrStart, start + length - 1 - lrStart, null);
          List<String> expected = read(new MutableTextRecordReader<Row>(Schema.USER_VISITS), lineSplit,
              CountingTaskContext.of(conf, lineCounters, "lines"), lineCounters);
          List<String> actual = read(new TextPageRunReader<Row>(Schema.USER_VISITS, bufferBytes),
              new FileSplit(path, start, length, null), CountingTaskContext.of(conf, runCounters, "run"), runCounters);
          assertEquals(expected, actual, name + " run [" + start + ", " + (start + length) + "), buffer " + bufferBytes);
          runs++;
          rows += expected.size();
        }
      }
    }
    assertTrue(runs > 50 && rows > runs, "runs compared: " + runs + ", rows " + rows);
  }

  @Test
  void theRangeReaderReadsTextPageRunsWithItAndScansWithTheLineReader() throws Exception {
    byte[] b = file(lines(false), new String[] {"\n"}, false, false);
    File f = new File(dir(), "route.txt");
    Files.write(f.toPath(), b);
    Path path = new Path(f.getAbsolutePath());
    Configuration conf = new Configuration(false);
    TaskAttemptContext ctx = CountingTaskContext.of(conf, new Counters(), "route");
    RecordReader<?, Row> pages = RangeRecordReader.open(new IndexedSplit(path, 0, b.length, null, RangeIndexLayout.FORMAT_TEXT,
        false), Schema.USER_VISITS, ctx);
    RecordReader<?, Row> scan = RangeRecordReader.open(new IndexedSplit(path, 0, b.length, null, RangeIndexLayout.FORMAT_TEXT,
        true), Schema.USER_VISITS, ctx);
    try {
      assertTrue(pages instanceof TextPageRunReader, String.valueOf(pages));
      assertTrue(scan instanceof MutableTextRecordReader, String.valueOf(scan));
    } finally {
      pages.close();
      scan.close();
    }
  }

  @Test
  void validLinesWithLfEndsReadAsTheLineReaderReadsThem() throws Exception {
    compareEveryRun(file(lines(false), new String[] {"\n"}, false, false), false, "lf.txt");
  }

  @Test
  void crAndCrlfEndsAByteOrderMarkAndAnOpenLastLine() throws Exception {
    compareEveryRun(file(lines(false), new String[] {"\n", "\r\n", "\r", "\n", "\n"}, true, true), false, "cr.txt");
  }

  @Test
  void malformedLinesFailAlikeNamingFileAndOffset() throws Exception {
    byte[] b = file(lines(true), new String[] {"\n"}, false, false);
    compareEveryRun(b, false, "bad.txt");
    Configuration conf = new Configuration(false);
    Counters c = new Counters();
    File f = new File(dir(), "bad.txt");
    List<String> out = read(new TextPageRunReader<Row>(Schema.USER_VISITS, 64), new FileSplit(new Path(f.getAbsolutePath()),
        0, b.length, null), CountingTaskContext.of(conf, c, "run"), c);
    String error = out.get(out.size() - 2);
    assertTrue(error.startsWith("error: ") && error.contains(f.getName()), error);
    assertEquals(7, out.size(), "5 good rows, the error, the count: " + out);
  }

  @Test
  void malformedLinesAreSkippedAndCountedAlike() throws Exception {
    compareEveryRun(file(lines(true), new String[] {"\n", "\r\n"}, false, false), true, "skip.txt");
    byte[] b = file(lines(true), new String[] {"\n"}, false, false);
    File f = new File(dir(), "skip1.txt");
    Files.write(f.toPath(), b);
    Configuration conf = new Configuration(false);
    BadRows.setSkipBad(conf, true);
    Counters c = new Counters();
    List<String> out = read(new TextPageRunReader<Row>(Schema.USER_VISITS, 1 << 20), new FileSplit(new Path(f.getAbsolutePath()),
        0, b.length, null), CountingTaskContext.of(conf, c, "run"), c);
    assertEquals("skipped 5", out.get(out.size() - 1));
    assertEquals(35 + 1, out.size());
  }
}
