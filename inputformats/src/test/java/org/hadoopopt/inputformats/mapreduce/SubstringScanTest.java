package org.hadoopopt.inputformats.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.hadoopopt.inputformats.record.GrepRecord;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The substring searched ahead in the line buffer ({@link SubstringScan}) for Grep rows: over random
 * files dense with near-hits (the pattern's bytes, '|', multi-byte UTF-8, LF/CR/CRLF, a byte order
 * mark, rows with a wrong field count, no last line end), buffers smaller than a row and random
 * split edges, the rows handed on are exactly Hadoop's lines (LineRecordReader) filtered by
 * {@code String.split} and {@code contains}; rows scanned, passed and skipped equal the test's own
 * counts; a malformed row fails with the same error as without pushdown.
 */
class SubstringScanTest {
  @TempDir
  File dir;

  private static final String[] PIECES = {"X", "Y", "Z", "XYZ", "a", "b", "日", "本", "\u00fc"};

  private Path write(String name, byte[] b) throws IOException {
    Path p = new Path(dir.getAbsolutePath(), name);
    try (OutputStream out = FileSystem.getLocal(new Configuration()).getRaw().create(p)) {
      out.write(b);
    }
    return p;
  }

  private static String text(Random r, int max) {
    StringBuilder b = new StringBuilder();
    for (int i = r.nextInt(max + 1); i > 0; i--) {
      b.append(PIECES[r.nextInt(PIECES.length)]);
    }
    return b.toString();
  }

  /** Grep-like lines; about one in twelve has no '|' or two. */
  private static byte[] randomFile(Random r, int lines, boolean bom) {
    StringBuilder b = new StringBuilder(bom ? "\uFEFF" : "");
    for (int i = 0; i < lines; i++) {
      int kind = r.nextInt(24);
      b.append(text(r, 6));
      if (kind != 0) {
        b.append('|');
      }
      b.append(text(r, 25));
      if (kind == 1) {
        b.append('|').append(text(r, 3));
      }
      if (i < lines - 1 || r.nextBoolean()) {
        int end = r.nextInt(6);
        b.append(end == 0 ? "\r\n" : end == 1 ? "\r" : "\n");
      }
    }
    return b.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static TaskAttemptContext context(Configuration conf, Counters counters) {
    conf.set("fs.defaultFS", "file:///");
    return CountingTaskContext.of(conf, counters, "scan");
  }

  /** Hadoop's lines of the splits, "offset:line". */
  private static List<String> hadoops(Path file, long[] cuts) throws Exception {
    Configuration conf = new Configuration(false);
    conf.set("fs.defaultFS", "file:///");
    List<String> out = new ArrayList<>();
    for (int i = 0; i + 1 < cuts.length; i++) {
      try (LineRecordReader r = new LineRecordReader()) {
        r.initialize(new FileSplit(file, cuts[i], cuts[i + 1] - cuts[i], new String[0]),
            new TaskAttemptContextImpl(conf, new TaskAttemptID("scan", 1, TaskType.MAP, 0, 0)));
        while (r.nextKeyValue()) {
          out.add(r.getCurrentKey().get() + ":" + r.getCurrentValue());
        }
      }
    }
    return out;
  }

  /** The rows our reader hands on, "offset:key|field", checking that it searched ahead when SCANS. */
  private static List<String> ours(Path file, long[] cuts, Configuration conf, Counters counters, int buffer, boolean scans)
      throws IOException, InterruptedException {
    TaskAttemptContext ctx = context(conf, counters);
    List<String> out = new ArrayList<>();
    for (int i = 0; i + 1 < cuts.length; i++) {
      FileSplit split = new FileSplit(file, cuts[i], cuts[i + 1] - cuts[i], new String[0]);
      try (MutableTextRecordReader<GrepRecord> r = new MutableTextRecordReader<>(Schema.GREP, buffer)) {
        r.initialize(split, ctx);
        assertEquals(scans, r.scansAhead(), "searched ahead in the buffer");
        while (r.nextKeyValue()) {
          out.add(r.getCurrentKey().get() + ":" + r.getCurrentValue().toText());
        }
      }
    }
    return out;
  }

  private static long[] cuts(Random r, long len) {
    long[] c = new long[2 + r.nextInt(5)];
    for (int i = 1; i < c.length - 1; i++) {
      c[i] = (long) (r.nextDouble() * len);
    }
    c[c.length - 1] = len;
    Arrays.sort(c);
    return c;
  }

  @Test
  void rowsAndCountersEqualAnIndependentFilterOfHadoopsLines() throws Exception {
    Random r = new Random(1616);
    long passedAll = 0;
    for (int round = 0; round < 40; round++) {
      byte[] b = randomFile(r, 20 + r.nextInt(200), round % 4 == 0);
      Path file = write("g" + round, b);
      long[] cuts = cuts(r, b.length);
      List<String> lines = hadoops(file, cuts);
      for (String pattern : new String[] {"XYZ", "Z", "日本", "YX", "\u00fcX", "QQQ"}) {
        for (int column = 0; column < 2; column++) {
          List<String> expected = new ArrayList<>();
          long wellFormed = 0;
          for (String l : lines) {
            String[] f = l.substring(l.indexOf(':') + 1).split("\\|", -1);
            if (f.length == 2) {
              wellFormed++;
              if (f[column].contains(pattern)) {
                expected.add(l);
              }
            }
          }
          for (int buffer : new int[] {16, 41, 1 << 20}) {
            Configuration conf = new Configuration(false);
            Pushdown.setContains(conf, column == 0 ? "key" : "field", pattern);
            BadRows.setSkipBad(conf, true);
            Counters counters = new Counters();
            String what = "file " + round + " '" + pattern + "' in column " + column + ", buffer " + buffer + ", cuts "
                + Arrays.toString(cuts);
            assertEquals(expected, ours(file, cuts, conf, counters, buffer, true), what);
            assertEquals(wellFormed, counters.findCounter(PushdownCounter.ROWS_SCANNED).getValue(), "scanned: " + what);
            assertEquals(expected.size(), counters.findCounter(PushdownCounter.ROWS_PASSED).getValue(), "passed: " + what);
            assertEquals(lines.size() - wellFormed, counters.findCounter(BadRows.Counters.MALFORMED_ROWS_SKIPPED).getValue(),
                "skipped: " + what);
          }
          passedAll += expected.size();
        }
      }
    }
    assertTrue(passedAll > 500, passedAll + " rows passed in all");
  }

  @Test
  void firstLastEmptyAndAllRows() throws Exception {
    String[] rows = {"XYZkey|XYZ first field", "k1|plain", "k2|ends XYZ", "kXY|Z across the delimiter", "k3|XY", "Zk|across lines",
        "k4|XYZ"};
    Path file = write("edges", (String.join("\n", rows)).getBytes(StandardCharsets.UTF_8));
    long len = FileSystem.getLocal(new Configuration()).getFileStatus(file).getLen();
    long[] whole = {0, len};
    Configuration conf = new Configuration(false);
    Pushdown.setContains(conf, "field", "XYZ");
    List<String> got = ours(file, whole, conf, new Counters(), 16, true);
    long[] at = new long[rows.length];
    for (int i = 1; i < rows.length; i++) {
      at[i] = at[i - 1] + rows[i - 1].length() + 1;
    }
    // Not "XY|Z" across the delimiter, nor "XY\nZ" across lines; the first and the last row.
    assertEquals(Arrays.asList(at[0] + ":" + rows[0], at[2] + ":" + rows[2], at[6] + ":" + rows[6]), got);
    Pushdown.setContains(conf, "key", "XYZ");
    assertEquals(Arrays.asList("0:XYZkey|XYZ first field"), ours(file, whole, conf, new Counters(), 16, true));
    Pushdown.setContains(conf, "field", "none");
    assertTrue(ours(file, whole, conf, new Counters(), 16, true).isEmpty());
    Pushdown.setContains(conf, "key", "k"); // every key has a 'k'
    assertEquals(rows.length, ours(file, whole, conf, new Counters(), 16, true).size());
  }

  @Test
  void aMalformedRowFailsWithTheSameErrorAsWithoutPushdown() throws Exception {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (int i = 0; i < 300; i++) {
      b.write(("key" + i + "|" + (i == 250 ? "two|pipes" : "field " + i) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    Path file = write("bad", b.toByteArray());
    long[] whole = {0, b.size()};
    MalformedRecordException without = assertThrows(MalformedRecordException.class,
        () -> ours(file, whole, new Configuration(false), new Counters(), 64, false));
    Configuration conf = new Configuration(false);
    Pushdown.setContains(conf, "field", "zzz");
    MalformedRecordException with = assertThrows(MalformedRecordException.class,
        () -> ours(file, whole, conf, new Counters(), 64, true));
    assertEquals(without.getMessage(), with.getMessage());
    assertTrue(with.getMessage().contains(file.toString()), with.getMessage());
    assertFalse(with.getMessage().isEmpty());
  }
}
