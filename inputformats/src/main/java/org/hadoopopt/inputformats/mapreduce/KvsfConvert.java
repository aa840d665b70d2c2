package org.hadoopopt.inputformats.mapreduce;

import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Converts a '|' text table into KeyValueSequenceFiles, map-only (one output file per input split,
 * rows in input order):
 * {@code hadoop jar hadoopopt-inputformats.jar org.hadoopopt.inputformats.mapreduce.KvsfConvert
 * [-D hadoopopt.kvsf.codec=tuple] [-D hadoopopt.kvsf.page.size=131072] rankings|uservisits IN OUT}.
 * Rows are read by the mutable text reader, so the text follows
 * {@link org.hadoopopt.inputformats.record.ColumnGrammar}: a malformed row fails naming file, offset
 * and column, or with {@link BadRows#SKIP_BAD} is skipped and counted in this job's counters.
 */
public class KvsfConvert extends Configured implements Tool {
  /** The command line (after the jar or the driver's program name). */
  public static final String USAGE = "[-D " + KvsfOutputFormat.CODEC + "=tuple|writable|protobuf] [-D "
      + KvsfOutputFormat.PAGE_SIZE + "=BYTES] rankings|uservisits TEXT_IN KVSF_OUT";

  /** Builds (does not submit) the conversion job. */
  public static Job createJob(org.apache.hadoop.conf.Configuration conf, Schema schema, Path in, Path out) throws java.io.IOException {
    BadRows.isSkipBad(conf); // a bad value fails here, naming the key
    Job job = Job.getInstance(conf, "kvsf-convert " + schema.name() + " " + in);
    job.setJarByClass(KvsfConvert.class);
    job.setInputFormatClass(schema == Schema.RANKINGS ? RankingsTextInputFormat.class : UserVisitsTextInputFormat.class);
    job.setMapperClass(KvsfConvertMapper.class); // the row goes straight to the writer
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(LongWritable.class);
    job.setOutputValueClass(schema.rowClass());
    job.setOutputFormatClass(KvsfOutputFormat.class);
    KvsfOutputFormat.setSchema(job, schema);
    FileInputFormat.addInputPath(job, in);
    FileOutputFormat.setOutputPath(job, out);
    return job;
  }

  @Override
  public int run(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("usage: KvsfConvert " + USAGE);
      return 2;
    }
    Job job = createJob(getConf(), Schema.forName(args[0]), new Path(args[1]), new Path(args[2]));
    return job.waitForCompletion(true) ? 0 : 1;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new KvsfConvert(), args));
  }
}
