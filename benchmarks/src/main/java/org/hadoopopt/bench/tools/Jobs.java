package org.hadoopopt.bench.tools;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapred.TIPStatus;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;

/** Runs a job to completion; a failed job becomes an exception carrying its tasks' diagnostics. */
public final class Jobs {
  private Jobs() {}

  /** Thrown when a job ends in any state but SUCCEEDED. */
  public static class JobFailedException extends IOException {
    private static final long serialVersionUID = 1L;

    public JobFailedException(String message) {
      super(message);
    }
  }

  /**
   * How often the client asks whether its job has ended, in ms, unless the user set Hadoop's
   * {@code mapreduce.client.progressmonitor.pollinterval}: Hadoop's default of 1 s rounds the time
   * of every job up to the next second, which hides what a sub-second job (an indexed selection)
   * really takes and would shrink every speedup the benchmark measures.
   */
  static final int POLL_INTERVAL_MS = 20;

  private static final String POLL_KEY = "mapreduce.client.progressmonitor.pollinterval";

  public static void run(Job job) throws IOException, InterruptedException {
    if (onlyDefault(job.getConfiguration(), POLL_KEY)) {
      job.getConfiguration().setInt(POLL_KEY, POLL_INTERVAL_MS);
    }
    boolean ok;
    try {
      ok = job.waitForCompletion(true);
    } catch (ClassNotFoundException e) {
      throw new IOException(e);
    }
    if (!ok) {
      throw new JobFailedException("job " + job.getJobName() + " (" + job.getJobID() + ") failed: "
          + job.getStatus().getFailureInfo() + diagnostics(job));
    }
  }

  /** Whether KEY has no value but the one from a Hadoop *-default.xml. */
  public static boolean onlyDefault(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    if (sources == null) {
      return true;
    }
    for (String s : sources) {
      if (!s.endsWith("-default.xml")) {
        return false;
      }
    }
    return true;
  }

  /** The diagnostics of failed tasks (what YARN shows; the local runner keeps none and logs the error). */
  private static String diagnostics(Job job) {
    List<String> out = new ArrayList<>();
    try {
      for (TaskType type : new TaskType[] {TaskType.MAP, TaskType.REDUCE}) {
        for (TaskReport r : job.getTaskReports(type)) {
          if (r.getCurrentStatus() == TIPStatus.FAILED && out.size() < 5) {
            for (String d : r.getDiagnostics()) {
              out.add(r.getTaskID() + ": " + d);
            }
          }
        }
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      out.add("(diagnostics unavailable: " + e + ")");
    }
    return out.isEmpty() ? "" : "\n" + String.join("\n", out);
  }
}
