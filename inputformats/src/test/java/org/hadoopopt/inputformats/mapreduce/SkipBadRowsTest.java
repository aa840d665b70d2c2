package org.hadoopopt.inputformats.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.kvsf.KvsfFileInfo;
import org.hadoopopt.inputformats.kvsf.KvsfLayout;
import org.hadoopopt.inputformats.kvsf.KvsfWriter;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.pavlo.data.SampleRows;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hadoopopt.input.skip.bad} in the mutable readers: off, a bad row fails naming file and
 * offset; on, the good rows come through exactly and the counter counts what was skipped.
 */
class SkipBadRowsTest {
  private static final String[] GOOD = SampleRows.rankings(9, 60);

  @TempDir
  File dir;

  private final FileSystem fs;

  SkipBadRowsTest() throws IOException {
    fs = FileSystem.getLocal(new Configuration()).getRaw();
  }

  private static TaskAttemptContext context(boolean skip, Counters counters) {
    Configuration conf = new Configuration(false);
    BadRows.setSkipBad(conf, skip);
    return CountingTaskContext.of(conf, counters, "skip");
  }

  /** Reads {@code splits} of {@code file} with the format's reader, rows as canonical text. */
  private static List<String> read(org.apache.hadoop.mapreduce.InputFormat<?, ? extends Row> format, Path file,
      long[] cuts, TaskAttemptContext ctx) throws IOException, InterruptedException {
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

  @Test
  void textRowsAreSkippedAndCountedOrFailTheTask() throws Exception {
    // Bad lines: a non-numeric int, too few fields, too many fields, an empty line.
    String[] bad = {"http://x|ten|5", "onlyone", "a|1|2|3", ""};
    List<String> lines = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    long firstBadFieldOffset = -1;
    long offset = 0;
    for (int i = 0; i < GOOD.length; i++) {
      if (i % 15 == 7) {
        String b = bad[i / 15];
        if (firstBadFieldOffset < 0) {
          firstBadFieldOffset = offset; // the row's offset; the column: 'ten', the pageRank
        }
        lines.add(b);
        offset += b.length() + 1;
      }
      lines.add(GOOD[i]);
      expected.add(GOOD[i]);
      offset += GOOD[i].length() + 1;
    }
    Path file = new Path(dir.getAbsolutePath(), "rankings.txt");
    try (OutputStream out = fs.create(file)) {
      out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    long len = fs.getFileStatus(file).getLen();

    Counters counters = new Counters();
    assertEquals(expected, read(new RankingsTextInputFormat(), file, new long[] {0, len / 3, len}, context(true, counters)));
    assertEquals(bad.length, counters.findCounter(BadRows.Counters.MALFORMED_ROWS_SKIPPED).getValue());

    MalformedRecordException e = assertThrows(MalformedRecordException.class,
        () -> read(new RankingsTextInputFormat(), file, new long[] {0, len}, context(false, new Counters())));
    assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("offset " + firstBadFieldOffset)
        && e.getMessage().contains("field pageRank"), e.getMessage());
  }

  /** Rows of {@link #GOOD} with poison rows among them; in pages of {@code pageSize}; returns the file. */
  private Path writeKvsf(String name, int pageSize, List<Row> rows) throws IOException {
    Path file = new Path(dir.getAbsolutePath(), name);
    try (KvsfWriter w = new KvsfWriter(fs.create(file), file.toString(), Schema.RANKINGS, new PoisonCodec(), pageSize)) {
      for (Row r : rows) {
        w.append(r);
      }
    }
    return file;
  }

  private static List<Row> rowsWithPoison(int... poisonAt) throws IOException {
    List<Row> rows = new ArrayList<>();
    MutableTextDecoder d = new MutableTextDecoder(Schema.RANKINGS);
    for (int i = 0; i < GOOD.length; i++) {
      String line = Arrays.binarySearch(poisonAt, i) >= 0 ? "http://poison|" + PoisonCodec.POISON + "|1" : GOOD[i];
      byte[] b = line.getBytes(StandardCharsets.UTF_8);
      Row r = new RankingsRecord();
      r.copyFrom(d.decodeLine(b, 0, b.length, "test", 0));
      rows.add(r);
    }
    return rows;
  }

  /** The page each row lands on: the writer fills a page until the next record does not fit. */
  private static int[] pages(List<Row> rows, int pageSize) throws IOException {
    int[] page = new int[rows.size()];
    int k = 0;
    int used = 0;
    PoisonCodec codec = new PoisonCodec();
    for (int i = 0; i < rows.size(); i++) {
      DataOutputBuffer out = new DataOutputBuffer();
      codec.encode(rows.get(i), out);
      if (used + out.getLength() > pageSize - KvsfLayout.PAGE_HEADER) {
        k++;
        used = 0;
      }
      used += out.getLength();
      page[i] = k;
    }
    return page;
  }

  @Test
  void kvsfRecordsThatDoNotDecodeAreSkippedWithTheRestOfTheirPage() throws Exception {
    int pageSize = 200; // about four Rankings rows a page
    int[] poison = {5, 22, 41};
    List<Row> rows = rowsWithPoison(poison);
    int[] page = pages(rows, pageSize);
    Path file = writeKvsf("poison.kvsf", pageSize, rows);
    long len = fs.getFileStatus(file).getLen();

    // Expected: every row but the poisoned ones and those after them on their page.
    List<String> expected = new ArrayList<>();
    int lost = 0;
    for (int i = 0; i < rows.size(); i++) {
      boolean afterPoisonOnPage = false;
      for (int p : poison) {
        afterPoisonOnPage |= page[p] == page[i] && i >= p;
      }
      if (afterPoisonOnPage) {
        lost++;
      } else {
        expected.add(rows.get(i).toText());
      }
    }
    assertTrue(lost > poison.length, "some poisoned page must hold rows after the poison: " + lost);
    Counters counters = new Counters();
    assertEquals(expected, read(new RankingsKvsfInputFormat(), file, new long[] {0, len / 2, len}, context(true, counters)));
    assertEquals(lost, counters.findCounter(BadRows.Counters.MALFORMED_ROWS_SKIPPED).getValue());

    MalformedRecordException e = assertThrows(MalformedRecordException.class,
        () -> read(new RankingsKvsfInputFormat(), file, new long[] {0, len}, context(false, new Counters())));
    KvsfFileInfo info = KvsfFileInfo.read(fs.open(file), file.toString(), len);
    long pageStart = info.pageOffset(page[poison[0]]);
    assertTrue(e.getMessage().contains(file.toString()) && e.offset() > pageStart && e.offset() < pageStart + pageSize,
        e.getMessage() + " (page at " + pageStart + ")");
  }

  @Test
  void kvsfPagesFailingTheirChecksumAreSkippedWhole() throws Exception {
    int pageSize = KvsfLayout.PAGE_HEADER + 44; // one Rankings row a page
    List<Row> rows = rowsWithPoison();
    int[] page = pages(rows, pageSize);
    assertEquals(rows.size() - 1, page[rows.size() - 1], "one row a page");
    Path file = writeKvsf("flipped.kvsf", pageSize, rows);
    long len = fs.getFileStatus(file).getLen();
    KvsfFileInfo info = KvsfFileInfo.read(fs.open(file), file.toString(), len);
    int[] flipped = {3, 30};
    try (RandomAccessFile raf = new RandomAccessFile(new File(file.toUri().getPath()), "rw")) {
      for (int k : flipped) {
        long at = info.pageOffset(k) + KvsfLayout.PAGE_HEADER + 5;
        raf.seek(at);
        int b = raf.read();
        raf.seek(at);
        raf.write(b ^ 0x10);
      }
    }
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      if (i != flipped[0] && i != flipped[1]) {
        expected.add(rows.get(i).toText());
      }
    }
    Counters counters = new Counters();
    assertEquals(expected, read(new RankingsKvsfInputFormat(), file, new long[] {0, len}, context(true, counters)));
    assertEquals(flipped.length, counters.findCounter(BadRows.Counters.CORRUPT_PAGES_SKIPPED).getValue());
    assertEquals(0, counters.findCounter(BadRows.Counters.MALFORMED_ROWS_SKIPPED).getValue());

    ChecksumException e = assertThrows(ChecksumException.class,
        () -> read(new RankingsKvsfInputFormat(), file, new long[] {0, len}, context(false, new Counters())));
    assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("page " + flipped[0]), e.getMessage());
  }

  @Test
  void aBadSkipValueFailsNamingTheKey() {
    Configuration conf = new Configuration(false);
    conf.set(BadRows.SKIP_BAD, "maybe");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BadRows.isSkipBad(conf));
    assertTrue(e.getMessage().contains(BadRows.SKIP_BAD), e.getMessage());
  }
}
