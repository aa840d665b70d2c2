package org.hadoopopt.inputformats.kvsf;

import java.io.IOException;

/** The writer refuses a record whose encoding does not fit in one page: records never span pages. */
public class RecordTooLargeException extends IOException {
  private static final long serialVersionUID = 1L;

  public RecordTooLargeException(String message) {
    super(message);
  }
}
