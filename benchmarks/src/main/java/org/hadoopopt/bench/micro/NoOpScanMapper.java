package org.hadoopopt.bench.micro;

import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * The scan experiment's mapper: reads its split's records and does nothing with them. It counts its
 * own task (the local job runner keeps no launched-maps counter), so the map count is measured the
 * same way on every runner.
 */
public class NoOpScanMapper extends Mapper<LongWritable, Text, NullWritable, NullWritable> {
  /** Counter group of the scan job. */
  public enum Counter {
    /** Map tasks that ran to completion. */
    MAP_TASKS
  }

  @Override
  protected void setup(Context context) {
    context.getCounter(Counter.MAP_TASKS).increment(1);
  }

  @Override
  protected void map(LongWritable key, Text value, Context context) {
    // no-op: the job measures reading and per-task cost, not processing
  }
}
