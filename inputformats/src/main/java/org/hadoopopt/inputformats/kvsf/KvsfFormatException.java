package org.hadoopopt.inputformats.kvsf;

import java.io.IOException;

/** A file that is not a complete, well-formed KeyValueSequenceFile; the message names the file and where. */
public class KvsfFormatException extends IOException {
  private static final long serialVersionUID = 1L;

  public KvsfFormatException(String message) {
    super(message);
  }
}
