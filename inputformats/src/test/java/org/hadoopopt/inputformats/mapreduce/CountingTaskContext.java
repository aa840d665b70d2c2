package org.hadoopopt.inputformats.mapreduce;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.StatusReporter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;

/** A map task's context for reading splits outside a job, whose counters land in {@code counters}. */
public final class CountingTaskContext {
  private CountingTaskContext() {}

  public static TaskAttemptContext of(Configuration conf, Counters counters, String jobName) {
    return new TaskAttemptContextImpl(conf, new TaskAttemptID(jobName, 1, TaskType.MAP, 0, 0), new StatusReporter() {
      @Override
      public Counter getCounter(Enum<?> name) {
        return counters.findCounter(name);
      }

      @Override
      public Counter getCounter(String group, String name) {
        return counters.findCounter(group, name);
      }

      @Override
      public void progress() {}

      @Override
      public float getProgress() {
        return 0;
      }

      @Override
      public void setStatus(String status) {}
    });
  }
}
