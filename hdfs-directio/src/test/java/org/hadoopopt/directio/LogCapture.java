package org.hadoopopt.directio;

import java.io.StringWriter;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;

/** Captures what one logger (log4j 1 / reload4j, Hadoop's backend) writes while open. */
final class LogCapture implements AutoCloseable {
  private final StringWriter text = new StringWriter();
  private final Logger logger;
  private final WriterAppender appender;

  LogCapture(Class<?> cls) {
    logger = Logger.getLogger(cls);
    appender = new WriterAppender(new PatternLayout("%p %m%n"), text);
    logger.addAppender(appender);
  }

  String text() {
    return text.toString();
  }

  @Override
  public void close() {
    logger.removeAppender(appender);
  }
}
