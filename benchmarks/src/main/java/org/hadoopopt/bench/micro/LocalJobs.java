package org.hadoopopt.bench.micro;

import java.io.File;
import org.apache.hadoop.conf.Configuration;

/** The configuration of the micro-benchmarks' jobs on the local job runner and file system. */
final class LocalJobs {
  private LocalJobs() {}

  /** Local runner and file system, Hadoop's temporary files under {@code tmp}, fast completion polling. */
  static Configuration conf(File tmp) {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    conf.set("mapreduce.framework.name", "local");
    conf.set("hadoop.tmp.dir", tmp.getPath());
    conf.setInt("mapreduce.client.completion.pollinterval", 50);
    return conf;
  }
}
