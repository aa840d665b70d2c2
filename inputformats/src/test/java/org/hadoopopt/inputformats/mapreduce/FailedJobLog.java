package org.hadoopopt.inputformats.mapreduce;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.mapreduce.Job;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/**
 * Runs a job that must fail and returns what Hadoop logged meanwhile (messages and exception
 * text): the local job runner keeps no task diagnostics, it logs a failed task's exception.
 */
public final class FailedJobLog extends AppenderSkeleton {
  private final List<String> lines = new ArrayList<>();

  private FailedJobLog() {}

  /** Runs {@code job} on the local runner, asserts that it failed, returns the log text. */
  public static String run(Job job) throws Exception {
    FailedJobLog log = new FailedJobLog();
    Logger.getRootLogger().addAppender(log);
    try {
      assertFalse(job.waitForCompletion(false), "the job must fail: " + job.getJobName());
    } finally {
      Logger.getRootLogger().removeAppender(log);
    }
    return log.text();
  }

  @Override
  protected synchronized void append(LoggingEvent e) {
    lines.add(String.valueOf(e.getMessage()));
    if (e.getThrowableStrRep() != null) {
      lines.addAll(List.of(e.getThrowableStrRep()));
    }
  }

  private synchronized String text() {
    return String.join("\n", lines);
  }

  @Override
  public void close() {}

  @Override
  public boolean requiresLayout() {
    return false;
  }
}
