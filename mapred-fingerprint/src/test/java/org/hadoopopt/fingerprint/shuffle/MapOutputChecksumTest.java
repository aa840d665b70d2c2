package org.hadoopopt.fingerprint.shuffle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapred.IFile;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.reduce.MapHost;
import org.apache.hadoop.mapreduce.task.reduce.ShuffleClientMetrics;
import org.apache.hadoop.util.ReflectionUtils;
import org.junit.jupiter.api.Test;

/**
 * The fetched map outputs against real IFile bytes written by Hadoop's {@link IFile.Writer}: a
 * sound output reads back record for record, in memory and on disk, compressed or not; one
 * flipped byte fails the fetch with a checksum error, as Hadoop's own map outputs do; a record
 * whose lengths run past the data fails naming the map output and the offset.
 */
class MapOutputChecksumTest {
  private static final JobConf CONF = new JobConf();
  private static final TaskAttemptID REDUCE = new TaskAttemptID("fp", 1, TaskType.REDUCE, 0, 0);
  private static final TaskAttemptID MAP = new TaskAttemptID("fp", 1, TaskType.MAP, 3, 0);
  private static final MapHost HOST = new MapHost("localhost", "http://localhost/");
  private static final int RECORDS = 2000;

  /** An IFile segment of {@code RECORDS} (word-i, i) records; [0] bytes, [1] raw length. */
  private static Object[] segment(CompressionCodec codec) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    IFile.Writer<Text, IntWritable> w;
    try (FSDataOutputStream out = new FSDataOutputStream(bytes, null)) {
      w = new IFile.Writer<>(CONF, out, Text.class, IntWritable.class, codec, null);
      for (int i = 0; i < RECORDS; i++) {
        w.append(new Text(String.format("word-%06d", i)), new IntWritable(i));
      }
      w.close();
    }
    return new Object[] {bytes.toByteArray(), w.getRawLength()};
  }

  private static ShuffleClientMetrics metrics() {
    return ShuffleClientMetrics.create(REDUCE, CONF);
  }

  private static void assertRecords(MergeSegment s) throws IOException {
    for (int i = 0; i < RECORDS; i++) {
      assertTrue(s.next(), "record " + i);
      Text key = new Text();
      key.set(s.keyBytes, s.keyStart + 1, s.keyLength - 1); // one-byte vint length before the text
      assertEquals(String.format("word-%06d", i), key.toString());
    }
    assertFalse(s.next());
    s.close();
  }

  @Test
  void memoryOutputReadsBackAndFailsOnCorruption() throws Exception {
    for (CompressionCodec codec : new CompressionCodec[] {null, ReflectionUtils.newInstance(DefaultCodec.class, CONF)}) {
      Object[] seg = segment(codec);
      byte[] data = (byte[]) seg[0];
      long raw = (Long) seg[1];
      MemoryMapOutput<Text, IntWritable> ok = new MemoryMapOutput<>(MAP, null, (int) raw, CONF, codec);
      ok.shuffle(HOST, new ByteArrayInputStream(data), data.length, raw, metrics(), Reporter.NULL);
      assertRecords(new MemorySegment(0, "m", ok.memory(), (int) raw));

      byte[] bad = data.clone();
      bad[data.length / 2] ^= 0x10;
      MemoryMapOutput<Text, IntWritable> out = new MemoryMapOutput<>(MAP, null, (int) raw, CONF, codec);
      IOException e = assertThrows(IOException.class,
          () -> out.shuffle(HOST, new ByteArrayInputStream(bad), bad.length, raw, metrics(), Reporter.NULL));
      if (codec == null) {
        assertTrue(e instanceof ChecksumException, "expected a checksum error, got " + e);
      }
    }
  }

  @Test
  void diskOutputReadsBackAndFailsOnCorruption() throws Exception {
    File dir = new File("target/map-output-checksum");
    FileSystem rfs = FileSystem.getLocal(CONF).getRaw();
    CompressionCodec codec = ReflectionUtils.newInstance(DefaultCodec.class, CONF);
    for (CompressionCodec c : new CompressionCodec[] {null, codec}) {
      Object[] seg = segment(c);
      byte[] data = (byte[]) seg[0];
      long raw = (Long) seg[1];
      Path file = new Path(new File(dir, "ok-" + (c != null) + ".out").getAbsolutePath());
      DiskMapOutput<Text, IntWritable> ok = new DiskMapOutput<>(MAP, null, raw, CONF, rfs, file);
      ok.shuffle(HOST, new ByteArrayInputStream(data), data.length, raw, metrics(), Reporter.NULL);
      assertTrue(rfs.rename(file.suffix(".tmp"), file));
      assertRecords(new DiskSegment(0, CONF, rfs, file, raw, c));
      assertFalse(rfs.exists(file), "a read segment's file is deleted");
    }
    byte[] bad = ((byte[]) segment(null)[0]).clone();
    bad[bad.length / 3] ^= 0x01;
    Path file = new Path(new File(dir, "bad.out").getAbsolutePath());
    DiskMapOutput<Text, IntWritable> out = new DiskMapOutput<>(MAP, null, 1, CONF, rfs, file);
    assertThrows(ChecksumException.class,
        () -> out.shuffle(HOST, new ByteArrayInputStream(bad), bad.length, 1, metrics(), Reporter.NULL));
    out.abort();
    assertFalse(rfs.exists(file.suffix(".tmp")), "an aborted fetch leaves no file");
  }

  @Test
  void invalidRecordFailsNamingOutputAndOffset() {
    byte[] data = "\u0005\u0050abc".getBytes(StandardCharsets.ISO_8859_1); // key 5 bytes, value 80: past the end
    MemorySegment s = new MemorySegment(0, "map output of " + MAP, data, data.length);
    IOException e = assertThrows(IOException.class, s::next);
    assertTrue(e.getMessage().contains(MAP.toString()) && e.getMessage().contains("offset 0"), e.getMessage());
  }
}
