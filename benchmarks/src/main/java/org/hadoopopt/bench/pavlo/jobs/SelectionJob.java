package org.hadoopopt.bench.pavlo.jobs;

import org.hadoopopt.bench.pavlo.RawText;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.BadRecords;
import org.hadoopopt.bench.tools.ConfValues;
import org.hadoopopt.bench.tools.ToolArgs;

/**
 * {@code selection [--min-rank X] RANKINGS OUT}: {@code SELECT pageURL, pageRank FROM Rankings
 * WHERE pageRank > X}; map-only; {@code pageURL TAB pageRank}.
 */
public final class SelectionJob extends BaselineTool {
  /** The command line {@code hadoop jar hadoopopt-benchmarks-*.jar} takes, as the driver lists it. */
  public static final String USAGE = "selection [--variant baseline|mt|bdb|mti|bdbi|bdbtree|mtp|bdbp|mtv|bdbiv] [--min-rank X] RANKINGS OUT";

  /** {@code hadoopopt.bench.selection.min-rank}, default 10: rows with pageRank above it are selected. */
  public static final String MIN_RANK = "hadoopopt.bench.selection.min-rank";

  public static void setMinRank(Configuration conf, int minRank) {
    conf.setInt(MIN_RANK, minRank);
  }

  public static int getMinRank(Configuration conf) {
    return ConfValues.getInt(conf, MIN_RANK, 10, Integer.MIN_VALUE);
  }

  public static class SelectionMapper extends Mapper<LongWritable, Text, Text, IntWritable> {
    private BaselineDecoder decoder;
    private int minRank;

    @Override
    protected void setup(Context context) {
      decoder = new BaselineDecoder(BadRecords.of(context));
      minRank = getMinRank(context.getConfiguration());
    }

    @Override
    protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
      Ranking r = decoder.ranking(offset.get(), line);
      if (r != null && r.pageRank > minRank) {
        context.write(RawText.text(r.pageURL), new IntWritable(r.pageRank));
      }
    }
  }

  @Override
  String usage() {
    return USAGE;
  }

  @Override
  List<String> options() {
    return ToolArgs.names("min-rank", "variant");
  }

  @Override
  int paths() {
    return 2;
  }

  @Override
  void apply(ToolArgs a, Configuration conf) {
    copy(a, "min-rank", conf, MIN_RANK);
    copy(a, "variant", conf, MutableVariants.VARIANT);
  }

  @Override
  void runJobs(Configuration conf, ToolArgs a) throws Exception {
    Job job = Job.getInstance(conf, "pavlo-selection pageRank > " + getMinRank(conf));
    job.setJarByClass(SelectionJob.class);
    job.setInputFormatClass(TextInputFormat.class);
    job.setMapperClass(SelectionMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    MutableVariants.selection(job, MutableVariants.getVariant(conf)); // --variant mt|bdb: mutable records
    FileInputFormat.addInputPath(job, new Path(a.positional(0)));
    FileOutputFormat.setOutputPath(job, new Path(a.positional(1)));
    submit(job);
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new SelectionJob(), args));
  }
}
