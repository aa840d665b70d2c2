package org.hadoopopt.shmstreaming;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;

/**
 * Captures what a LocalJobRunner job logs and what its Streaming program prints to stderr
 * (Streaming copies that to System.err): where the task's failure message ends up locally.
 */
final class LogCapture implements AutoCloseable {
  private final StringWriter log = new StringWriter();
  private final WriterAppender appender = new WriterAppender(new PatternLayout("%p %c - %m%n"), log);
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final PrintStream originalErr = System.err;

  LogCapture() {
    Logger.getRootLogger().addAppender(appender);
    System.setErr(new PrintStream(new TeeStream(originalErr, err), true));
  }

  String text() {
    synchronized (err) {
      return log + "\n" + new String(err.toByteArray(), StandardCharsets.UTF_8);
    }
  }

  @Override
  public void close() {
    Logger.getRootLogger().removeAppender(appender);
    System.setErr(originalErr);
  }

  private static final class TeeStream extends java.io.OutputStream {
    private final PrintStream a;
    private final ByteArrayOutputStream b;

    TeeStream(PrintStream a, ByteArrayOutputStream b) {
      this.a = a;
      this.b = b;
    }

    @Override
    public void write(int c) {
      a.write(c);
      synchronized (b) {
        b.write(c);
      }
    }

    @Override
    public void write(byte[] buf, int off, int len) {
      a.write(buf, off, len);
      synchronized (b) {
        b.write(buf, off, len);
      }
    }
  }
}
