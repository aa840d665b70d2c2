package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The stream a serializer is opened on once, writing into whichever arena is current: the
 * hash-grouping table swaps its value arenas at every fold, and Hadoop's serializers cannot be
 * re-opened on another stream.
 */
final class ForwardingStream extends OutputStream {
  OutputStream target;

  @Override
  public void write(int b) throws IOException {
    target.write(b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    target.write(b, off, len);
  }
}
