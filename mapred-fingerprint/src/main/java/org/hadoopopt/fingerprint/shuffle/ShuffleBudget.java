package org.hadoopopt.fingerprint.shuffle;

import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * The reduce side's memory budget, from Hadoop's own keys read as Hadoop's merge manager reads
 * them: the shuffle buffer ({@code mapreduce.reduce.shuffle.input.buffer.percent}, default 0.70,
 * of {@code mapreduce.reduce.memory.totalbytes}, default the heap), the largest single output
 * kept in memory ({@code mapreduce.reduce.shuffle.memory.limit.percent}, default 0.25, of the
 * buffer), and what may stay in memory while the reducer runs
 * ({@code mapreduce.reduce.input.buffer.percent}, default 0, of the buffer). A value outside
 * [0, 1] fails naming its key.
 */
final class ShuffleBudget {
  private static final float DEFAULT_SINGLE_LIMIT = 0.25f;

  private final long memoryLimit;
  private final long maxSingleOutput;
  private final long reduceInputLimit;

  ShuffleBudget(JobConf job) {
    float buffer = fraction(job, MRJobConfig.SHUFFLE_INPUT_BUFFER_PERCENT,
        MRJobConfig.DEFAULT_SHUFFLE_INPUT_BUFFER_PERCENT);
    float single = fraction(job, MRJobConfig.SHUFFLE_MEMORY_LIMIT_PERCENT, DEFAULT_SINGLE_LIMIT);
    float reduce = fraction(job, MRJobConfig.REDUCE_INPUT_BUFFER_PERCENT, 0f);
    long total = job.getLong(MRJobConfig.REDUCE_MEMORY_TOTAL_BYTES, Runtime.getRuntime().maxMemory());
    memoryLimit = (long) (total * buffer);
    maxSingleOutput = Math.min((long) (memoryLimit * single), Integer.MAX_VALUE - 8);
    reduceInputLimit = (long) (memoryLimit * reduce);
  }

  private static float fraction(JobConf job, String key, float dflt) {
    float v;
    try {
      v = job.getFloat(key, dflt);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("invalid " + key + "=" + job.get(key) + ": not a number", e);
    }
    if (!(v >= 0f && v <= 1f)) {
      throw new IllegalArgumentException("invalid " + key + "=" + job.get(key) + ": must be within [0, 1]");
    }
    return v;
  }

  long memoryLimit() {
    return memoryLimit;
  }

  long maxSingleOutput() {
    return maxSingleOutput;
  }

  long reduceInputLimit() {
    return reduceInputLimit;
  }
}
