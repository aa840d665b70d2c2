package org.hadoopopt.inputformats.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.inputformats.batch.BatchColumns;
import org.hadoopopt.inputformats.batch.ColumnBatch;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.codec.TupleCodec;
import org.hadoopopt.inputformats.codec.WritableCodec;
import org.hadoopopt.inputformats.codec.BinaryCodec;
import org.hadoopopt.inputformats.kvsf.KvsfFileInfo;
import org.hadoopopt.inputformats.kvsf.KvsfFormatException;
import org.hadoopopt.inputformats.kvsf.KvsfLayout;
import org.hadoopopt.inputformats.kvsf.KvsfWriter;
import org.hadoopopt.inputformats.record.Decimals;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;
import org.hadoopopt.pavlo.data.SampleRows;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pages of column vectors ({@link ColumnBatchReader}) against an independent {@code String.split}
 * filter of the input lines: over '|' text cut into splits inside rows, with a line buffer shorter
 * than a row and batches of 16 rows, and over KVSF files of 300-byte pages (JE tuples and Writable
 * records) cut anywhere, each projected column of each selected row equals the line's field, with
 * no predicate, a visitDate range and a substring pushed down; the pushdown counters equal the
 * test's counts; columns not projected are not decoded. Bad input: a page failing its checksum fails
 * naming the file and the page, or is skipped and counted; a predicate on a column the file's table
 * lacks fails naming file, offset and column; a malformed text row fails naming file, offset and
 * column, or is skipped and counted.
 */
class ColumnBatchReaderTest {
  @TempDir
  File dir;

  private FileSystem fs;
  private List<String> visits;
  private Path text;
  private Path tuples;
  private Path writables;

  @BeforeEach
  void write() throws IOException {
    fs = FileSystem.getLocal(new Configuration()).getRaw();
    visits = new ArrayList<>(Arrays.asList(SampleRows.userVisits(11, 400)));
    text = writeText("uservisits.txt", visits);
    tuples = writeKvsf("uservisits-tuple.kvsf", Schema.USER_VISITS, visits, new TupleCodec());
    writables = writeKvsf("uservisits-writable.kvsf", Schema.USER_VISITS, visits, new WritableCodec());
  }

  private Path writeText(String name, List<String> lines) throws IOException {
    Path file = new Path(dir.getAbsolutePath(), name);
    try (OutputStream out = fs.create(file)) {
      out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    return file;
  }

  private Path writeKvsf(String name, Schema schema, List<String> lines, BinaryCodec codec) throws IOException {
    Path file = new Path(dir.getAbsolutePath(), name);
    MutableTextDecoder d = new MutableTextDecoder(schema);
    try (KvsfWriter w = new KvsfWriter(fs.create(file), file.toString(), schema, codec, 300)) {
      for (String line : lines) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        w.append(d.decodeLine(b, 0, b.length, name, 0));
      }
    }
    return file;
  }

  private static Configuration conf() {
    Configuration conf = new Configuration();
    conf.setInt("io.file.buffer.size", 37); // shorter than a row
    conf.setInt(BatchColumns.ROWS, 16);
    BatchColumns.set(conf, "sourceIP", "adRevenue");
    return conf;
  }

  /** sourceIP|adRevenue (micros) of every selected row of FILE read over splits cut at five places. */
  private List<String> read(Path file, Configuration conf, Counters counters) throws IOException {
    long len = fs.getFileStatus(file).getLen();
    long[] cuts = {0, len / 5 + 3, len / 2 + 1, len - 20, len};
    TaskAttemptContext ctx = CountingTaskContext.of(conf, counters, "batches");
    List<String> rows = new ArrayList<>();
    for (int i = 0; i + 1 < cuts.length; i++) {
      FileSplit split = new FileSplit(file, cuts[i], cuts[i + 1] - cuts[i], new String[0]);
      try (ColumnBatchReader r = new ColumnBatchReader(Schema.USER_VISITS, false)) {
        r.initialize(split, ctx);
        while (r.nextKeyValue()) {
          ColumnBatch b = r.getCurrentValue();
          assertTrue(b.selected() > 0, "no empty batch is handed on");
          assertNull(b.ints(UserVisitsRecord.DURATION), "a column not projected is not decoded");
          int ip = UserVisitsRecord.SOURCE_IP;
          for (int k = 0; k < b.selected(); k++) {
            int row = b.selection()[k];
            rows.add(new String(b.strings(ip), b.starts(ip)[row], b.lengths(ip)[row], StandardCharsets.UTF_8) + "|"
                + b.longs(UserVisitsRecord.AD_REVENUE)[row]);
          }
        }
      }
    }
    Collections.sort(rows);
    return rows;
  }

  private List<String> expected(Predicate<String[]> keep) {
    List<String> out = new ArrayList<>();
    for (String l : visits) {
      String[] f = l.split("\\|", -1);
      if (keep.test(f)) {
        out.add(f[0] + "|" + new java.math.BigDecimal(f[3]).movePointRight(Decimals.SCALE).longValueExact());
      }
    }
    Collections.sort(out);
    return out;
  }

  @Test
  void batchesHoldExactlyTheSelectedRowsProjectedColumns() throws IOException {
    LocalDate from = LocalDate.parse(visits.get(17).split("\\|")[2]);
    LocalDate to = from.plusDays(2000);
    for (Path file : List.of(text, tuples, writables)) {
      assertEquals(expected(f -> true), read(file, conf(), new Counters()), file + ": every row");

      Configuration c = conf();
      Pushdown.setDateRange(c, "visitDate", from, true, to, false);
      Counters counters = new Counters();
      List<String> want = expected(f -> !LocalDate.parse(f[2]).isBefore(from) && LocalDate.parse(f[2]).isBefore(to));
      assertTrue(want.size() > 10 && want.size() < visits.size() / 2, "a range selecting some rows: " + want.size());
      assertEquals(want, read(file, c, counters), file + ": a date range");
      assertEquals(visits.size(), counters.findCounter(PushdownCounter.ROWS_SCANNED).getValue(), file.toString());
      assertEquals(want.size(), counters.findCounter(PushdownCounter.ROWS_PASSED).getValue(), file.toString());

      Configuration s = conf();
      String word = visits.get(3).split("\\|")[7].substring(0, 3);
      Pushdown.setContains(s, "searchWord", word);
      assertEquals(expected(f -> f[7].contains(word)), read(file, s, new Counters()), file + ": a substring");
    }
  }

  @Test
  void aPageFailingItsChecksumFailsNamingFileAndPageOrIsSkippedWhole() throws IOException {
    long page1;
    try (org.apache.hadoop.fs.FSDataInputStream in = fs.open(tuples)) {
      page1 = KvsfFileInfo.read(in, tuples.toString(), fs.getFileStatus(tuples).getLen()).pageOffset(1);
    }
    try (RandomAccessFile f = new RandomAccessFile(new File(tuples.toUri().getPath()), "rw")) {
      f.seek(page1 + KvsfLayout.PAGE_HEADER + 5);
      int b = f.read();
      f.seek(page1 + KvsfLayout.PAGE_HEADER + 5);
      f.write(b ^ 0x20);
    }
    ChecksumException e = assertThrows(ChecksumException.class, () -> read(tuples, conf(), new Counters()));
    assertTrue(e.getMessage().contains(tuples.toString()) && e.getMessage().contains("page 1 (offset " + page1 + ")"),
        e.getMessage());
    Configuration skip = conf();
    skip.setBoolean(BadRows.SKIP_BAD, true);
    Counters counters = new Counters();
    List<String> rows = read(tuples, skip, counters);
    assertEquals(1, counters.findCounter(BadRows.Counters.CORRUPT_PAGES_SKIPPED).getValue());
    assertTrue(rows.size() < visits.size() && rows.size() > visits.size() - 10, "one page's rows missing: " + rows.size());
    assertTrue(expected(f -> true).containsAll(rows));
  }

  @Test
  void aPredicateOnAColumnTheFilesTableLacksFailsNamingFileOffsetAndColumn() throws IOException {
    List<String> rankings = Arrays.asList(SampleRows.rankings(5, 40));
    Path file = new Path(dir.getAbsolutePath(), "rankings.kvsf");
    MutableTextDecoder d = new MutableTextDecoder(Schema.RANKINGS);
    try (KvsfWriter w = new KvsfWriter(fs.create(file), file.toString(), Schema.RANKINGS, new TupleCodec(), 300)) {
      for (String line : rankings) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        w.append(d.decodeLine(b, 0, b.length, "rankings", 0));
      }
    }
    Configuration c = conf();
    Pushdown.setDateRange(c, "visitDate", LocalDate.of(2000, 1, 1), true, null, true);
    KvsfFormatException e = assertThrows(KvsfFormatException.class, () -> read(file, c, new Counters()));
    assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("offset " + KvsfLayout.HEADER_NAMES)
        && e.getMessage().contains("no column visitDate (the pushed-down predicate's"), e.getMessage());
  }

  @Test
  void aMalformedTextRowFailsNamingFileOffsetAndColumnOrIsSkippedAndCounted() throws IOException {
    List<String> lines = new ArrayList<>(visits);
    String bad = lines.get(100).replaceFirst("\\|(\\d{4})-(\\d\\d)-(\\d\\d)\\|", "|$1-$2-$3x|");
    lines.set(100, bad);
    Path file = writeText("bad.txt", lines);
    long offset = 0;
    for (int i = 0; i < 100; i++) {
      offset += lines.get(i).getBytes(StandardCharsets.UTF_8).length + 1;
    }
    MalformedRecordException e = assertThrows(MalformedRecordException.class, () -> read(file, conf(), new Counters()));
    assertEquals(file.toString(), e.source());
    assertEquals(offset, e.offset());
    assertEquals("visitDate", e.field());
    Configuration skip = conf();
    skip.setBoolean(BadRows.SKIP_BAD, true);
    Counters counters = new Counters();
    List<String> rows = read(file, skip, counters);
    assertEquals(visits.size() - 1, rows.size());
    assertEquals(1, counters.findCounter(BadRows.Counters.MALFORMED_ROWS_SKIPPED).getValue());
  }
}
