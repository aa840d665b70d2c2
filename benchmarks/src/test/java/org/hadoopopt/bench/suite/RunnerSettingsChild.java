package org.hadoopopt.bench.suite;

import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.bench.pavlo.Task;
import org.hadoopopt.bench.tools.Jobs;
import org.hadoopopt.bench.tools.TaskJars;
import org.hadoopopt.bench.tools.ToolArgs;

/**
 * The suite's settings as {@code hadoop jar ... suite} makes them, in a JVM of its own whose class
 * path starts with a cluster's configuration folder (for {@link RunnerSettingsTest}): the suite's
 * options on a new Configuration before any MapReduce class is loaded, then one job's keys
 * (aggregation, {@code mt+hash+dio}). Prints {@code KEY=VALUE} lines, {@code -} for a key that
 * has no value but Hadoop's defaults'.
 */
public final class RunnerSettingsChild {
  /** The keys printed, with the framework first. */
  static final String[] KEYS = {SuiteOptions.LOCAL_FS_KEY, SuiteOptions.LOCAL_MAPS, Execution.LOCAL_REDUCES,
      Execution.HDFS_CACHE_OFF, TaskJars.TMPJARS};

  private RunnerSettingsChild() {}

  public static void main(String[] args) throws Exception {
    Configuration conf = new Configuration(); // what ToolRunner hands the suite
    SuiteOptions.apply(ToolArgs.parse(new String[] {"/w"}, SuiteOptions.VALUED, SuiteOptions.FLAGS, 1), conf);
    Configuration job = Execution.configure(conf, Task.AGGREGATION, JobVariant.parse("mt+hash+dio"));
    System.out.println("framework=" + Jobs.framework(conf));
    for (String k : KEYS) {
      System.out.println(k + "=" + (Jobs.onlyDefault(job, k) ? "-" : job.get(k)));
    }
    System.exit(0);
  }
}
