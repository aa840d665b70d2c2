package org.hadoopopt.bench.pavlo;

import java.util.ArrayList;
import java.util.List;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/**
 * Collects what Hadoop logs (message and exception text) while open: the local job runner keeps
 * no task diagnostics, it logs a failed task's exception.
 */
final class LogCapture extends AppenderSkeleton implements AutoCloseable {
  private final List<String> lines = new ArrayList<>();

  LogCapture() {
    Logger.getRootLogger().addAppender(this);
  }

  @Override
  protected synchronized void append(LoggingEvent e) {
    lines.add(String.valueOf(e.getMessage()));
    if (e.getThrowableStrRep() != null) {
      lines.addAll(List.of(e.getThrowableStrRep()));
    }
  }

  synchronized String text() {
    return String.join("\n", lines);
  }

  @Override
  public void close() {
    Logger.getRootLogger().removeAppender(this);
  }

  @Override
  public boolean requiresLayout() {
    return false;
  }
}
