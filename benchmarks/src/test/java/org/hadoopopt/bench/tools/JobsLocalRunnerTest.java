package org.hadoopopt.bench.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.Test;

/**
 * The runner settings {@link Jobs#run} applies: in the local job runner no job jar copy (unless
 * {@link Jobs#LOCAL_SHIP_JOB_JAR}) and a short poll; elsewhere Hadoop's jar and the 20 ms poll;
 * a run's own poll interval always wins. (Every job of the module's LocalJobRunner tests is
 * submitted this way, without a job jar, and checks its answer.)
 */
class JobsLocalRunnerTest {
  private static JobConf conf(String framework) {
    JobConf c = new JobConf();
    c.set(Jobs.FRAMEWORK, framework);
    c.setJarByClass(JobsLocalRunnerTest.class);
    c.set(Jobs.JOB_JAR, "/some/job.jar"); // classes from a folder have no jar: name one
    return c;
  }

  @Test
  void theLocalRunnerSkipsTheJarAndPollsOften() {
    JobConf c = conf("local");
    Jobs.prepare(c);
    assertNull(c.get(Jobs.JOB_JAR));
    assertEquals(Jobs.LOCAL_POLL_INTERVAL_MS, c.getInt(Jobs.POLL_KEY, -1));
  }

  @Test
  void shippingCanBeAskedFor() {
    JobConf c = conf("local");
    Jobs.setLocalShipJobJar(c, true);
    Jobs.prepare(c);
    assertEquals("/some/job.jar", c.get(Jobs.JOB_JAR));
  }

  @Test
  void otherRunnersKeepTheJarAndTheLongerPoll() {
    JobConf c = conf("yarn");
    Jobs.prepare(c);
    assertEquals("/some/job.jar", c.get(Jobs.JOB_JAR));
    assertEquals(Jobs.POLL_INTERVAL_MS, c.getInt(Jobs.POLL_KEY, -1));
  }

  @Test
  void aRunsOwnPollIntervalWins() {
    JobConf c = conf("local");
    c.setInt(Jobs.POLL_KEY, 700);
    Jobs.prepare(c);
    assertEquals(700, c.getInt(Jobs.POLL_KEY, -1));
  }

  @Test
  void aBadValueFailsNamingKeyAndValue() {
    Configuration c = conf("local");
    c.set(Jobs.LOCAL_SHIP_JOB_JAR, "sometimes");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Jobs.prepare(c));
    assertTrue(e.getMessage().contains(Jobs.LOCAL_SHIP_JOB_JAR) && e.getMessage().contains("sometimes"), e.getMessage());
  }
}
