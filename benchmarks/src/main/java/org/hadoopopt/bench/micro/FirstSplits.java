package org.hadoopopt.bench.micro;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Benchmark input format: the first {@link #COUNT} splits of another input format
 * ({@link #DELEGATE}), so a job can read a few full-size splits of a large real table without
 * copying it.
 */
public final class FirstSplits<K, V> extends InputFormat<K, V> {
  /** The input format whose splits are taken (a class name; no default, must be set). */
  public static final String DELEGATE = "hadoopopt.bench.first-splits.delegate";
  /** How many of its splits, in its order (default: all). */
  public static final String COUNT = "hadoopopt.bench.first-splits.count";

  @SuppressWarnings({"rawtypes"})
  public static void set(Configuration conf, Class<? extends InputFormat> delegate, int count) {
    conf.setClass(DELEGATE, delegate, InputFormat.class);
    conf.setInt(COUNT, count);
  }

  @Override
  public List<InputSplit> getSplits(JobContext context) throws IOException, InterruptedException {
    List<InputSplit> all = delegate(context.getConfiguration()).getSplits(context);
    int n = context.getConfiguration().getInt(COUNT, Integer.MAX_VALUE);
    if (n <= 0) {
      throw new IllegalArgumentException(COUNT + " must be positive, not " + n);
    }
    return n >= all.size() ? all : all.subList(0, n);
  }

  @Override
  public RecordReader<K, V> createRecordReader(InputSplit split, TaskAttemptContext context)
      throws IOException, InterruptedException {
    return delegate(context.getConfiguration()).createRecordReader(split, context);
  }

  @SuppressWarnings("unchecked")
  private InputFormat<K, V> delegate(Configuration conf) {
    Class<?> c = conf.getClass(DELEGATE, null);
    if (c == null) {
      throw new IllegalArgumentException(DELEGATE + " is not set");
    }
    return (InputFormat<K, V>) ReflectionUtils.newInstance(c, conf);
  }
}
