package org.hadoopopt.fingerprint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.MapTask;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.hadoopopt.fingerprint.collector.FingerprintCollector;
import org.hadoopopt.fingerprint.collector.FingerprintCounter;
import org.hadoopopt.fingerprint.collector.HashGroupCollector;
import org.hadoopopt.fingerprint.collector.HashGroupCounter;
import org.hadoopopt.testing.LogCapture;
import org.junit.jupiter.api.Test;

/**
 * The hash-grouping collector listed cluster-wide, on jobs it cannot help: the next collector of
 * the list takes the task without an exception in the log (MapTask logs a WARN with a stack trace
 * for every collector whose init throws), one INFO line per map attempt names the reason and the
 * collector that took it, the decline is counted, and the output is stock's.
 */
class QuietDeclineLocalTest {
  private static final String MAP_TASK_WARNING = "Unable to initialize MapOutputCollector";

  private static LocalRun.Output runLogged(LocalRun local, Job job, Path in, List<String> lines) throws Exception {
    try (LogCapture log = LogCapture.root()) {
      LocalRun.Output out = local.run(job, in);
      lines.addAll(Arrays.asList(log.text().split("\n")));
      return out;
    }
  }

  private static void assertQuiet(List<String> log, String takenBy, int maps) {
    assertFalse(log.stream().anyMatch(l -> l.contains(MAP_TASK_WARNING)), "no collector's init threw: "
        + log.stream().filter(l -> l.contains(MAP_TASK_WARNING)).findFirst().orElse(""));
    List<String> declines = log.stream().filter(l -> l.contains("HashGroupCollector declines this task"))
        .collect(Collectors.toList());
    assertEquals(maps, declines.size(), "one line per map attempt: " + declines);
    for (String d : declines) {
      assertTrue(d.startsWith("INFO"), d);
      assertTrue(d.endsWith("map output collector: " + takenBy), d);
    }
    assertFalse(log.stream().anyMatch(l -> l.startsWith("WARN") && l.contains("HashGroupCollector")),
        "no warning from the hash-grouping collector");
  }

  @Test
  void jobWithoutCombinerGoesToTheFingerprintCollectorQuietly() throws Exception {
    LocalRun local = new LocalRun("QuietDeclineLocalTest-nocombiner");
    Path in = local.input("words", TestJobs.words(1, 3000), TestJobs.words(2, 2000));
    Configuration stockConf = local.conf();
    Job stockJob = TestJobs.wordCount(stockConf, 2);
    stockJob.getConfiguration().unset(MRJobConfig.COMBINE_CLASS_ATTR);
    LocalRun.Output stock = local.run(stockJob, in);

    Configuration conf = local.conf();
    HashGroupCollector.enable(conf);
    Job job = TestJobs.wordCount(conf, 2);
    job.getConfiguration().unset(MRJobConfig.COMBINE_CLASS_ATTR);
    List<String> log = new java.util.ArrayList<>();
    LocalRun.Output out = runLogged(local, job, in, log);
    assertQuiet(log, FingerprintCollector.class.getName(), 2);
    assertEquals(2, out.counters.findCounter(HashGroupCounter.DECLINED).getValue());
    assertEquals(out.counter(org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_RECORDS),
        out.counters.findCounter(FingerprintCounter.RECORDS_SORTED).getValue(), "the fingerprint collector sorted every record");
    assertEquals(0, out.counters.findCounter(HashGroupCounter.RECORDS_HASHED).getValue());
    for (int i = 0; i < stock.parts.size(); i++) {
      assertArrayEquals(stock.parts.get(i), out.parts.get(i), "part " + i);
    }
  }

  /** Encrypted intermediate data: the fingerprint collector declines too (its WARN), Hadoop's takes the task. */
  @Test
  void aJobBothDeclineGoesToHadoopsCollectorWithoutTryingTheFingerprintOneTwice() throws Exception {
    LocalRun local = new LocalRun("QuietDeclineLocalTest-encrypted");
    Path in = local.input("words", TestJobs.words(3, 2000));
    Configuration conf = local.conf();
    conf.setBoolean(MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA, true);
    HashGroupCollector.enable(conf);
    List<String> log = new java.util.ArrayList<>();
    LocalRun.Output out = runLogged(local, TestJobs.wordCount(conf, 1), in, log);
    assertQuiet(log, MapTask.MapOutputBuffer.class.getName(), 1);
    assertEquals(1, out.counters.findCounter(FingerprintCounter.DECLINED).getValue(), "the fingerprint collector was asked once");
    assertTrue(log.stream().anyMatch(l -> l.contains("HashGroupCollector declines this task: so does the fingerprint"
        + " collector it falls back to (encrypted intermediate data")), "the one line names the reason");
    assertEquals(1, out.counters.findCounter(HashGroupCounter.DECLINED).getValue());
    assertEquals(0, out.counters.findCounter(FingerprintCounter.RECORDS_SORTED).getValue());
    assertTrue(out.counter(org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_RECORDS) > 0);
  }
}
