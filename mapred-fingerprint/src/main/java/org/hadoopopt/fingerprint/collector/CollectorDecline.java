package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Task.TaskReporter;
import org.slf4j.Logger;

/**
 * A collector's decline: logged as a warning naming the reason and the collectors Hadoop tries
 * next, counted, and thrown as the exception that makes Hadoop try the next collector of the list.
 * Shared by the fingerprint and hash-grouping collectors.
 */
final class CollectorDecline {
  private CollectorDecline() {}

  /** The exception of a logged decline (rethrown as it is by a collector's {@code init}). */
  static final class Declined extends IOException {
    private static final long serialVersionUID = 1L;

    Declined(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** Logs and counts the decline of {@code collector}; returns the exception to throw. */
  static IOException decline(Logger log, String collector, String reason, String fallback, Throwable cause,
      TaskReporter reporter, Enum<?> counter) {
    String msg = collector + " declines this task: " + reason + "; falling back to " + fallback;
    log.warn(msg, cause);
    if (reporter != null) {
      reporter.getCounter(counter).increment(1);
    }
    return new Declined(msg, cause);
  }

  /**
   * Counts a decline that another collector reports (the hash-grouping collector names its
   * fallback's reason in its own line); returns the exception carrying the reason alone.
   */
  static IOException counted(String reason, Throwable cause, TaskReporter reporter, Enum<?> counter) {
    if (reporter != null) {
      reporter.getCounter(counter).increment(1);
    }
    return new Declined(reason, cause);
  }

  /** Reads a number from the job; an unparsable value is a decline naming the key. */
  static <T> T number(JobConf job, String key, Supplier<T> read, Function<String, IOException> decline)
      throws IOException {
    try {
      return read.get();
    } catch (NumberFormatException e) {
      throw decline.apply("invalid " + key + "=" + job.get(key) + " (" + e.getMessage() + ")");
    }
  }
}
