package org.hadoopopt.inputformats.mapreduce;

import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Converts a '|' text table into KeyValueSequenceFiles, map-only (one output file per input split,
 * rows in input order):
 * {@code hadoop jar hadoopopt-inputformats.jar org.hadoopopt.inputformats.mapreduce.KvsfConvert
 * [-D hadoopopt.input.kvsf.codec=tuple] [-D hadoopopt.input.kvsf.page.bytes=131072] rankings|uservisits IN OUT}.
 * Rows are read by the mutable text reader, so the text follows
 * {@link org.hadoopopt.inputformats.record.ColumnGrammar}: a malformed row fails naming file, offset
 * and column, or with {@link BadRows#SKIP_BAD} is skipped and counted in this job's counters.
 * When the job succeeds the tool writes {@link CompleteOutput}'s marker into OUT, last, with
 * {@link #parameters} and the rows read and written.
 */
public class KvsfConvert extends Configured implements Tool {
  /** The command line (after the jar or the driver's program name). */
  public static final String USAGE = "[-D " + KvsfOutputFormat.CODEC + "=tuple|writable|protobuf] [-D "
      + KvsfOutputFormat.PAGE_SIZE + "=BYTES] rankings|uservisits|'name(column:TYPE,...)' TEXT_IN KVSF_OUT";

  /** Builds (does not submit) the conversion job. */
  public static Job createJob(org.apache.hadoop.conf.Configuration conf, Schema schema, Path in, Path out) throws java.io.IOException {
    BadRows.isSkipBad(conf); // a bad value fails here, naming the key
    Job job = Job.getInstance(conf, "kvsf-convert " + schema.name() + " " + in);
    job.setJarByClass(KvsfConvert.class);
    job.setInputFormatClass(SchemaTextInputFormat.class);
    SchemaTextInputFormat.setSchema(job, schema);
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

  /** What the output depends on, as recorded in its completeness marker. */
  public static Map<String, String> parameters(Configuration conf, Schema schema, Path in) {
    Map<String, String> p = new TreeMap<>();
    p.put("table", schema.name());
    p.put("input", in.toString());
    p.put("codec", conf.get(KvsfOutputFormat.CODEC, "tuple"));
    p.put("page.size", Integer.toString(KvsfOutputFormat.pageSize(conf)));
    p.put("skip.bad", Boolean.toString(BadRows.isSkipBad(conf)));
    return p;
  }

  @Override
  public int run(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("usage: KvsfConvert " + USAGE);
      return 2;
    }
    Schema schema = Schema.forName(args[0]);
    Path in = new Path(args[1]);
    Path out = new Path(args[2]);
    Job job = createJob(getConf(), schema, in, out);
    if (!job.waitForCompletion(true)) {
      return 1;
    }
    Map<String, Long> counts = new TreeMap<>();
    counts.put("rows.read", job.getCounters().findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue());
    counts.put("rows", job.getCounters().findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue());
    CompleteOutput.write(out.getFileSystem(getConf()), out, "KvsfConvert", parameters(getConf(), schema, in), counts);
    return 0;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new KvsfConvert(), args));
  }
}
