package org.hadoopopt.bench.pavlo.jobs;

import java.io.DataInput;
import java.io.DataOutput;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.tools.ConfValues;
import org.hadoopopt.bench.tools.Jobs;
import org.hadoopopt.bench.tools.ToolArgs;

/**
 * {@code floor [--maps N] OUT}: Hadoop's job floor, the least a job costs on this runner and
 * cluster: a map-only job of N map tasks over empty splits (no file read, no record), each writing
 * an empty part file through the optimized variants' output format, committed as every job's
 * output is. What it takes is what the shortest tasks (an indexed selection, a pushed-down grep)
 * cannot go below.
 */
public final class FloorJob extends BaselineTool {
  /** The command line {@code hadoop jar hadoopopt-benchmarks-*.jar} takes, as the driver lists it. */
  public static final String USAGE = "floor [--maps N] OUT";

  /**
   * {@code hadoopopt.bench.floor.maps}, default: in the local job runner its map slots
   * ({@code mapreduce.local.map.tasks.maximum}, one wave, as the scans sized to the slots run),
   * elsewhere 1: map tasks of the empty job.
   */
  public static final String MAPS = "hadoopopt.bench.floor.maps";

  static int getMaps(Configuration conf) {
    int slots = Jobs.isLocalRunner(conf) ? Math.max(1, conf.getInt("mapreduce.local.map.tasks.maximum", 1)) : 1;
    return ConfValues.getInt(conf, MAPS, slots, 1);
  }

  /** A split of no bytes and no locations. */
  public static final class EmptySplit extends InputSplit implements Writable {
    @Override
    public long getLength() {
      return 0;
    }

    @Override
    public String[] getLocations() {
      return new String[0];
    }

    @Override
    public void write(DataOutput out) {
      // nothing to carry
    }

    @Override
    public void readFields(DataInput in) {
      // nothing to carry
    }
  }

  /** {@link #MAPS} empty splits, each read as no record. */
  public static final class EmptyInputFormat extends InputFormat<NullWritable, NullWritable> {
    @Override
    public List<InputSplit> getSplits(JobContext job) {
      List<InputSplit> splits = new ArrayList<>();
      for (int i = getMaps(job.getConfiguration()); i > 0; i--) {
        splits.add(new EmptySplit());
      }
      return splits;
    }

    @Override
    public RecordReader<NullWritable, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext ctx) {
      return new RecordReader<NullWritable, NullWritable>() {
        @Override
        public void initialize(InputSplit s, TaskAttemptContext c) {
          // no input
        }

        @Override
        public boolean nextKeyValue() {
          return false;
        }

        @Override
        public NullWritable getCurrentKey() {
          return NullWritable.get();
        }

        @Override
        public NullWritable getCurrentValue() {
          return NullWritable.get();
        }

        @Override
        public float getProgress() {
          return 1f;
        }

        @Override
        public void close() {
          // nothing open
        }
      };
    }
  }

  @Override
  String usage() {
    return USAGE;
  }

  @Override
  List<String> options() {
    return ToolArgs.names("maps");
  }

  @Override
  int paths() {
    return 1;
  }

  @Override
  void apply(ToolArgs a, Configuration conf) {
    copy(a, "maps", conf, MAPS);
  }

  @Override
  void runJobs(Configuration conf, ToolArgs a) throws Exception {
    Job job = Job.getInstance(conf, "pavlo-floor: an empty job of " + getMaps(conf) + " map(s)");
    job.setJarByClass(FloorJob.class);
    job.setInputFormatClass(EmptyInputFormat.class);
    job.setMapperClass(Mapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
    MutableVariants.output(job);
    FileOutputFormat.setOutputPath(job, new Path(a.positional(0)));
    submit(job);
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new FloorJob(), args));
  }
}
