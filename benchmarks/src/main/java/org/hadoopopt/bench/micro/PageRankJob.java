package org.hadoopopt.bench.micro;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * One PageRank iteration as a MapReduce job, the classic plan: the map sends each vertex's rank,
 * divided by its out-degree, to every target and passes the vertex's links on to itself; the
 * reduce sums a vertex's contributions into its new rank ({@link PageRankGraph#next}) and writes
 * the vertex line again ({@code id TAB rank TAB targets}), the next iteration's input.
 */
public final class PageRankJob {
  /** Vertices in the graph (the teleport term needs it). No default: required. */
  public static final String VERTICES = "hadoopopt.bench.pagerank.vertices";

  private PageRankJob() {}

  /** Runs one iteration from {@code in} to {@code out}; returns the job's counters. */
  public static Counters iterate(Configuration base, Path in, Path out, int vertices, int reduces) throws Exception {
    Configuration conf = new Configuration(base);
    conf.setInt(VERTICES, vertices);
    Job job = Job.getInstance(conf, "pagerank " + out.getName());
    job.setJarByClass(PageRankJob.class);
    job.setInputFormatClass(TextInputFormat.class);
    job.setMapperClass(RankMapper.class);
    job.setReducerClass(RankReducer.class);
    job.setMapOutputKeyClass(LongWritable.class);
    job.setMapOutputValueClass(Text.class);
    job.setOutputKeyClass(LongWritable.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    job.setNumReduceTasks(reduces);
    FileInputFormat.addInputPath(job, in);
    FileOutputFormat.setOutputPath(job, out);
    // polls every 20 ms (Hadoop's waitForCompletion(false) would poll every 5 s and round each iteration up to it)
    org.hadoopopt.bench.tools.Jobs.run(job);
    return job.getCounters();
  }

  /** Emits (target, "R" + share) per out-link and (vertex, "L" + targets). */
  public static final class RankMapper extends Mapper<LongWritable, Text, LongWritable, Text> {
    private final LongWritable key = new LongWritable();
    private final Text value = new Text();

    @Override
    protected void map(LongWritable offset, Text line, Context ctx) throws IOException, InterruptedException {
      String s = line.toString();
      int t1 = s.indexOf('\t');
      int t2 = s.indexOf('\t', t1 + 1);
      if (t1 <= 0 || t2 <= t1) {
        throw new IOException("PageRank input, offset " + offset.get() + ": not 'id TAB rank TAB targets': " + s);
      }
      long id = Long.parseLong(s.substring(0, t1));
      long rank = Long.parseLong(s.substring(t1 + 1, t2));
      String links = s.substring(t2 + 1);
      String[] targets = links.split(",");
      String share = "R" + rank / targets.length;
      value.set(share);
      for (String t : targets) {
        key.set(Long.parseLong(t));
        ctx.write(key, value);
      }
      key.set(id);
      value.set("L" + links);
      ctx.write(key, value);
    }
  }

  /** Sums the shares of a vertex into its new rank; writes {@code rank TAB targets}. */
  public static final class RankReducer extends Reducer<LongWritable, Text, LongWritable, Text> {
    private final Text value = new Text();
    private int vertices;

    @Override
    protected void setup(Context ctx) {
      vertices = ctx.getConfiguration().getInt(VERTICES, -1);
      if (vertices < 2) {
        throw new IllegalArgumentException(VERTICES + " must be the graph's vertex count (at least 2), not " + vertices);
      }
    }

    @Override
    protected void reduce(LongWritable id, Iterable<Text> values, Context ctx) throws IOException, InterruptedException {
      long sum = 0;
      String links = null;
      for (Text v : values) {
        String s = v.toString();
        if (s.charAt(0) == 'R') {
          sum += Long.parseLong(s.substring(1));
        } else {
          links = s.substring(1);
        }
      }
      if (links == null) {
        throw new IOException("PageRank: vertex " + id.get() + " has in-links but no line of its own");
      }
      value.set(PageRankGraph.next(sum, vertices) + "\t" + links);
      ctx.write(id, value);
    }
  }
}
