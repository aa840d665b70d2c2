package org.hadoopopt.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.JarFinder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A job with reducers on MiniMRYarnCluster: task JVMs, and map output served by the real ShuffleHandler. */
class MiniMrYarnShuffleTest {
  @RegisterExtension
  static final MiniMrYarn CLUSTER = new MiniMrYarn(1);

  public static class TokenMapper extends Mapper<LongWritable, Text, Text, IntWritable> {
    private final Text word = new Text();
    private final IntWritable one = new IntWritable(1);

    @Override
    protected void map(LongWritable key, Text line, Context ctx) throws IOException, InterruptedException {
      for (String w : line.toString().split("[ \\t\\n\\r\\f]+")) {
        if (!w.isEmpty()) {
          word.set(w);
          ctx.write(word, one);
        }
      }
    }
  }

  public static class SumReducer extends Reducer<Text, IntWritable, Text, IntWritable> {
    @Override
    protected void reduce(Text key, Iterable<IntWritable> values, Context ctx) throws IOException, InterruptedException {
      int sum = 0;
      for (IntWritable v : values) {
        sum += v.get();
      }
      ctx.write(key, new IntWritable(sum));
    }
  }

  @Test
  void wordCountWithTwoReducersShufflesThroughTheShuffleHandler() throws Exception {
    FileSystem fs = CLUSTER.fs();
    String text = WordCounts.randomText(42, 3000);
    Path in = new Path("/shuffle-test/in");
    for (int i = 0; i < 2; i++) { // two files: two map tasks
      try (OutputStream out = fs.create(new Path(in, "f" + i + ".txt"))) {
        out.write(text.getBytes(StandardCharsets.UTF_8));
      }
    }
    Path outDir = new Path("/shuffle-test/out");

    Job job = Job.getInstance(CLUSTER.conf(), "shuffle-test");
    job.setJar(JarFinder.getJar(TokenMapper.class));
    job.setMapperClass(TokenMapper.class);
    job.setReducerClass(SumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    job.setNumReduceTasks(2);
    FileInputFormat.addInputPath(job, in);
    FileOutputFormat.setOutputPath(job, outDir);
    assertTrue(job.waitForCompletion(false), "job failed");

    Map<String, Integer> expected = WordCounts.count(text + text);
    List<String> lines = TestFiles.readPartLines(fs, outDir);
    List<String> sorted = new ArrayList<>(lines);
    java.util.Collections.sort(sorted);
    List<String> want = new ArrayList<>();
    expected.forEach((w, c) -> want.add(w + "\t" + c));
    java.util.Collections.sort(want);
    assertEquals(want, sorted);

    long shuffled = job.getCounters().findCounter(TaskCounter.REDUCE_SHUFFLE_BYTES).getValue();
    assertTrue(shuffled > 0, "reducers fetched nothing over the shuffle: " + shuffled);
    assertEquals(2, job.getCounters().findCounter(TaskCounter.SHUFFLED_MAPS).getValue() / 2,
        "each of 2 reducers fetches the output of each of 2 maps");
  }
}
