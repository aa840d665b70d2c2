package org.hadoopopt.bench.tools;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.Test;

/** The benchmark's programs shorten the client's poll interval only where the user left Hadoop's default. */
class JobsPollIntervalTest {
  private static final String KEY = "mapreduce.client.progressmonitor.pollinterval";

  @Test
  void hadoopsDefaultIsReplacedButAUsersValueIsKept() {
    JobConf conf = new JobConf();
    assertTrue(conf.get(KEY) != null, "mapred-default.xml should define " + KEY);
    assertTrue(Jobs.onlyDefault(conf, KEY));
    conf.setInt(KEY, 700);
    assertFalse(Jobs.onlyDefault(conf, KEY));
  }
}
