package org.hadoopopt.directio;

import java.io.StringWriter;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;

/** Captures what some loggers (log4j 1 / reload4j, Hadoop's backend) write while open. */
final class LogCapture implements AutoCloseable {
  private final StringWriter text = new StringWriter();
  private final Logger[] loggers;
  private final Level[] levels;
  private final WriterAppender appender;

  LogCapture(Class<?>... classes) {
    this(null, names(classes));
  }

  /** Captures the named loggers at {@code level} (null: as configured). */
  LogCapture(Level level, String... names) {
    appender = new WriterAppender(new PatternLayout("%p %c{1} %m%n"), text);
    loggers = new Logger[names.length];
    levels = new Level[names.length];
    for (int i = 0; i < names.length; i++) {
      loggers[i] = Logger.getLogger(names[i]);
      levels[i] = loggers[i].getLevel();
      if (level != null) {
        loggers[i].setLevel(level);
      }
      loggers[i].addAppender(appender);
    }
  }

  private static String[] names(Class<?>... classes) {
    String[] n = new String[classes.length];
    for (int i = 0; i < classes.length; i++) {
      n[i] = classes[i].getName();
    }
    return n;
  }

  String text() {
    synchronized (text) {
      return text.toString();
    }
  }

  @Override
  public void close() {
    for (int i = 0; i < loggers.length; i++) {
      loggers[i].removeAppender(appender);
      loggers[i].setLevel(levels[i]);
    }
  }
}
