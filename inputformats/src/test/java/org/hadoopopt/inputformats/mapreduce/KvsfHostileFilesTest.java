package org.hadoopopt.inputformats.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.zip.CRC32C;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopopt.inputformats.codec.BinaryCodecs;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.kvsf.KvsfWriter;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.pavlo.data.SampleRows;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.hadoopopt.testing.LogCapture;

/**
 * KeyValueSequenceFiles damaged the ways a file system or a careless copy can damage them, each
 * page keeping a valid checksum of its own: a page from another file, pages moved, duplicated and
 * dropped, the end marker removed, altered or taken from another file, the file cut short. Each is
 * read by a real local job through {@link UserVisitsKvsfInputFormat}, in splits of three pages (so
 * the readers that meet the damage start mid-file), and must fail naming the file, the offset and
 * the page; the intact file reads every row once.
 */
class KvsfHostileFilesTest {
  private static final int PAGE = 1024;
  private static final String[] LINES = SampleRows.userVisits(11, 300);
  private static final String[] OTHER = SampleRows.userVisits(12, 300);
  private static File work;
  private static Configuration conf;
  private static byte[] good;
  private static byte[] other;
  private static int headerLength;
  private static int pages;

  @BeforeAll
  static void write() throws IOException {
    work = new File("target/test-work/kvsf-hostile").getAbsoluteFile();
    TestFiles.deleteRecursively(work);
    work.mkdirs();
    conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    conf.set("mapreduce.framework.name", "local");
    good = kvsf(LINES);
    other = kvsf(OTHER);
    headerLength = (good[5] & 0xff) << 8 | (good[6] & 0xff); // header length field (KvsfLayout.HEADER_LENGTH)
    pages = (good.length - headerLength - 24 + PAGE - 1) / PAGE; // 24: the end marker
    assertTrue(pages > 20, pages + " pages");
  }

  private static byte[] kvsf(String[] lines) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (KvsfWriter w = new KvsfWriter(bytes, "mem", Schema.USER_VISITS, BinaryCodecs.forName("tuple"), PAGE)) {
      MutableTextDecoder d = new MutableTextDecoder(Schema.USER_VISITS);
      for (String l : lines) {
        byte[] b = l.getBytes(StandardCharsets.UTF_8);
        w.append(d.decodeLine(b, 0, b.length, "test", 0));
      }
    }
    return bytes.toByteArray();
  }

  private static int offset(int page) {
    return headerLength + page * PAGE;
  }

  /** Writes {@code bytes} as the only file of a fresh input directory; returns the file. */
  private static Path file(String name, byte[] bytes) throws IOException {
    File d = new File(work, name);
    d.mkdirs();
    File f = new File(d, name + ".kvsf");
    Files.write(f.toPath(), bytes);
    return new Path(f.toURI());
  }

  public static class RowText extends Mapper<NullWritable, Row, Text, NullWritable> {
    @Override
    protected void map(NullWritable k, Row row, Context ctx) throws IOException, InterruptedException {
      ctx.write(new Text(row.toText()), NullWritable.get());
    }
  }

  private static Job job(Path file) throws IOException {
    Job job = Job.getInstance(conf, "kvsf " + file.getName());
    job.setInputFormatClass(UserVisitsKvsfInputFormat.class);
    job.setMapperClass(RowText.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(NullWritable.class);
    FileInputFormat.addInputPath(job, file.getParent());
    FileInputFormat.setMaxInputSplitSize(job, 3L * PAGE);
    FileOutputFormat.setOutputPath(job, new Path(file.getParent().getParent(), file.getName() + ".out"));
    return job;
  }

  /** Runs the job over {@code bytes}, which must fail; returns the log, checked to name the file. */
  private static String failing(String name, byte[] bytes) throws Exception {
    Path f = file(name, bytes);
    String log = LogCapture.failedJob(job(f));
    assertTrue(log.contains(f.toString()), "names the file " + f + ":\n" + log);
    return log;
  }

  private static String at(int page) {
    return ", page " + page + " (offset " + offset(page) + ")";
  }

  private static void assertSays(String log, String... fragments) {
    for (String s : fragments) {
      assertTrue(log.contains(s), "'" + s + "' in:\n" + log);
    }
  }

  private static byte[] copyPage(byte[] to, int toPage, byte[] from, int fromPage) {
    System.arraycopy(from, offset(fromPage), to, offset(toPage), PAGE);
    return to;
  }

  @Test
  void theIntactFileReadsEveryRowOnceInSeveralSplits() throws Exception {
    Path f = file("intact", good);
    Job job = job(f);
    assertTrue(new UserVisitsKvsfInputFormat().getSplits(job).size() > 5, "several splits");
    assertTrue(job.waitForCompletion(false));
    List<String> got = TestFiles.readPartLines(FileSystem.getLocal(conf), new Path(f.getParent().getParent(), f.getName() + ".out"));
    List<String> want = new ArrayList<>(Arrays.asList(LINES));
    Collections.sort(got);
    Collections.sort(want);
    assertEquals(want, got);
  }

  @Test
  void aPageOfAnotherFileFailsItsChecksum() throws Exception {
    String log = failing("foreign", copyPage(good.clone(), 7, other, 7));
    assertSays(log, at(7) + ": page checksum", "belongs to another file");
  }

  @Test
  void movedPagesAreFoundOutOfPlace() throws Exception {
    byte[] b = good.clone();
    copyPage(b, 5, good, 9);
    copyPage(b, 9, good, 5);
    String log = failing("moved", b);
    assertTrue(log.contains(at(5) + ": holds page 9 of this file") || log.contains(at(9) + ": holds page 5 of this file"), log);
  }

  @Test
  void aDuplicatedPageIsFoundOutOfPlace() throws Exception {
    String log = failing("duplicated", copyPage(good.clone(), 8, good, 4));
    assertSays(log, at(8) + ": holds page 4 of this file: pages moved, dropped or duplicated");
  }

  @Test
  void aDroppedPageDisagreesWithTheEndMarker() throws Exception {
    byte[] b = new byte[good.length - PAGE];
    System.arraycopy(good, 0, b, 0, offset(6));
    System.arraycopy(good, offset(7), b, offset(6), good.length - offset(7));
    String log = failing("dropped", b);
    assertSays(log, ": the end marker at offset " + (b.length - 24) + " counts " + pages + " pages of " + PAGE + " bytes");
  }

  @Test
  void aPageDroppedAndAnotherAddedIsFoundOutOfPlace() throws Exception {
    // Same length, end marker intact: page 6 lost, the later pages one place up, the last page twice.
    byte[] b = good.clone();
    System.arraycopy(good, offset(7), b, offset(6), offset(pages - 1) - offset(7));
    System.arraycopy(good, offset(pages - 2), b, offset(pages - 2), PAGE); // page pages-2 stays in place
    String log = failing("shifted", b);
    assertSays(log, at(6) + ": holds page 7 of this file");
  }

  @Test
  void aMissingEndMarkerIsATruncatedFile() throws Exception {
    byte[] b = Arrays.copyOf(good, good.length - 24);
    String log = failing("no-end", b);
    assertSays(log, ": truncated file: no end marker at offset " + (b.length - 24));
  }

  @Test
  void aFileCutInAPageIsATruncatedFile() throws Exception {
    byte[] b = Arrays.copyOf(good, offset(12) + 300);
    String log = failing("cut", b);
    assertSays(log, ": truncated file: no end marker at offset " + (b.length - 24));
  }

  @Test
  void anEndMarkerOfAnotherFileFailsItsChecksum() throws Exception {
    byte[] b = good.clone();
    System.arraycopy(other, other.length - 24, b, b.length - 24, 24);
    String log = failing("foreign-end", b);
    assertSays(log, ": end marker at offset " + (b.length - 24) + " fails its checksum");
  }

  @Test
  void anAlteredRecordCountDisagreesWithTheLastPage() throws Exception {
    // The end marker rewritten with one record more and a checksum made the way the writer makes
    // it (CRC32C of the file id, header bytes 11..18, and the marker's first 20 bytes).
    byte[] b = good.clone();
    int t = b.length - 24;
    long records = java.nio.ByteBuffer.wrap(b, t + 12, 8).getLong();
    java.nio.ByteBuffer.wrap(b, t + 12, 8).putLong(records + 1);
    CRC32C crc = new CRC32C();
    crc.update(b, 11, 8);
    crc.update(b, t, 20);
    java.nio.ByteBuffer.wrap(b, t + 20, 4).putInt((int) crc.getValue());
    String log = failing("count", b);
    assertSays(log, at(pages - 1) + ": the last page ends at record " + records + ", but the end marker counts "
        + (records + 1) + " records");
  }
}
