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
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.BadRecords;
import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.bench.tools.ToolArgs;
import org.hadoopopt.bench.pavlo.format.GrepTextInputFormat;
import org.hadoopopt.inputformats.mapreduce.Pushdown;

/**
 * {@code grep [--variant baseline|mt|mtp] [--pattern P] IN OUT}: Grep rows whose field contains the
 * pattern; map-only; {@code key TAB field}. {@code mt} searches the line's bytes in place
 * ({@link MutableGrepMapper}) instead of decoding each line to Strings; {@code mtp} searches them in
 * the record reader ({@code GrepTextInputFormat} with a pushed-down substring).
 */
public final class GrepJob extends BaselineTool {
  /** The command line {@code hadoop jar hadoopopt-benchmarks-*.jar} takes, as the driver lists it. */
  public static final String USAGE = "grep [--variant baseline|mt|mtp] [--pattern P] IN OUT";

  /** {@code hadoopopt.bench.grep.pattern}, default {@code XYZ}: the substring searched for in the field. */
  public static final String PATTERN = "hadoopopt.bench.grep.pattern";

  public static void setPattern(Configuration conf, String pattern) {
    conf.set(PATTERN, pattern);
  }

  public static String getPattern(Configuration conf) {
    String p = conf.get(PATTERN, "XYZ");
    if (p.isEmpty()) {
      throw new IllegalArgumentException(PATTERN + " must not be empty");
    }
    return p;
  }

  public static class GrepMapper extends Mapper<LongWritable, Text, Text, Text> {
    private BaselineDecoder decoder;
    private String pattern; // one char per byte of the pattern's UTF-8, as the line is decoded

    @Override
    protected void setup(Context context) {
      decoder = new BaselineDecoder(BadRecords.of(context));
      byte[] p = getPattern(context.getConfiguration()).getBytes(java.nio.charset.StandardCharsets.UTF_8);
      pattern = RawText.string(p, 0, p.length);
    }

    @Override
    protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
      String[] f = decoder.fields(offset.get(), line, PavloSchema.GREP_COLUMNS);
      if (f != null && f[PavloSchema.GREP_FIELD].contains(pattern)) {
        context.write(RawText.text(f[PavloSchema.GREP_KEY]), RawText.text(f[PavloSchema.GREP_FIELD]));
      }
    }
  }

  /** {@link MutableVariants#VARIANT} for grep: baseline, mt (in-place search) or mtp (search pushed into the reader). */
  static String variant(Configuration conf) {
    String v = conf.getTrimmed(MutableVariants.VARIANT, "baseline");
    if (!v.equals("baseline") && !v.equals("mt") && !v.equals("mtp")) {
      throw new IllegalArgumentException(MutableVariants.VARIANT + " for grep must be baseline, mt or mtp, not '" + v + "'");
    }
    return v;
  }

  @Override
  String usage() {
    return USAGE;
  }

  @Override
  List<String> options() {
    return ToolArgs.names("pattern", "variant");
  }

  @Override
  int paths() {
    return 2;
  }

  @Override
  void apply(ToolArgs a, Configuration conf) {
    copy(a, "pattern", conf, PATTERN);
    copy(a, "variant", conf, MutableVariants.VARIANT);
  }

  @Override
  void runJobs(Configuration conf, ToolArgs a) throws Exception {
    Job job = Job.getInstance(conf, "pavlo-grep " + getPattern(conf));
    job.setJarByClass(GrepJob.class);
    String variant = variant(conf);
    job.setInputFormatClass(TextInputFormat.class);
    job.setMapperClass(variant.equals("mt") ? MutableGrepMapper.class : GrepMapper.class);
    if (variant.equals("mtp")) {
      // The substring test runs in the record reader; the mapper sees the matching rows only.
      job.setInputFormatClass(GrepTextInputFormat.class);
      Pushdown.setContains(job.getConfiguration(), "field", getPattern(conf));
      MutableVariants.sizeScanToSlots(job);
      job.setMapperClass(PushdownGrepMapper.class);
    }
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    if (!variant.equals("baseline")) {
      MutableVariants.output(job);
    }
    FileInputFormat.addInputPath(job, new Path(a.positional(0)));
    FileOutputFormat.setOutputPath(job, new Path(a.positional(1)));
    submit(job);
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new GrepJob(), args));
  }
}
