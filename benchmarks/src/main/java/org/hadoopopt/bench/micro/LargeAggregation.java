package org.hadoopopt.bench.micro;

import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;
import org.hadoopopt.bench.pavlo.jobs.AggregationJob;

/**
 * The Pavlo large aggregation as the job-level micro-benchmarks run it: sum of adRevenue by
 * sourceIP, the suite's baseline mapper, {@link LongSumReducer} as combiner, one reduce.
 */
final class LargeAggregation {
  private LargeAggregation() {}

  /** Sets the baseline mapper, the combiner, the reducer, the key and value classes and one reduce. */
  static void configure(Job job) {
    job.setMapperClass(AggregationJob.AggregationMapper.class);
    job.setCombinerClass(LongSumReducer.class);
    job.setReducerClass(AggregationJob.RevenueReducer.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(LongWritable.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setNumReduceTasks(1);
  }
}
