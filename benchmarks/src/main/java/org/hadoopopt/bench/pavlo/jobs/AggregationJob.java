package org.hadoopopt.bench.pavlo.jobs;

import org.hadoopopt.bench.pavlo.RawText;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.BadRecords;
import org.hadoopopt.bench.tools.ConfValues;
import org.hadoopopt.bench.pavlo.DateRange;
import org.hadoopopt.bench.pavlo.PavloOutput;
import org.hadoopopt.bench.tools.ToolArgs;

/**
 * {@code aggregation [--prefix N] [--from D] [--to D] USERVISITS OUT}: {@code SELECT sourceIP
 * (or SUBSTR(sourceIP, 1, N)), SUM(adRevenue) FROM UserVisits [WHERE visitDate BETWEEN D AND D]
 * GROUP BY 1}, with a combiner; {@code key TAB sum} with exactly 2 decimals.
 */
public final class AggregationJob extends BaselineTool {
  /** The command line {@code hadoop jar hadoopopt-benchmarks-*.jar} takes, as the driver lists it. */
  public static final String USAGE = "aggregation [--variant baseline|mt|bdb|mti|bdbi|bdbtree|mtp|bdbp|mtv|bdbiv] [--prefix N] [--from yyyy-MM-dd] [--to yyyy-MM-dd] USERVISITS OUT";

  /** {@code hadoopopt.bench.aggregation.prefix}, default 0 (the whole sourceIP): group by this many leading characters. */
  public static final String PREFIX = "hadoopopt.bench.aggregation.prefix";
  /** {@code hadoopopt.bench.aggregation.from}, default unset (no lower bound): first visitDate counted, yyyy-MM-dd. */
  public static final String FROM = "hadoopopt.bench.aggregation.from";
  /** {@code hadoopopt.bench.aggregation.to}, default unset (no upper bound): last visitDate counted, yyyy-MM-dd. */
  public static final String TO = "hadoopopt.bench.aggregation.to";

  public static void setPrefix(Configuration conf, int chars) {
    conf.setInt(PREFIX, chars);
  }

  public static int getPrefix(Configuration conf) {
    return ConfValues.getInt(conf, PREFIX, 0, 0);
  }

  public static void setDateRange(Configuration conf, String from, String to) {
    conf.set(FROM, from);
    conf.set(TO, to);
  }

  public static DateRange getDateRange(Configuration conf) {
    return DateRange.fromConf(conf, FROM, null, TO, null);
  }

  public static class AggregationMapper extends Mapper<LongWritable, Text, Text, LongWritable> {
    private BaselineDecoder decoder;
    private int prefix;
    private DateRange range;

    @Override
    protected void setup(Context context) {
      decoder = new BaselineDecoder(BadRecords.of(context));
      prefix = getPrefix(context.getConfiguration());
      range = getDateRange(context.getConfiguration());
    }

    @Override
    protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
      UserVisit v = decoder.userVisit(offset.get(), line);
      if (v == null || !range.contains(v.visitDate)) {
        return;
      }
      String key = prefix > 0 && v.sourceIP.length() > prefix ? v.sourceIP.substring(0, prefix) : v.sourceIP;
      context.write(RawText.text(key), new LongWritable(v.adRevenueMicros));
    }
  }

  /** Sums millionths and prints them as a decimal. */
  public static class RevenueReducer extends Reducer<Text, LongWritable, Text, Text> {
    @Override
    protected void reduce(Text key, Iterable<LongWritable> micros, Context context) throws IOException, InterruptedException {
      long sum = 0;
      for (LongWritable c : micros) {
        sum += c.get();
      }
      context.write(key, new Text(PavloOutput.revenue(sum)));
    }
  }

  /**
   * {@link RevenueReducer}'s output, without a String and a Text per group: the optimized variants'
   * reducer (the baseline keeps Hadoop's idiom). Same bytes ({@link PavloOutput#revenue(long, byte[])}).
   */
  public static class MutableRevenueReducer extends Reducer<Text, LongWritable, Text, Text> {
    private final Text sum = new Text();
    private final byte[] digits = new byte[PavloOutput.REVENUE_BYTES];

    @Override
    protected void reduce(Text key, Iterable<LongWritable> micros, Context context) throws IOException, InterruptedException {
      long total = 0;
      for (LongWritable c : micros) {
        total += c.get();
      }
      sum.set(digits, 0, PavloOutput.revenue(total, digits));
      context.write(key, sum);
    }
  }

  @Override
  String usage() {
    return USAGE;
  }

  @Override
  List<String> options() {
    return ToolArgs.names("prefix", "from", "to", "variant");
  }

  @Override
  int paths() {
    return 2;
  }

  @Override
  void apply(ToolArgs a, Configuration conf) {
    copy(a, "prefix", conf, PREFIX);
    copy(a, "from", conf, FROM);
    copy(a, "to", conf, TO);
    copy(a, "variant", conf, MutableVariants.VARIANT);
  }

  @Override
  void runJobs(Configuration conf, ToolArgs a) throws Exception {
    int prefix = getPrefix(conf);
    DateRange range = getDateRange(conf);
    Job job = Job.getInstance(conf, "pavlo-aggregation " + (prefix > 0 ? "prefix " + prefix : "sourceIP")
        + (range.isUnbounded() ? "" : " visitDate " + range));
    job.setJarByClass(AggregationJob.class);
    job.setInputFormatClass(TextInputFormat.class);
    job.setMapperClass(AggregationMapper.class);
    job.setCombinerClass(LongSumReducer.class);
    job.setReducerClass(RevenueReducer.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(LongWritable.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    MutableVariants.aggregation(job, MutableVariants.getVariant(conf)); // --variant mt|bdb: mutable records
    FileInputFormat.addInputPath(job, new Path(a.positional(0)));
    FileOutputFormat.setOutputPath(job, new Path(a.positional(1)));
    submit(job);
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new AggregationJob(), args));
  }
}
