package org.hadoopopt.inputformats.codec;

import java.io.IOException;

/**
 * Decodes the records stored back to back in a byte range: lines for text, self-delimiting
 * records for the binary encodings. Mutable decoders return the same object from every
 * {@link #next()}; immutable ones a new object per record.
 */
public interface RecordDecoder<R> {
  /**
   * Starts on {@code buf[off, off+len)}. {@code source} and {@code sourceOffset} (the position of
   * {@code buf[off]} in that file) only serve error messages.
   */
  void reset(byte[] buf, int off, int len, String source, long sourceOffset);

  /** The next record, or null at the end of the range. */
  R next() throws IOException;
}
