package org.hadoopopt.inputformats.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.zip.CRC32C;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopopt.inputformats.index.DataFileStamp;
import org.hadoopopt.inputformats.index.RangeIndex;
import org.hadoopopt.inputformats.index.RangeIndexLayout;
import org.hadoopopt.inputformats.kvsf.KvsfFileInfo;
import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.inputformats.mapreduce.UserVisitsKvsfInputFormat;
import org.hadoopopt.inputformats.mapreduce.UserVisitsRangeInputFormat;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.hadoopopt.testing.LogCapture;

/**
 * The loader's KVSF output damaged in place (same length, modification time restored): a page of
 * the other partition's file, a duplicated page, an end marker with an altered record count. Read
 * by real local jobs three ways: through the range index as if it still described the file (the
 * index stamped for the damaged file: the page readers meet the damage), through the range index
 * as loaded (it sees the change and scans the file whole), and as plain KVSF. Every way must fail
 * naming the file, the page and its offset.
 */
class HostileLoadedKvsfTest {
  private static File work;
  private static Configuration conf;
  private static FileSystem fs;
  private static KvsfFileInfo info0;

  @BeforeAll
  static void load() throws Exception {
    work = TestTables.freshWork("hostile-loaded");
    conf = TestTables.localConf();
    fs = FileSystem.getLocal(conf);
    TestTables tables = new TestTables(21, 300, 1500);
    TestTables.write(new File(work, "in/uservisits/data.txt"), tables.userVisits);
    TestTables.load(conf, "uservisits", "kvsf", 2, 512, path("in/uservisits"), path("loaded"));
    info0 = info(new File(work, "loaded/part-00000"));
    assertTrue(info0.pageCount() > 10 && info(new File(work, "loaded/part-00001")).pageCount() > 10);
  }

  private static Path path(String rel) {
    return new Path(new File(work, rel).toURI());
  }

  private static KvsfFileInfo info(File f) throws IOException {
    Path p = new Path(f.toURI());
    try (FSDataInputStream in = fs.open(p)) {
      return KvsfFileInfo.read(in, p.toString(), f.length());
    }
  }

  interface Damage {
    void apply(byte[] part0, byte[] part1);
  }

  /** A copy of the loaded directory (no Hadoop .crc files) with part-00000 damaged in place. */
  private static Path damaged(String name, Damage d, boolean stampIndex) throws IOException {
    File dir = new File(work, name);
    TestFiles.deleteRecursively(dir);
    dir.mkdirs();
    for (String n : new String[] {"part-00000", "part-00001", "_part-00000.idx", "_part-00001.idx"}) {
      File from = new File(work, "loaded/" + n);
      File to = new File(dir, n);
      Files.copy(from.toPath(), to.toPath(), StandardCopyOption.COPY_ATTRIBUTES);
      to.setLastModified(from.lastModified());
    }
    File part0 = new File(dir, "part-00000");
    byte[] b = Files.readAllBytes(part0.toPath());
    d.apply(b, Files.readAllBytes(new File(dir, "part-00001").toPath()));
    long mtime = part0.lastModified();
    Files.write(part0.toPath(), b);
    part0.setLastModified(mtime);
    Path data = new Path(part0.toURI());
    if (stampIndex) {
      Path ip = RangeIndexLayout.indexPathFor(data);
      RangeIndex.read(fs, ip).restamped(DataFileStamp.of(fs, fs.getFileStatus(data))).write(fs, ip);
    }
    return data;
  }

  public static class RowText extends Mapper<Writable, Row, Text, NullWritable> {
    @Override
    protected void map(Writable k, Row row, Context ctx) throws IOException, InterruptedException {
      ctx.write(new Text(row.toText()), NullWritable.get());
    }
  }

  private static String failing(Path data, Class<? extends InputFormat<?, ?>> format, String out) throws Exception {
    Configuration c = new Configuration(conf);
    RangeIndexInputFormat.setDateRange(c, "visitDate", null, true, null, true);
    Job job = Job.getInstance(c, out);
    job.setInputFormatClass(format);
    job.setMapperClass(RowText.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(NullWritable.class);
    FileInputFormat.addInputPath(job, data.getParent());
    FileOutputFormat.setOutputPath(job, path(out));
    return LogCapture.failedJob(job);
  }

  /** Every reader of the loader's KVSF output fails with {@code message} about part-00000. */
  private static void everyReaderSays(String name, Damage d, String message) throws Exception {
    Path stamped = damaged(name + "-stamped", d, true);
    String log = failing(stamped, UserVisitsRangeInputFormat.class, name + "-out-pages");
    assertTrue(log.contains(stamped + message), "range index pages: '" + stamped + message + "' in\n" + log);
    assertTrue(!log.contains("index not usable"), "the stamped index is used");

    Path loaded = damaged(name + "-loaded", d, false);
    log = failing(loaded, UserVisitsRangeInputFormat.class, name + "-out-fallback");
    assertTrue(log.contains(loaded + ": index not usable"), "the index sees the change:\n" + log);
    assertTrue(log.contains(loaded + message), "range index scan: '" + loaded + message + "' in\n" + log);

    log = failing(loaded, UserVisitsKvsfInputFormat.class, name + "-out-kvsf");
    assertTrue(log.contains(loaded + message), "KVSF input format: '" + loaded + message + "' in\n" + log);
  }

  private static String at(int page) {
    return ", page " + page + " (offset " + info0.pageOffset(page) + ")";
  }

  @Test
  void aPageOfTheOtherPartitionFailsItsChecksum() throws Exception {
    int k = 5;
    everyReaderSays("foreign", (p0, p1) -> System.arraycopy(p1, (int) info0.pageOffset(k), p0, (int) info0.pageOffset(k), 512),
        at(k) + ": page checksum");
  }

  @Test
  void aDuplicatedPageIsFoundOutOfPlace() throws Exception {
    everyReaderSays("duplicated",
        (p0, p1) -> System.arraycopy(p0, (int) info0.pageOffset(3), p0, (int) info0.pageOffset(6), 512),
        at(6) + ": holds page 3 of this file");
  }

  @Test
  void anAlteredEndMarkerDisagreesWithTheLastPage() throws Exception {
    long last = info0.pageCount() - 1;
    long records = info0.recordCount();
    everyReaderSays("count", (p0, p1) -> {
      int t = p0.length - 24; // the end marker (KvsfLayout), rewritten as the writer would, one record more
      ByteBuffer.wrap(p0, t + 12, 8).putLong(records + 1);
      CRC32C crc = new CRC32C();
      crc.update(p0, 11, 8); // the file id in the header
      crc.update(p0, t, 20);
      ByteBuffer.wrap(p0, t + 20, 4).putInt((int) crc.getValue());
    }, ", page " + last + " (offset " + info0.pageOffset(last) + "): the last page ends at record " + records
        + ", but the end marker counts " + (records + 1) + " records");
    assertEquals(info0.pageCount() - 1, last);
  }
}
