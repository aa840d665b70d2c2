package org.hadoopopt.shmstreaming.io;

/**
 * The records of a block of program output, split as Streaming's {@code TextOutputReader} splits
 * what it reads from the program's stdout: a line ends at a newline, a carriage return, or a
 * carriage return and newline (Hadoop's {@code LineReader}); its key ends at the
 * {@code numKeyFields}-th field separator (the whole line when it has fewer), and its value is the
 * rest. So a block gives the records a pipe would have given for the same bytes.
 */
final class OutputLines {
  private final byte[] separator;
  private final int numKeyFields;
  private byte[] buf;
  private int pos;
  private int end;
  private int lineStart;
  private int lineEnd;

  OutputLines(byte[] separator, int numKeyFields) {
    this.separator = separator;
    this.numKeyFields = numKeyFields;
  }

  /** Starts on the lines of {@code b[0, len)}. */
  void reset(byte[] b, int len) {
    buf = b;
    pos = 0;
    end = len;
  }

  /** Moves to the next line; false when the block is used up. */
  boolean next() {
    if (pos >= end) {
      return false;
    }
    byte[] b = buf;
    int i = pos;
    lineStart = i;
    while (i < end) {
      byte c = b[i];
      if (c == '\n') {
        lineEnd = i;
        pos = i + 1;
        return true;
      }
      if (c == '\r') {
        lineEnd = i;
        pos = i + 1 < end && b[i + 1] == '\n' ? i + 2 : i + 1;
        return true;
      }
      i++;
    }
    lineEnd = end;
    pos = end;
    return true;
  }

  int start() {
    return lineStart;
  }

  int end() {
    return lineEnd;
  }

  /** Where the current line's key ends (the separator's position), or -1: the whole line is the key. */
  int keyEnd() {
    return keyEnd(buf, lineStart, lineEnd);
  }

  /** Where the key of the record {@code b[from, to)} ends, or -1. */
  int keyEnd(byte[] b, int from, int to) {
    int p = find(b, from, to);
    for (int k = 1; k < numKeyFields && p >= 0; k++) {
      p = find(b, p + separator.length, to);
    }
    return p;
  }

  private int find(byte[] b, int from, int to) {
    byte first = separator[0];
    for (int i = from; i <= to - separator.length; i++) {
      if (b[i] == first) {
        int j = 1;
        while (j < separator.length && b[i + j] == separator[j]) {
          j++;
        }
        if (j == separator.length) {
          return i;
        }
      }
    }
    return -1;
  }

  int separatorLength() {
    return separator.length;
  }
}
