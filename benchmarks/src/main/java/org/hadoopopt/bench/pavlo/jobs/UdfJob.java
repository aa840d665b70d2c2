package org.hadoopopt.bench.pavlo.jobs;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.BadRecords;
import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.bench.tools.ToolArgs;

/**
 * {@code udf DOCUMENTS OUT}: the UDF aggregation task, inlink counts: for every URL linked from a
 * page ({@code <a href="URL">}), the number of distinct pages linking to it; {@code url TAB inlinks}.
 */
public final class UdfJob extends BaselineTool {
  /** The command line {@code hadoop jar hadoopopt-benchmarks-*.jar} takes, as the driver lists it. */
  public static final String USAGE = "udf DOCUMENTS OUT";

  static final Pattern LINK = Pattern.compile("<a href=\"([^\"]*)\"");

  public static class LinkMapper extends Mapper<LongWritable, Text, Text, LongWritable> {
    private BadRecords bad;

    @Override
    protected void setup(Context context) {
      bad = BadRecords.of(context);
    }

    @Override
    protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
      String[] f = line.toString().split(PavloSchema.SEPARATOR_REGEX, 2);
      if (f.length != PavloSchema.DOCUMENTS_COLUMNS.length) {
        bad.reject(offset.get(), "count", "expected 2 fields url|html, found " + f.length);
        return;
      }
      Set<String> links = new HashSet<>(); // a page counts once per URL however often it links to it
      Matcher m = LINK.matcher(f[PavloSchema.DOC_HTML]);
      while (m.find()) {
        links.add(m.group(1));
      }
      for (String url : links) {
        context.write(new Text(url), new LongWritable(1));
      }
    }
  }

  @Override
  String usage() {
    return USAGE;
  }

  @Override
  List<String> options() {
    return ToolArgs.names();
  }

  @Override
  int paths() {
    return 2;
  }

  @Override
  void apply(ToolArgs a, Configuration conf) {}

  @Override
  void runJobs(Configuration conf, ToolArgs a) throws Exception {
    Job job = Job.getInstance(conf, "pavlo-udf inlinks");
    job.setJarByClass(UdfJob.class);
    job.setInputFormatClass(TextInputFormat.class);
    job.setMapperClass(LinkMapper.class);
    job.setCombinerClass(LongSumReducer.class);
    job.setReducerClass(LongSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(LongWritable.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    FileInputFormat.addInputPath(job, new Path(a.positional(0)));
    FileOutputFormat.setOutputPath(job, new Path(a.positional(1)));
    submit(job);
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new UdfJob(), args));
  }
}
