package org.hadoopopt.inputformats.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormatCounter;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.hadoopopt.inputformats.record.GrepRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Grep scans on the local job runner through {@link ScanSplit}s (MapTask's per-record statistics
 * walk skipped, bytes counted by the reader), through Hadoop's FileSplits, combined, and with two
 * maps at once: the same rows as Hadoop's own TextInputFormat filtered by {@code String.contains},
 * and {@code File Input Format} bytes read equal to what Hadoop counts for the same reads.
 */
class ScanSplitJobTest {
  @TempDir
  static File dir;

  private static Path input;
  private static List<String> expected;
  private static long tableBytes;
  private static int lines;

  @BeforeAll
  static void table() throws IOException {
    Random r = new Random(23);
    expected = new ArrayList<>();
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    input = new Path(dir.getAbsolutePath(), "grep");
    for (int f = 0; f < 3; f++) {
      StringBuilder b = new StringBuilder();
      int rows = 2000 + 700 * f;
      for (int i = 0; i < rows; i++) {
        StringBuilder field = new StringBuilder();
        for (int k = 0; k < 90; k++) {
          field.append((char) ('A' + r.nextInt(26)));
        }
        if (i % 97 == 0 || i == rows - 1) {
          field.replace(i % 88, i % 88 + 3, "XYZ");
        }
        lines++;
        String line = String.format("%010d", f * 100000 + i) + "|" + field;
        if (line.contains("XYZ")) {
          expected.add(line);
        }
        // CRLF in one file, and the last file's last line without an end
        b.append(line).append(f == 1 ? "\r\n" : (f == 2 && i == rows - 1) ? "" : "\n");
      }
      byte[] bytes = b.toString().getBytes(StandardCharsets.UTF_8);
      tableBytes += bytes.length;
      try (OutputStream out = fs.create(new Path(input, "part-" + f))) {
        out.write(bytes);
      }
    }
    Collections.sort(expected);
  }

  /** Writes each row it gets; the pushed-down reader hands it only matching rows. */
  public static class RowsMapper extends Mapper<LongWritable, GrepRecord, Text, NullWritable> {
    @Override
    protected void map(LongWritable k, GrepRecord row, Context ctx) throws IOException, InterruptedException {
      if (!(ctx.getInputSplit() instanceof ScanSplit) && ctx.getConfiguration().getBoolean(ScanSplits.OWN_SPLITS, true)) {
        throw new IllegalStateException("not a ScanSplit: " + ctx.getInputSplit().getClass());
      }
      ctx.write(new Text(row.toText()), NullWritable.get());
    }
  }

  /** Hadoop's own lines, filtered here. */
  public static class StockMapper extends Mapper<LongWritable, Text, Text, NullWritable> {
    @Override
    protected void map(LongWritable k, Text line, Context ctx) throws IOException, InterruptedException {
      if (line.toString().contains("XYZ")) {
        ctx.write(line, NullWritable.get());
      }
    }
  }

  private static Configuration conf() {
    Configuration c = new Configuration();
    c.set("fs.defaultFS", "file:///");
    c.set("mapreduce.framework.name", "local");
    c.setLong(FileInputFormat.SPLIT_MAXSIZE, 50_000); // several splits a file, edges inside rows
    return c;
  }

  private static Job run(String name, Configuration c, boolean stock) throws Exception {
    Job job = Job.getInstance(c, name);
    job.setJarByClass(ScanSplitJobTest.class);
    if (stock) {
      job.setInputFormatClass(TextInputFormat.class);
      job.setMapperClass(StockMapper.class);
    } else {
      job.setInputFormatClass(GrepTextInputFormat.class);
      job.setMapperClass(RowsMapper.class);
      Pushdown.setContains(job.getConfiguration(), "field", "XYZ");
    }
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(NullWritable.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    FileInputFormat.addInputPath(job, input);
    FileOutputFormat.setOutputPath(job, new Path(dir.getAbsolutePath(), "out-" + name));
    assertTrue(job.waitForCompletion(false), name);
    assertEquals(expected, output(name), name + ": the rows");
    long records = job.getCounters().findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue();
    assertEquals(stock ? lines : expected.size(), records, name + ": map input records");
    return job;
  }

  private static List<String> output(String name) throws IOException {
    List<String> lines = new ArrayList<>();
    File[] parts = new File(dir, "out-" + name).listFiles((d, n) -> n.startsWith("part-"));
    for (File p : parts) {
      for (String l : Files.readAllLines(p.toPath(), StandardCharsets.UTF_8)) {
        lines.add(l.trim()); // TextOutputFormat puts a tab before the null value
      }
    }
    Collections.sort(lines);
    return lines;
  }

  private static long bytesRead(Job job) throws IOException {
    return job.getCounters().findCounter(FileInputFormatCounter.BYTES_READ).getValue();
  }

  @Test
  void ownSplitsCountTheBytesHadoopCountsAndGiveTheSameRows() throws Exception {
    Configuration fileSplits = conf();
    ScanSplits.setOwnSplits(fileSplits, false);
    long hadoopCounts = bytesRead(run("filesplits", fileSplits, false));
    long ours = bytesRead(run("own", conf(), false));
    assertEquals(hadoopCounts, ours, "File Input Format bytes read: MapTask's count (FileSplits) and the reader's");
    assertTrue(ours >= tableBytes, ours + " bytes read of a " + tableBytes + "-byte table");
    long stock = bytesRead(run("stock", conf(), true));
    assertEquals(stock, ours, "bytes read: Hadoop's TextInputFormat and the reader's");

    // 1 MB splits: each file one FileSplit, or all three packed into one ScanSplit read by one task.
    Configuration whole = conf();
    ScanSplits.setSplitBytes(whole, ScanSplits.MIN);
    ScanSplits.setOwnSplits(whole, false);
    long hadoopWhole = bytesRead(run("filesplits-whole", whole, false));
    Configuration combined = conf();
    ScanSplits.setSplitBytes(combined, ScanSplits.MIN);
    ScanSplits.setCombine(combined, true);
    assertEquals(hadoopWhole, bytesRead(run("combined", combined, false)), "three files in one combined split");
    assertEquals(ours, bytesRead(run("own-two-maps", withMaps(conf(), 2), false)), "two maps at once");
  }

  private static Configuration withMaps(Configuration c, int maps) {
    c.setInt("mapreduce.local.map.tasks.maximum", maps);
    return c;
  }

  @Test
  void combiningPacksPiecesOfSeveralFilesAndBadValuesFailNamingTheKey() throws Exception {
    Job job = Job.getInstance(conf());
    FileInputFormat.addInputPath(job, input);
    job.getConfiguration().setLong(FileInputFormat.SPLIT_MAXSIZE, 20_000);
    List<InputSplit> plain = new GrepTextInputFormat().getSplits(job);
    ScanSplits.setCombine(job.getConfiguration(), true);
    ScanSplits.setSplitBytes(job.getConfiguration(), ScanSplits.MIN);
    List<InputSplit> combined = new GrepTextInputFormat().getSplits(job);
    assertEquals(1, combined.size(), "the whole " + tableBytes + "-byte table fits one 1 MB split");
    assertEquals(3 + 0, ((ScanSplit) combined.get(0)).parts().stream().map(p -> p.getPath()).distinct().count());
    assertTrue(plain.size() > 10, plain.size() + " splits");
    long sum = 0;
    for (InputSplit s : plain) {
      assertTrue(s instanceof ScanSplit);
      sum += s.getLength();
    }
    assertEquals(tableBytes, sum);
    assertEquals(tableBytes, combined.get(0).getLength());

    for (String[] bad : new String[][] {{ScanSplits.OWN_SPLITS, "yes"}, {ScanSplits.COMBINE, "1"}}) {
      Job j = Job.getInstance(conf());
      FileInputFormat.addInputPath(j, input);
      j.getConfiguration().set(bad[0], bad[1]);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new GrepTextInputFormat().getSplits(j));
      assertTrue(e.getMessage().contains(bad[0]) && e.getMessage().contains("'" + bad[1] + "'"), e.getMessage());
    }
    Job j = Job.getInstance(conf());
    FileInputFormat.addInputPath(j, input);
    ScanSplits.setOwnSplits(j.getConfiguration(), false);
    ScanSplits.setCombine(j.getConfiguration(), true);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new GrepTextInputFormat().getSplits(j));
    assertTrue(e.getMessage().contains(ScanSplits.COMBINE) && e.getMessage().contains(ScanSplits.OWN_SPLITS), e.getMessage());
    ScanSplits.setOwnSplits(j.getConfiguration(), true);
    ScanSplits.setCombine(j.getConfiguration(), false);
    assertFalse(new GrepTextInputFormat().getSplits(j).isEmpty());
  }

  @Test
  void slotsCutTheInputIntoEqualSplitsAndRunsGiveTheSameRows() throws Exception {
    for (int slots : new int[] {1, 2, 3, 7}) {
      Job job = Job.getInstance(conf());
      FileInputFormat.addInputPath(job, input);
      ScanSplits.setSlots(job.getConfiguration(), slots);
      List<InputSplit> splits = new GrepTextInputFormat().getSplits(job);
      assertEquals(slots, splits.size(), slots + " slots");
      long sum = 0;
      java.util.Map<String, Long> nextStart = new java.util.HashMap<>();
      for (InputSplit s : splits) {
        long n = s.getLength();
        assertTrue(Math.abs(n - tableBytes / slots) <= 1, n + " bytes of " + tableBytes + " in " + slots + " splits");
        sum += n;
        for (org.apache.hadoop.mapreduce.lib.input.FileSplit p : ((ScanSplit) s).parts()) {
          // Each file's ranges follow one another from offset 0, in order.
          assertEquals(nextStart.getOrDefault(p.getPath().toString(), 0L).longValue(), p.getStart(), p.toString());
          nextStart.put(p.getPath().toString(), p.getStart() + p.getLength());
        }
      }
      assertEquals(tableBytes, sum);
      assertEquals(3, nextStart.size());
    }
    // auto: the local runner's map slots; on another framework Hadoop's splits.
    Job auto = Job.getInstance(withMaps(conf(), 3));
    FileInputFormat.addInputPath(auto, input);
    ScanSplits.setAutoSlots(auto.getConfiguration());
    assertEquals(3, new GrepTextInputFormat().getSplits(auto).size());
    auto.getConfiguration().set("mapreduce.framework.name", "yarn");
    int yarn = new GrepTextInputFormat().getSplits(auto).size();
    ScanSplits.setSlots(auto.getConfiguration(), 0);
    assertEquals(new GrepTextInputFormat().getSplits(auto).size(), yarn, "auto is off outside the local runner");
    assertTrue(yarn > 3, yarn + " splits");

    // Two slots, two maps at once: the same rows, and the bytes Hadoop's own line reader reads for the same ranges.
    Configuration two = withMaps(conf(), 2);
    ScanSplits.setSlots(two, 2);
    long read = bytesRead(run("slots", two, false));
    Job cut = Job.getInstance(two);
    FileInputFormat.addInputPath(cut, input);
    assertEquals(stockBytes(new GrepTextInputFormat().getSplits(cut), two), read, "bytes read");

    for (String bad : new String[] {"two", "-1", "1.5"}) {
      Job j = Job.getInstance(conf());
      FileInputFormat.addInputPath(j, input);
      j.getConfiguration().set(ScanSplits.SLOTS, bad);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new GrepTextInputFormat().getSplits(j));
      assertTrue(e.getMessage().contains(ScanSplits.SLOTS) && e.getMessage().contains("'" + bad + "'"), e.getMessage());
    }
    Job j = Job.getInstance(conf());
    FileInputFormat.addInputPath(j, input);
    ScanSplits.setSlots(j.getConfiguration(), 2);
    ScanSplits.setOwnSplits(j.getConfiguration(), false);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new GrepTextInputFormat().getSplits(j));
    assertTrue(e.getMessage().contains(ScanSplits.SLOTS) && e.getMessage().contains(ScanSplits.OWN_SPLITS), e.getMessage());
  }

  /** The bytes Hadoop's LineRecordReader reads for every range of SPLITS (the file system's statistics). */
  private static long stockBytes(List<InputSplit> splits, Configuration c) throws Exception {
    long before = fileBytesRead();
    org.apache.hadoop.mapreduce.TaskAttemptContext ctx = new org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl(c,
        new org.apache.hadoop.mapreduce.TaskAttemptID("stock", 1, org.apache.hadoop.mapreduce.TaskType.MAP, 0, 0));
    for (InputSplit s : splits) {
      for (org.apache.hadoop.mapreduce.lib.input.FileSplit p : ((ScanSplit) s).parts()) {
        try (org.apache.hadoop.mapreduce.lib.input.LineRecordReader r = new org.apache.hadoop.mapreduce.lib.input.LineRecordReader()) {
          r.initialize(p, ctx);
          while (r.nextKeyValue()) {
            // read every line
          }
        }
      }
    }
    return fileBytesRead() - before;
  }

  @SuppressWarnings("deprecation")
  private static long fileBytesRead() {
    long n = 0;
    for (FileSystem.Statistics st : FileSystem.getAllStatistics()) {
      if (st.getScheme().equals("file")) {
        n += st.getBytesRead();
      }
    }
    return n;
  }

  @Test
  void slotsKeepAFileThatCannotBeSplitWholeAndACapMakesMoreSplits() throws Exception {
    List<InputSplit> pieces = new ArrayList<>();
    Path a = new Path("/a.txt");
    Path gz = new Path("/b.gz");
    long g = 1L << 30;
    pieces.add(new org.apache.hadoop.mapreduce.lib.input.FileSplit(a, 0, g, new String[] {"h1"}));
    pieces.add(new org.apache.hadoop.mapreduce.lib.input.FileSplit(a, g, g, new String[] {"h2"}));
    pieces.add(new org.apache.hadoop.mapreduce.lib.input.FileSplit(gz, 0, 3 * g, new String[] {"h3"}));
    pieces.add(new org.apache.hadoop.mapreduce.lib.input.FileSplit(new Path("/c.txt"), 0, g, new String[] {"h4"}));
    java.util.function.Predicate<Path> splittable = p -> !p.getName().endsWith(".gz");
    List<InputSplit> four = ScanSplits.sizedToSlots(pieces, 4, -1, splittable);
    // 6 GB over 4 slots: 1.5 GB shares; the 3 GB gzip piece is kept whole and fills the second and third share.
    assertEquals(3, four.size(), four.toString());
    assertEquals(Arrays.asList(g + g / 2, g / 2 + 3 * g, g),
        Arrays.asList(four.get(0).getLength(), four.get(1).getLength(), four.get(2).getLength()));
    for (InputSplit s : four) {
      for (org.apache.hadoop.mapreduce.lib.input.FileSplit p : ((ScanSplit) s).parts()) {
        assertTrue(!p.getPath().equals(gz) || (p.getStart() == 0 && p.getLength() == 3 * g), "the gzip file whole: " + p);
      }
    }
    // A cap of 512 MB on two slots: 12 splits of 512 MB (the gzip file still whole).
    List<InputSplit> capped = ScanSplits.sizedToSlots(pieces, 2, g / 2, splittable);
    long total = 0;
    for (InputSplit s : capped) {
      total += s.getLength();
      assertTrue(s.getLength() <= g / 2 || ((ScanSplit) s).parts().stream().anyMatch(p -> p.getPath().equals(gz)), s.toString());
    }
    assertEquals(6 * g, total);
    assertTrue(capped.size() >= 7 && capped.size() <= 12, capped.size() + " splits");
  }
}
