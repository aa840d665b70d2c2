package org.hadoopopt.bench.pavlo;

import java.io.IOException;

/** A row that cannot be decoded; the message names the file, the byte offset and the field. */
public class MalformedRowException extends IOException {
  private static final long serialVersionUID = 1L;

  public MalformedRowException(String message) {
    super(message);
  }
}
