package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A job's {@link FileOutputFormat}, wrapped so that writing a record costs no walk of the file
 * system statistics. MapTask (map-only jobs) and ReduceTask take the output path's statistics,
 * summed over every thread that ever used the scheme, before and after every record written, but
 * only when the job's output format is a {@code FileOutputFormat}: profiled, that walk was a third
 * of a reduce task's time on an aggregation writing 100,000 lines. This format is not one; it
 * hands every call to the wrapped format (same files, same committer, same output checks) and
 * counts {@code File Output Format Counters/Bytes Written} itself from the writing thread's own
 * statistics around the same calls, so the counter equals Hadoop's for one task at a time (and
 * stays right with several local tasks at once, where Hadoop's also counts the others' writes).
 *
 * <p>{@code CountedOutputFormat.wrap(job, TextOutputFormat.class)}; the output path is set as usual
 * ({@code FileOutputFormat.setOutputPath}). New MapReduce API only.
 */
public class CountedOutputFormat<K, V> extends OutputFormat<K, V> {
  /**
   * {@code hadoopopt.input.counted.output.format}: the wrapped output format, a subclass of the new API's
   * {@code FileOutputFormat}; default {@code TextOutputFormat}. A class that is not one (or is this
   * one) fails the job at submission, naming the key and the value.
   */
  public static final String FORMAT = "hadoopopt.input.counted.output.format";

  private FileOutputFormat<K, V> wrapped;

  /** Makes the job write through FORMAT, wrapped. */
  @SuppressWarnings("rawtypes")
  public static void wrap(Job job, Class<? extends FileOutputFormat> format) {
    job.getConfiguration().setClass(FORMAT, format, FileOutputFormat.class);
    job.setOutputFormatClass(CountedOutputFormat.class);
  }

  /** The wrapped format of CONF, made once per instance. */
  @SuppressWarnings("unchecked")
  FileOutputFormat<K, V> wrapped(Configuration conf) {
    if (wrapped == null) {
      String name = conf.getTrimmed(FORMAT, TextOutputFormat.class.getName());
      Class<?> c;
      try {
        c = conf.getClassByName(name);
      } catch (ClassNotFoundException e) {
        throw new IllegalArgumentException(FORMAT + " = '" + name + "': class not found", e);
      }
      if (!FileOutputFormat.class.isAssignableFrom(c) || CountedOutputFormat.class.isAssignableFrom(c)) {
        throw new IllegalArgumentException(FORMAT + " = '" + name + "': not a subclass of "
            + FileOutputFormat.class.getName() + " (the new MapReduce API's)");
      }
      wrapped = (FileOutputFormat<K, V>) ReflectionUtils.newInstance(c, conf);
    }
    return wrapped;
  }

  @Override
  public RecordWriter<K, V> getRecordWriter(TaskAttemptContext ctx) throws IOException, InterruptedException {
    FileOutputFormat<K, V> format = wrapped(ctx.getConfiguration());
    TaskByteCount count = TaskByteCount.writes(FileOutputFormat.getOutputPath(ctx), ctx);
    count.begin();
    RecordWriter<K, V> real = format.getRecordWriter(ctx);
    count.end();
    return new Writer<K, V>(real, count);
  }

  @Override
  public void checkOutputSpecs(JobContext ctx) throws IOException, InterruptedException {
    wrapped(ctx.getConfiguration()).checkOutputSpecs(ctx);
  }

  @Override
  public OutputCommitter getOutputCommitter(TaskAttemptContext ctx) throws IOException, InterruptedException {
    return wrapped(ctx.getConfiguration()).getOutputCommitter(ctx);
  }

  /** The wrapped writer, measured around each call; the counter is added to on close. */
  private static final class Writer<K, V> extends RecordWriter<K, V> {
    private final RecordWriter<K, V> real;
    private final TaskByteCount count;

    Writer(RecordWriter<K, V> real, TaskByteCount count) {
      this.real = real;
      this.count = count;
    }

    @Override
    public void write(K key, V value) throws IOException, InterruptedException {
      count.begin();
      real.write(key, value);
      count.end();
    }

    @Override
    public void close(TaskAttemptContext context) throws IOException, InterruptedException {
      count.begin();
      try {
        real.close(context);
      } finally {
        count.end();
        count.flush();
      }
    }
  }
}
