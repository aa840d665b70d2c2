package org.hadoopopt.bench.pavlo.jobs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.Tool;
import org.hadoopopt.bench.pavlo.BadRecords;
import org.hadoopopt.bench.tools.Jobs;
import org.hadoopopt.bench.tools.ToolArgs;

/**
 * The shape of every baseline program: {@code [--option value]... PATH...} after Hadoop's generic
 * options; options are copied into configuration keys (so {@code -D key=value} works as well),
 * a usage error prints the usage line and returns 2.
 */
public abstract class BaselineTool extends Configured implements Tool {
  private final List<Job> jobs = new ArrayList<>();

  /** The jobs the last {@link #run} completed, in order (for their counters). */
  public List<Job> jobs() {
    return jobs;
  }

  /** Runs one job to success (or throws) and records it. */
  void submit(Job job) throws IOException, InterruptedException {
    Jobs.run(job);
    jobs.add(job);
  }

  abstract String usage();

  abstract List<String> options();

  abstract int paths();

  /** Copies the program's options into the job configuration. */
  abstract void apply(ToolArgs args, Configuration conf);

  abstract void runJobs(Configuration conf, ToolArgs args) throws Exception;

  @Override
  public final int run(String[] args) throws Exception {
    ToolArgs a;
    try {
      a = ToolArgs.parse(args, options(), ToolArgs.names(), paths());
    } catch (ToolArgs.UsageException e) {
      System.err.println(e.getMessage() + "\nusage: " + usage());
      return 2;
    }
    Configuration conf = new Configuration(getConf());
    apply(a, conf);
    BadRecords.isSkipBad(conf); // a bad value fails here, not in every task
    jobs.clear();
    runJobs(conf, a);
    return 0;
  }

  static void copy(ToolArgs a, String option, Configuration conf, String key) {
    if (a.has(option)) {
      conf.set(key, a.get(option));
    }
  }
}
