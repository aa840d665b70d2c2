package org.hadoopopt.bench.micro;

import java.io.IOException;
import java.util.Iterator;
import java.util.TreeSet;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapReduceBase;
import org.apache.hadoop.mapred.Mapper;
import org.apache.hadoop.mapred.OutputCollector;
import org.apache.hadoop.mapred.Reducer;
import org.apache.hadoop.mapred.Reporter;

/** The benchmark programs' logic as native Java (old API, as Streaming uses): the limit Streaming can approach. */
final class StreamingJavaJobs {
  private StreamingJavaJobs() {}

  public static class WordMapper extends MapReduceBase implements Mapper<LongWritable, Text, Text, IntWritable> {
    private final Text word = new Text();
    private final IntWritable one = new IntWritable(1);

    @Override
    public void map(LongWritable k, Text line, OutputCollector<Text, IntWritable> out, Reporter r) throws IOException {
      byte[] b = line.getBytes();
      int n = line.getLength();
      int i = 0;
      while (i < n) {
        while (i < n && (b[i] == ' ' || b[i] == '\t')) {
          i++;
        }
        int start = i;
        while (i < n && b[i] != ' ' && b[i] != '\t') {
          i++;
        }
        if (i > start) {
          word.set(b, start, i - start);
          out.collect(word, one);
        }
      }
    }
  }

  /**
   * A Java combiner for the Streaming word count, whose values are decimal text: sums them. (A
   * Streaming combiner command cannot read through shm, so the benchmark's combiner is Java for
   * every variant alike.)
   */
  public static class TextSumCombiner extends MapReduceBase implements Reducer<Text, Text, Text, Text> {
    private final Text sum = new Text();

    @Override
    public void reduce(Text key, Iterator<Text> values, OutputCollector<Text, Text> out, Reporter r) throws IOException {
      long s = 0;
      while (values.hasNext()) {
        Text v = values.next();
        byte[] b = v.getBytes();
        long x = 0;
        for (int i = 0; i < v.getLength(); i++) {
          x = x * 10 + (b[i] - '0');
        }
        s += x;
      }
      sum.set(Long.toString(s));
      out.collect(key, sum);
    }
  }

  public static class SumReducer extends MapReduceBase implements Reducer<Text, IntWritable, Text, IntWritable> {
    private final IntWritable sum = new IntWritable();

    @Override
    public void reduce(Text key, Iterator<IntWritable> values, OutputCollector<Text, IntWritable> out, Reporter r)
        throws IOException {
      int s = 0;
      while (values.hasNext()) {
        s += values.next().get();
      }
      sum.set(s);
      out.collect(key, sum);
    }
  }

  public static class GrepMapper extends MapReduceBase implements Mapper<LongWritable, Text, Text, Text> {
    private byte[] pattern;
    private final Text empty = new Text();

    @Override
    public void configure(JobConf job) {
      pattern = job.get("bench.grep.pattern").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Override
    public void map(LongWritable k, Text line, OutputCollector<Text, Text> out, Reporter r) throws IOException {
      byte[] b = line.getBytes();
      int n = line.getLength();
      outer:
      for (int i = 0; i + pattern.length <= n; i++) {
        for (int j = 0; j < pattern.length; j++) {
          if (b[i + j] != pattern[j]) {
            continue outer;
          }
        }
        out.collect(line, empty);
        return;
      }
    }
  }

  public static class IndexMapper extends MapReduceBase implements Mapper<LongWritable, Text, Text, Text> {
    private final Text word = new Text();
    private final Text doc = new Text();

    @Override
    public void map(LongWritable k, Text line, OutputCollector<Text, Text> out, Reporter r) throws IOException {
      if (doc.getLength() == 0) {
        doc.set(((FileSplit) r.getInputSplit()).getPath().getName());
      }
      for (String w : line.toString().split("[ \t]+")) {
        if (!w.isEmpty()) {
          word.set(w);
          out.collect(word, doc);
        }
      }
    }
  }

  public static class IndexReducer extends MapReduceBase implements Reducer<Text, Text, Text, Text> {
    @Override
    public void reduce(Text key, Iterator<Text> values, OutputCollector<Text, Text> out, Reporter r) throws IOException {
      TreeSet<String> docs = new TreeSet<>();
      while (values.hasNext()) {
        docs.add(values.next().toString());
      }
      out.collect(key, new Text(String.join(",", docs)));
    }
  }
}
