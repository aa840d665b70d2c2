package org.hadoopopt.shmstreaming.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.TextInputFormat;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LineBlockInputFormat} against Hadoop's {@link TextInputFormat} on the same splits, cut at
 * every kind of place (inside a line, just after a newline, between CR and LF, on a lone CR): the
 * blocks, split at newlines, are the lines Hadoop's reader gives, in order, none lost or doubled;
 * the line count the reader adds to {@code MAP_INPUT_RECORDS} plus one per block is the number of
 * lines; blocks stay within their size except a line longer than one, which is alone.
 */
class LineBlockReaderTest {
  @TempDir
  Path dir;

  private static String text() {
    SplittableRandom rnd = new SplittableRandom(11);
    StringBuilder b = new StringBuilder();
    String[] ends = {"\n", "\r\n", "\r", "\n\n", "\r\n\r\n"};
    for (int i = 0; i < 4000; i++) {
      int n = rnd.nextInt(i % 97 == 0 ? 3000 : 60);
      for (int k = 0; k < n; k++) {
        b.append((char) (rnd.nextInt(5) == 0 ? ' ' : rnd.nextInt(9) == 0 ? '\t' : 'a' + rnd.nextInt(26)));
      }
      b.append(ends[rnd.nextInt(ends.length)]);
    }
    return b.append("no newline at the end").toString();
  }

  @Test
  void blocksHoldHadoopsLinesOnEverySplit() throws Exception {
    Path file = dir.resolve("t.txt");
    Files.write(file, text().getBytes(StandardCharsets.UTF_8));
    long size = Files.size(file);
    SplittableRandom rnd = new SplittableRandom(5);
    for (int round = 0; round < 20; round++) {
      int splits = 1 + rnd.nextInt(40);
      long at = 0;
      StringBuilder stock = new StringBuilder();
      StringBuilder blocks = new StringBuilder();
      long lines = 0;
      for (int s = 0; s < splits && at < size; s++) {
        long len = s == splits - 1 ? size - at : Math.min(size - at, 1 + rnd.nextInt((int) (2 * size / splits)));
        FileSplit split = new FileSplit(new org.apache.hadoop.fs.Path(file.toString()), at, len, new String[0]);
        lines += read(split, false, stock);
        read(split, true, blocks);
        at += len;
      }
      assertEquals(stock.toString(), blocks.toString(), "round " + round + ", " + splits + " splits");
      assertEquals(lines, stock.toString().chars().filter(c -> c == '\n').count());
    }
  }

  @Test
  void gzipInputAndAnotherDelimiterToo() throws Exception {
    Path file = dir.resolve("t.txt.gz");
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(gz)) {
      out.write(text().getBytes(StandardCharsets.UTF_8));
    }
    Files.write(file, gz.toByteArray());
    FileSplit split = new FileSplit(new org.apache.hadoop.fs.Path(file.toString()), 0, Files.size(file), new String[0]);
    StringBuilder stock = new StringBuilder();
    StringBuilder blocks = new StringBuilder();
    read(split, false, stock);
    read(split, true, blocks);
    assertEquals(stock.toString(), blocks.toString());
    Path plain = dir.resolve("d.txt");
    Files.write(plain, text().getBytes(StandardCharsets.UTF_8));
    FileSplit half = new FileSplit(new org.apache.hadoop.fs.Path(plain.toString()), 1000, 50_000, new String[0]);
    JobConf conf = conf();
    conf.set("textinputformat.record.delimiter", "a\t");
    assertEquals(lines(half, false, conf), lines(half, true, conf));
  }

  private static JobConf conf() {
    JobConf conf = new JobConf();
    conf.set("fs.defaultFS", "file:///");
    conf.setInt(StreamBlocks.BLOCK_BYTES, 1024);
    return conf;
  }

  private static String lines(FileSplit split, boolean blocks, JobConf conf) throws IOException {
    StringBuilder b = new StringBuilder();
    read(split, blocks, b, conf);
    return b.toString();
  }

  /** Appends the split's lines, each with a newline; returns how many MAP_INPUT_RECORDS would count. */
  private static long read(InputSplit split, boolean blocks, StringBuilder out) throws IOException {
    return read(split, blocks, out, conf());
  }

  private static long read(InputSplit split, boolean blocks, StringBuilder out, JobConf conf) throws IOException {
    Counters counters = new Counters();
    Reporter reporter = new CountingReporter(counters);
    TextInputFormat format = blocks ? new LineBlockInputFormat() : new TextInputFormat();
    format.configure(conf);
    RecordReader<LongWritable, Text> r = format.getRecordReader(split, conf, reporter);
    LongWritable key = r.createKey();
    Text value = r.createValue();
    long nexts = 0;
    while (r.next(key, value)) {
      nexts++;
      if (blocks && conf.get("textinputformat.record.delimiter") == null) {
        assertTrue(value.getLength() <= 1024 || value.find("\n") < 0, "a block over its size holds one line");
      }
      out.append(new String(value.getBytes(), 0, value.getLength(), StandardCharsets.ISO_8859_1)).append('\n');
    }
    r.close();
    long records = nexts + counters.getCounter(TaskCounter.MAP_INPUT_RECORDS);
    if (blocks) {
      assertEquals(nexts, counters.getCounter(ShmCounter.INPUT_BLOCKS));
    }
    return records;
  }

  /** A Reporter that keeps counters. */
  private static final class CountingReporter implements Reporter {
    private final Counters counters;

    CountingReporter(Counters counters) {
      this.counters = counters;
    }

    @Override
    public void setStatus(String status) {}

    @Override
    public Counters.Counter getCounter(Enum<?> name) {
      return counters.findCounter(name);
    }

    @Override
    public Counters.Counter getCounter(String group, String name) {
      return counters.findCounter(group, name);
    }

    @Override
    public void incrCounter(Enum<?> key, long amount) {
      counters.incrCounter(key, amount);
    }

    @Override
    public void incrCounter(String group, String counter, long amount) {
      counters.incrCounter(group, counter, amount);
    }

    @Override
    public InputSplit getInputSplit() {
      throw new UnsupportedOperationException();
    }

    @Override
    public float getProgress() {
      return 0;
    }

    @Override
    public void progress() {}
  }

  static {
    try {
      FileSystem.getLocal(new JobConf()); // load the local file system once
    } catch (IOException e) {
      throw new ExceptionInInitializerError(e);
    }
  }
}
