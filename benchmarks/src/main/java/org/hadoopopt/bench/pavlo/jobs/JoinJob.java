package org.hadoopopt.bench.pavlo.jobs;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.DateRange;
import org.hadoopopt.bench.tools.ToolArgs;

/**
 * {@code join [--from D] [--to D] RANKINGS USERVISITS OUT}: the sourceIP with the most adRevenue
 * from visits in the date range, with the average pageRank of the pages it visited; one line
 * {@code sourceIP TAB totalRevenue TAB avgPageRank} (none if no visit is in range). Three jobs,
 * see {@link JoinPhases}; intermediates go to {@code _OUT.join-tmp} beside OUT and are deleted.
 */
public final class JoinJob extends BaselineTool {
  /** The command line {@code hadoop jar hadoopopt-benchmarks-*.jar} takes, as the driver lists it. */
  public static final String USAGE = "join [--variant baseline|mt|simple-index|partition|mtp|lookup] [--from yyyy-MM-dd] [--to yyyy-MM-dd]"
      + " RANKINGS USERVISITS OUT";

  /** {@code hadoopopt.bench.join.from}, default {@code 2000-01-15}: first visitDate joined (inclusive). */
  public static final String FROM = "hadoopopt.bench.join.from";
  /** {@code hadoopopt.bench.join.to}, default {@code 2000-01-22}: last visitDate joined (inclusive). */
  public static final String TO = "hadoopopt.bench.join.to";
  /** Set by the job itself: the qualified Rankings input path, how phase-1 maps tell the tables apart. */
  public static final String RANKINGS_INPUT = "hadoopopt.bench.join.rankings-input";

  public static void setDateRange(Configuration conf, String from, String to) {
    conf.set(FROM, from);
    conf.set(TO, to);
  }

  public static DateRange getDateRange(Configuration conf) {
    return DateRange.fromConf(conf, FROM, "2000-01-15", TO, "2000-01-22");
  }

  @Override
  String usage() {
    return USAGE;
  }

  @Override
  List<String> options() {
    return ToolArgs.names("from", "to", "variant");
  }

  @Override
  int paths() {
    return 3;
  }

  @Override
  void apply(ToolArgs a, Configuration conf) {
    copy(a, "from", conf, FROM);
    copy(a, "to", conf, TO);
    copy(a, "variant", conf, MutableVariants.VARIANT);
  }

  @Override
  void runJobs(Configuration conf, ToolArgs a) throws Exception {
    DateRange range = getDateRange(conf);
    Path rankings = new Path(a.positional(0));
    Path visits = new Path(a.positional(1));
    Path out = new Path(a.positional(2));
    FileSystem fs = out.getFileSystem(conf);
    if (fs.exists(out)) { // fail before two jobs' work, not at the third job
      throw new FileAlreadyExistsException("Output directory " + fs.makeQualified(out) + " already exists");
    }
    Path tmp = new Path(out.getParent(), "_" + out.getName() + ".join-tmp");
    JoinVariants.Plan plan = JoinVariants.plan(conf);
    if (plan != JoinVariants.Plan.BASELINE) { // --variant mt|simple-index|partition|mtp|lookup
      fs.delete(tmp, true);
      try {
        JoinVariants.run(this, plan, conf, range, rankings, visits, out, tmp);
      } finally {
        fs.delete(tmp, true);
      }
      return;
    }
    fs.delete(tmp, true);
    conf.set(RANKINGS_INPUT, rankings.getFileSystem(conf).makeQualified(rankings).toString());
    try {
      Job join = newJob(conf, "pavlo-join 1/3 filter+join visitDate " + range);
      join.setMapperClass(JoinPhases.FilterMapper.class);
      join.setReducerClass(JoinPhases.JoinReducer.class);
      join.setMapOutputKeyClass(Text.class);
      join.setMapOutputValueClass(Text.class);
      FileInputFormat.addInputPath(join, rankings);
      FileInputFormat.addInputPath(join, visits);
      FileOutputFormat.setOutputPath(join, new Path(tmp, "joined"));
      submit(join);

      Job group = newJob(conf, "pavlo-join 2/3 per-sourceIP sums");
      group.setMapperClass(JoinPhases.VisitMapper.class);
      group.setCombinerClass(JoinPhases.SumReducer.class);
      group.setReducerClass(JoinPhases.SumReducer.class);
      group.setMapOutputKeyClass(Text.class);
      group.setMapOutputValueClass(Text.class);
      FileInputFormat.addInputPath(group, new Path(tmp, "joined"));
      FileOutputFormat.setOutputPath(group, new Path(tmp, "grouped"));
      submit(group);

      Job top = newJob(conf, "pavlo-join 3/3 top sourceIP");
      top.setMapperClass(JoinPhases.AllToOneMapper.class);
      top.setReducerClass(JoinPhases.TopReducer.class);
      top.setNumReduceTasks(1);
      top.setMapOutputKeyClass(NullWritable.class);
      top.setMapOutputValueClass(Text.class);
      FileInputFormat.addInputPath(top, new Path(tmp, "grouped"));
      FileOutputFormat.setOutputPath(top, out);
      submit(top);
    } finally {
      fs.delete(tmp, true);
    }
  }

  private static Job newJob(Configuration conf, String name) throws java.io.IOException {
    Job job = Job.getInstance(conf, name);
    job.setJarByClass(JoinJob.class);
    job.setInputFormatClass(TextInputFormat.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    return job;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new JoinJob(), args));
  }
}
