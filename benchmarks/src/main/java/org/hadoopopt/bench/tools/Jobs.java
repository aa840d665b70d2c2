package org.hadoopopt.bench.tools;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
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
  /**
   * The same in the local job runner, where asking is a method call in this JVM rather than an
   * RPC: a 20 ms poll added 10 ms on average to every job's end.
   */
  static final int LOCAL_POLL_INTERVAL_MS = 5;

  static final String POLL_KEY = "mapreduce.client.progressmonitor.pollinterval";
  /** Hadoop's {@code mapreduce.framework.name} (default {@code local}) and job jar key. */
  static final String FRAMEWORK = "mapreduce.framework.name";
  static final String JOB_JAR = "mapreduce.job.jar";

  /**
   * {@code hadoopopt.bench.local.ship.job.jar}, default {@code false}: whether a job run in the
   * local job runner still has its job jar ({@code mapreduce.job.jar}, set by
   * {@code Job.setJarByClass}) copied into the staging folder. The local job runner runs the tasks
   * in the submitting JVM with its class path and never loads the copy (6 MB for the benchmarks
   * jar: about 10 ms per job), so by default the key is cleared before submission (Hadoop then
   * logs "No job jar file set"); {@code true} keeps Hadoop's behaviour. Other runners always ship it.
   */
  public static final String LOCAL_SHIP_JOB_JAR = "hadoopopt.bench.local.ship.job.jar";

  public static void setLocalShipJobJar(Configuration conf, boolean ship) {
    conf.setBoolean(LOCAL_SHIP_JOB_JAR, ship);
  }

  /** {@link #LOCAL_SHIP_JOB_JAR}; a value other than true or false fails naming the key. */
  public static boolean isLocalShipJobJar(Configuration conf) {
    return ConfValues.getBoolean(conf, LOCAL_SHIP_JOB_JAR, false);
  }

  /** Whether jobs of CONF run in Hadoop's local job runner, their tasks in this JVM ({@link #framework}). */
  public static boolean isLocalRunner(Configuration conf) {
    return "local".equals(framework(conf));
  }

  /**
   * The framework a job made from CONF is submitted to ({@code mapreduce.framework.name}), read as
   * the job reads it: a {@link JobConf} adds mapred-site.xml, where a cluster's configuration names
   * YARN. A plain Configuration made before any JobConf class was loaded lacks that file, and read
   * there the key gives {@code local} on a YARN cluster.
   */
  public static String framework(Configuration conf) {
    return new JobConf(conf).getTrimmed(FRAMEWORK, "local");
  }

  /** The runner settings {@link #run} applies before submitting: the poll interval, and in the local runner no job jar copy. */
  static void prepare(Configuration conf) {
    boolean local = isLocalRunner(conf);
    if (onlyDefault(conf, POLL_KEY)) {
      conf.setInt(POLL_KEY, local ? LOCAL_POLL_INTERVAL_MS : POLL_INTERVAL_MS);
    }
    if (local && !isLocalShipJobJar(conf)) {
      conf.unset(JOB_JAR);
    }
  }

  public static void run(Job job) throws IOException, InterruptedException {
    prepare(job.getConfiguration());
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
