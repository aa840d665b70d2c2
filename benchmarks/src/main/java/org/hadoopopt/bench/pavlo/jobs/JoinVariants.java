package org.hadoopopt.bench.pavlo.jobs;

import org.hadoopopt.bench.pavlo.RawText;
import java.io.IOException;
import java.time.LocalDate;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.MultipleInputs;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopopt.bench.pavlo.DateRange;
import org.hadoopopt.bench.pavlo.PavloOutput;
import org.hadoopopt.inputformats.join.CoPartitionedInputFormat;
import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.bench.pavlo.format.RankingsTextInputFormat;
import org.hadoopopt.bench.pavlo.format.UserVisitsRangeInputFormat;
import org.hadoopopt.bench.pavlo.format.UserVisitsTextInputFormat;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.UserVisitsRecord;

/**
 * The optimized plans of {@code join} ({@code --variant}): {@code mt}, the research's "Hadoop
 * Mutable" two-job plan (repartition join on mutable records, then one reducer that sums per
 * sourceIP and keeps the top); {@code simple-index}, the same with UserVisits read through its
 * visitDate index (inputs: directories made by {@code load}, text); {@code partition}, the map-side
 * join over co-partitioned loaded files ({@link PartitionJoinMapper}) and the same last reducer;
 * {@code mtp} and {@code lookup}, pages instead of records ({@link JoinPlans}).
 */
final class JoinVariants {
  enum Plan { BASELINE, MT, SIMPLE_INDEX, PARTITION, MTP, LOOKUP }

  private JoinVariants() {}

  static Plan plan(Configuration conf) {
    String v = conf.getTrimmed(MutableVariants.VARIANT, "baseline");
    try {
      return Plan.valueOf(v.toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(MutableVariants.VARIANT + " must be baseline, mt, simple-index, partition, mtp or lookup"
          + " for join, not '" + v + "'");
    }
  }

  static void run(BaselineTool tool, Plan plan, Configuration conf, DateRange range, Path rankings, Path visits, Path out,
      Path tmp) throws IOException, InterruptedException {
    if (plan == Plan.MTP) {
      JoinPlans.mtp(tool, conf, range, rankings, visits, out, tmp);
      return;
    }
    if (plan == Plan.LOOKUP) {
      JoinPlans.lookup(tool, conf, range, rankings, visits, out);
      return;
    }
    if (plan == Plan.PARTITION) {
      Job job = newJob(conf, "pavlo-join partition (map-side) visitDate " + range);
      CoPartitionedInputFormat.setBuildDir(job.getConfiguration(), visits);
      RangeIndexInputFormat.setDateRange(job.getConfiguration(), "visitDate", LocalDate.parse(range.from()), true,
          LocalDate.parse(range.to()), true);
      job.setInputFormatClass(RankingsCoPartitionedInputFormat.class);
      job.setMapperClass(PartitionJoinMapper.class);
      FileInputFormat.addInputPath(job, rankings);
      topReduce(job, out);
      tool.submit(job);
      return;
    }
    Job join = newJob(conf, "pavlo-join " + plan.name().toLowerCase(Locale.ROOT) + " 1/2 join visitDate " + range);
    MultipleInputs.addInputPath(join, rankings, RankingsTextInputFormat.class, RankingSideMapper.class);
    if (plan == Plan.SIMPLE_INDEX) {
      MultipleInputs.addInputPath(join, visits, UserVisitsRangeInputFormat.class, VisitSideMapper.class);
      RangeIndexInputFormat.setDateRange(join.getConfiguration(), "visitDate", LocalDate.parse(range.from()), true,
          LocalDate.parse(range.to()), true);
    } else {
      MultipleInputs.addInputPath(join, visits, UserVisitsTextInputFormat.class, VisitSideMapper.class);
    }
    join.setReducerClass(JoinPhases.JoinReducer.class);
    FileOutputFormat.setOutputPath(join, new Path(tmp, "joined"));
    tool.submit(join);

    Job top = newJob(conf, "pavlo-join " + plan.name().toLowerCase(Locale.ROOT) + " 2/2 sums and top sourceIP");
    top.setInputFormatClass(TextInputFormat.class);
    top.setMapperClass(JoinPhases.VisitMapper.class);
    FileInputFormat.addInputPath(top, new Path(tmp, "joined"));
    topReduce(top, out);
    tool.submit(top);
  }

  static Job newJob(Configuration conf, String name) throws IOException {
    Job job = Job.getInstance(conf, name);
    job.setJarByClass(JoinVariants.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(Text.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    MutableVariants.output(job);
    return job;
  }

  /** (sourceIP, "micros TAB pageRankSum TAB visits") summed by a combiner, then one reducer keeps the top. */
  static void topReduce(Job job, Path out) {
    job.setCombinerClass(JoinPhases.SumReducer.class);
    job.setReducerClass(TopSumReducer.class);
    job.setNumReduceTasks(1);
    FileOutputFormat.setOutputPath(job, out);
  }

  static long[] days(DateRange range) {
    return new long[] {range.fromDay(), range.toDay()};
  }

  /** Revenue of a visit in millionths (the readers' grammar allows at most 2 decimals and no NULL). */
  static long micros(UserVisitsRecord v) {
    return v.adRevenueMicros();
  }

  /** Rankings side: (pageURL, "R" pageRank). */
  public static class RankingSideMapper extends Mapper<Object, RankingsRecord, Text, Text> {
    private final Text url = new Text();
    private final Text value = new Text();

    @Override
    protected void map(Object k, RankingsRecord r, Context ctx) throws IOException, InterruptedException {
      ByteSlice u = r.pageURL();
      url.set(u.bytes(), u.offset(), u.length());
      value.set("R" + r.pageRank());
      ctx.write(url, value);
    }
  }

  /** UserVisits side: visits in the date range as (destURL, "V" sourceIP TAB micros). */
  public static class VisitSideMapper extends Mapper<Object, UserVisitsRecord, Text, Text> {
    private final Text url = new Text();
    private final Text value = new Text();
    private long from;
    private long to;

    @Override
    protected void setup(Context ctx) {
      long[] d = days(JoinJob.getDateRange(ctx.getConfiguration()));
      from = d[0];
      to = d[1];
    }

    @Override
    protected void map(Object k, UserVisitsRecord v, Context ctx) throws IOException, InterruptedException {
      long c = micros(v);
      int day = v.visitDate();
      if (day < from || day > to) {
        return;
      }
      ByteSlice d = v.destURL();
      url.set(d.bytes(), d.offset(), d.length());
      value.set(RawText.bytes("V" + RawText.string(v.sourceIP()) + "\t" + c));
      ctx.write(url, value);
    }
  }

  /** Sums "micros TAB pageRankSum TAB visits" per sourceIP; writes the one with the most revenue (ties: smallest sourceIP). */
  public static class TopSumReducer extends Reducer<Text, Text, Text, Text> {
    private String best;
    private long[] bestSums;

    @Override
    protected void reduce(Text ip, Iterable<Text> values, Context ctx) {
      long[] s = new long[3];
      for (Text t : values) {
        String[] f = t.toString().split("\t");
        for (int i = 0; i < 3; i++) {
          s[i] += Long.parseLong(f[i]);
        }
      }
      String key = RawText.string(ip);
      if (best == null || s[0] > bestSums[0] || s[0] == bestSums[0] && key.compareTo(best) < 0) {
        best = key;
        bestSums = s;
      }
    }

    @Override
    protected void cleanup(Context ctx) throws IOException, InterruptedException {
      if (best != null) {
        ctx.write(RawText.text(best), new Text(PavloOutput.joinValue(bestSums[0], bestSums[1], bestSums[2])));
      }
    }
  }
}
