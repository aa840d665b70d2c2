package org.hadoopopt.inputformats.record;

import java.io.IOException;

/** A record that does not follow its format; the message names the file, the byte offset and the field. */
public class MalformedRecordException extends IOException {
  private static final long serialVersionUID = 1L;

  public MalformedRecordException(String source, long offset, String field, String problem) {
    super(source + ", offset " + offset + (field == null ? "" : ", field " + field) + ": " + problem);
  }

  public MalformedRecordException(String source, long offset, String field, String problem, Throwable cause) {
    this(source, offset, field, problem);
    initCause(cause);
  }
}
