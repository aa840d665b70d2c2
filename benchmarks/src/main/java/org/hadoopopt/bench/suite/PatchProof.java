package org.hadoopopt.bench.suite;

import java.io.File;
import java.io.IOException;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.util.Tool;
import org.hadoopopt.bench.pavlo.HadoopOptKeys;
import org.hadoopopt.bench.pavlo.jobs.BaselineTool;

/**
 * Proof that a patched variant measured the patched Hadoop, not stock: the JVM's {@code MapTask}
 * comes from the patched jar (the local runner runs its tasks with that class), and with
 * {@code +pfs}/{@code +pfsh} the patch's own counter says it sorted every map output record of
 * every job with a reduce, none declined.
 */
final class PatchProof {
  private PatchProof() {}

  /** Null when this JVM's {@code org.apache.hadoop.mapred.MapTask} is JAR's, else what it is. */
  static String mapTaskFrom(File jar) throws IOException {
    File from = PatchedClasses.codeSource(org.apache.hadoop.mapred.MapTask.class);
    if (from == null || !from.getCanonicalFile().equals(jar.getCanonicalFile())) {
      return "Hadoop's MapTask came from " + from + ", not from the patched " + jar;
    }
    return null;
  }

  /** Null when the fingerprint-sort patch ran as VARIANT asks (or it asks for none), else why not. */
  static String check(Tool tool, JobVariant v) throws IOException, InterruptedException {
    boolean on = v.has(JobVariant.Modifier.PFS) || v.has(JobVariant.Modifier.PFSH);
    if (!(tool instanceof BaselineTool)) {
      return on ? "cannot read " + tool.getClass().getName() + "'s job counters to check the patch ran" : null;
    }
    for (Job j : ((BaselineTool) tool).jobs()) {
      Counters c = j.getCounters();
      if (c == null) {
        return "job " + j.getJobName() + ": no counters to check the patch ran";
      }
      long sorted = c.findCounter(HadoopOptKeys.PATCH_SORT_COUNTERS, "RECORDS_SORTED").getValue();
      long declined = c.findCounter(HadoopOptKeys.PATCH_SORT_COUNTERS, "DECLINED").getValue();
      long records = c.findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue();
      if (!on) {
        if (sorted != 0 || declined != 0) {
          return "job " + j.getJobName() + ": the fingerprint sort ran with its key unset";
        }
        continue;
      }
      if (declined != 0) {
        return "job " + j.getJobName() + ": the patched MapOutputBuffer declined the fingerprint sort in " + declined
            + " map task(s) (its WARN names the reason)";
      }
      if (j.getNumReduceTasks() > 0 && sorted != records) {
        return "job " + j.getJobName() + ": the patch sorted " + sorted + " of " + records + " map output records";
      }
    }
    return null;
  }
}
