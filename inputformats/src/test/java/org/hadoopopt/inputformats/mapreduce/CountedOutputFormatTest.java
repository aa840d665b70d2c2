package org.hadoopopt.inputformats.mapreduce;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Random;
import java.util.StringTokenizer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormatCounter;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.IntSumReducer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jobs on the local job runner written through {@link CountedOutputFormat} and through the format it
 * wraps: the same part files byte for byte, and {@code File Output Format} bytes written equal to
 * what Hadoop counts for the plain format (Hadoop counts nothing for a format that is not a
 * {@code FileOutputFormat}, so a non-zero equal count is the wrapper's own), with a reduce, map-only,
 * and compressed; a wrapped class that is not a FileOutputFormat fails at submission naming the key.
 */
class CountedOutputFormatTest {
  @TempDir
  static File dir;

  private static Path input;

  @BeforeAll
  static void text() throws IOException {
    Random r = new Random(5);
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    input = new Path(dir.getAbsolutePath(), "words");
    for (int f = 0; f < 2; f++) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < 3000; i++) {
        for (int w = 0; w < 1 + r.nextInt(8); w++) {
          b.append(w == 0 ? "" : " ").append("w").append(r.nextInt(5000)).append(r.nextInt(9) == 0 ? "é" : "");
        }
        b.append('\n');
      }
      try (OutputStream out = fs.create(new Path(input, "part-" + f))) {
        out.write(b.toString().getBytes(StandardCharsets.UTF_8));
      }
    }
  }

  /** Hadoop's WordCount mapper, with reused objects. */
  public static class WordMapper extends Mapper<LongWritable, Text, Text, IntWritable> {
    private final Text word = new Text();
    private final IntWritable one = new IntWritable(1);

    @Override
    protected void map(LongWritable k, Text line, Context ctx) throws IOException, InterruptedException {
      StringTokenizer t = new StringTokenizer(line.toString());
      while (t.hasMoreTokens()) {
        word.set(t.nextToken());
        ctx.write(word, one);
      }
    }
  }

  private static Job run(String name, boolean counted, int reduces, boolean compress) throws Exception {
    Configuration c = new Configuration();
    c.set("fs.defaultFS", "file:///");
    c.set("mapreduce.framework.name", "local");
    Job job = Job.getInstance(c, name);
    job.setJarByClass(CountedOutputFormatTest.class);
    job.setInputFormatClass(TextInputFormat.class);
    job.setMapperClass(WordMapper.class);
    if (reduces > 0) {
      job.setCombinerClass(IntSumReducer.class);
      job.setReducerClass(IntSumReducer.class);
    }
    job.setNumReduceTasks(reduces);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    if (counted) {
      CountedOutputFormat.wrap(job, TextOutputFormat.class);
    } else {
      job.setOutputFormatClass(TextOutputFormat.class);
    }
    if (compress) {
      FileOutputFormat.setCompressOutput(job, true);
      FileOutputFormat.setOutputCompressorClass(job, DefaultCodec.class);
    }
    FileInputFormat.addInputPath(job, input);
    FileOutputFormat.setOutputPath(job, new Path(dir.getAbsolutePath(), "out-" + name));
    assertTrue(job.waitForCompletion(false), name);
    return job;
  }

  private static long written(Job job) throws IOException {
    return job.getCounters().findCounter(FileOutputFormatCounter.BYTES_WRITTEN).getValue();
  }

  /** Both jobs' part files, by name, byte for byte. */
  private static void assertSameParts(String a, String b) throws IOException {
    String[] names = new File(dir, "out-" + a).list((d, n) -> n.startsWith("part-"));
    String[] other = new File(dir, "out-" + b).list((d, n) -> n.startsWith("part-"));
    Arrays.sort(names);
    Arrays.sort(other);
    assertArrayEquals(names, other, "part files of " + a + " and " + b);
    assertTrue(names.length > 0);
    for (String n : names) {
      byte[] x = Files.readAllBytes(new File(new File(dir, "out-" + a), n).toPath());
      byte[] y = Files.readAllBytes(new File(new File(dir, "out-" + b), n).toPath());
      assertTrue(x.length > 0, n + " is empty");
      assertArrayEquals(x, y, n + " of " + a + " and " + b);
    }
  }

  private static void check(String label, int reduces, boolean compress) throws Exception {
    Job stock = run(label + "-stock", false, reduces, compress);
    Job counted = run(label + "-counted", true, reduces, compress);
    assertSameParts(label + "-stock", label + "-counted");
    long hadoop = written(stock);
    assertTrue(hadoop > 0, label + ": Hadoop counted no bytes written");
    assertEquals(hadoop, written(counted), label + ": File Output Format bytes written, Hadoop's and the wrapper's");
    TaskCounter records = reduces > 0 ? TaskCounter.REDUCE_OUTPUT_RECORDS : TaskCounter.MAP_OUTPUT_RECORDS;
    assertEquals(stock.getCounters().findCounter(records).getValue(), counted.getCounters().findCounter(records).getValue());
  }

  @Test
  void reduceOutputIsTheWrappedFormatsAndCountedAsHadoopCountsIt() throws Exception {
    check("reduce", 2, false);
  }

  @Test
  void mapOnlyOutputIsTheWrappedFormatsAndCountedAsHadoopCountsIt() throws Exception {
    check("maponly", 0, false);
  }

  @Test
  void compressedOutputIsTheWrappedFormatsAndCountedAsHadoopCountsIt() throws Exception {
    check("deflate", 1, true);
  }

  @Test
  void aWrappedClassThatIsNotAFileOutputFormatFailsAtSubmissionNamingTheKey() throws Exception {
    for (String bad : new String[] {"java.lang.String", "org.example.NoSuchFormat", CountedOutputFormat.class.getName()}) {
      Configuration c = new Configuration();
      c.set("fs.defaultFS", "file:///");
      c.set("mapreduce.framework.name", "local");
      Job job = Job.getInstance(c, "bad");
      job.setMapperClass(WordMapper.class);
      job.setNumReduceTasks(0);
      job.setOutputFormatClass(CountedOutputFormat.class);
      job.getConfiguration().set(CountedOutputFormat.FORMAT, bad);
      FileInputFormat.addInputPath(job, input);
      FileOutputFormat.setOutputPath(job, new Path(dir.getAbsolutePath(), "out-bad"));
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, job::submit, bad);
      assertTrue(e.getMessage().contains(CountedOutputFormat.FORMAT) && e.getMessage().contains(bad), e.getMessage());
    }
  }
}
