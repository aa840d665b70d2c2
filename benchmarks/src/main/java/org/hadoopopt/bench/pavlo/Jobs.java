package org.hadoopopt.bench.pavlo;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
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

  public static void run(Job job) throws IOException, InterruptedException {
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
