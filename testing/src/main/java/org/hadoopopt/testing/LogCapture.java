package org.hadoopopt.testing;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.hadoop.mapreduce.Job;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/**
 * Captures what Hadoop's logging backend (log4j 1 / reload4j) writes while open: one line
 * {@code LEVEL Logger message} per event, followed by the exception's text if any. The local job
 * runner keeps no task diagnostics (it logs a failed task's exception), so this is where a local
 * job's failure message is found. {@link #withStderr()} also records what is printed to
 * {@code System.err} (Hadoop Streaming copies its program's stderr there).
 */
public final class LogCapture extends AppenderSkeleton implements AutoCloseable {
  private final List<String> lines = new ArrayList<>();
  private final List<String> thrown = new ArrayList<>();
  private final Logger[] loggers;
  private final Level[] levels;
  private ByteArrayOutputStream err;
  private PrintStream originalErr;

  private LogCapture(Level level, Logger... loggers) {
    this.loggers = loggers;
    this.levels = new Level[loggers.length];
    for (int i = 0; i < loggers.length; i++) {
      levels[i] = loggers[i].getLevel();
      if (level != null) {
        loggers[i].setLevel(level);
      }
      loggers[i].addAppender(this);
    }
  }

  /** Captures everything the root logger passes on. */
  public static LogCapture root() {
    return new LogCapture(null, Logger.getRootLogger());
  }

  /** Captures the loggers named after {@code classes}, at their configured levels. */
  public static LogCapture of(Class<?>... classes) {
    String[] names = new String[classes.length];
    for (int i = 0; i < classes.length; i++) {
      names[i] = classes[i].getName();
    }
    return of(null, names);
  }

  /** Captures the named loggers, set to {@code level} while open (null: as configured). */
  public static LogCapture of(Level level, String... names) {
    Logger[] loggers = new Logger[names.length];
    for (int i = 0; i < names.length; i++) {
      loggers[i] = Logger.getLogger(names[i]);
    }
    return new LogCapture(level, loggers);
  }

  /**
   * Runs {@code job} (on the local runner, whose failed task's exception is only logged), asserts
   * that it failed and returns what was logged meanwhile.
   */
  public static String failedJob(Job job) throws Exception {
    try (LogCapture log = root()) {
      assertFalse(job.waitForCompletion(false), "the job must fail: " + job.getJobName());
      String id = job.getJobID().toString();
      // The local runner marks the job failed, then logs why (message: the job id): wait for it.
      return log.await(t -> log.loggedWithException(id));
    }
  }

  /**
   * The text once {@code want} holds for it, or after 30 s: a local job is marked failed (and
   * the client returns) just before the runner's thread logs the failure.
   */
  public String await(Predicate<String> want) throws InterruptedException {
    long end = System.nanoTime() + 30_000_000_000L;
    String t = text();
    while (!want.test(t) && System.nanoTime() < end) {
      Thread.sleep(20);
      t = text();
    }
    return t;
  }

  private synchronized boolean loggedWithException(String message) {
    return thrown.contains(message);
  }

  /** Also records {@code System.err} (still passed through) until closed. */
  public synchronized LogCapture withStderr() {
    if (err == null) {
      err = new ByteArrayOutputStream();
      originalErr = System.err;
      System.setErr(new PrintStream(new Tee(originalErr, err), true));
    }
    return this;
  }

  /** The log lines so far, then (with {@link #withStderr()}) what stderr received. */
  public String text() {
    StringBuilder b = new StringBuilder();
    synchronized (this) {
      for (String line : lines) {
        b.append(line).append('\n');
      }
    }
    if (err != null) {
      synchronized (err) {
        b.append('\n').append(new String(err.toByteArray(), StandardCharsets.UTF_8));
      }
    }
    return b.toString();
  }

  @Override
  protected synchronized void append(LoggingEvent e) {
    String name = e.getLoggerName();
    lines.add(e.getLevel() + " " + name.substring(name.lastIndexOf('.') + 1) + " " + e.getRenderedMessage());
    if (e.getThrowableStrRep() != null) {
      lines.addAll(List.of(e.getThrowableStrRep()));
      thrown.add(e.getRenderedMessage());
    }
  }

  @Override
  public void close() {
    for (int i = 0; i < loggers.length; i++) {
      loggers[i].removeAppender(this);
      loggers[i].setLevel(levels[i]);
    }
    synchronized (this) {
      if (originalErr != null) {
        System.setErr(originalErr);
        originalErr = null;
      }
    }
  }

  @Override
  public boolean requiresLayout() {
    return false;
  }

  /** Writes to the original stream and the record. */
  private static final class Tee extends OutputStream {
    private final PrintStream original;
    private final ByteArrayOutputStream record;

    Tee(PrintStream original, ByteArrayOutputStream record) {
      this.original = original;
      this.record = record;
    }

    @Override
    public void write(int c) {
      original.write(c);
      synchronized (record) {
        record.write(c);
      }
    }

    @Override
    public void write(byte[] buf, int off, int len) {
      original.write(buf, off, len);
      synchronized (record) {
        record.write(buf, off, len);
      }
    }
  }
}
