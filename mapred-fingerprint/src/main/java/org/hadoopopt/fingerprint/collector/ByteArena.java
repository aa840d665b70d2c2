package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * A byte array filled from the front up to a fixed capacity, as an {@link OutputStream} for the
 * job's serializers: a write past the capacity throws {@link Full} (nothing of it kept beyond
 * the capacity), so the caller rolls back to the record's start and makes room.
 */
final class ByteArena extends OutputStream {
  /** Thrown when a write does not fit; the arena keeps what fitted, the caller rolls back. */
  static final class Full extends IOException {
    private static final long serialVersionUID = 1L;

    Full(int capacity) {
      super("arena of " + capacity + " bytes is full", null);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
      return this; // thrown on a normal path (a full table): no stack walk
    }
  }

  byte[] data;
  int size;

  ByteArena(int capacity) {
    data = new byte[capacity];
  }

  int capacity() {
    return data.length;
  }

  @Override
  public void write(int b) throws IOException {
    if (size == data.length) {
      throw new Full(data.length);
    }
    data[size++] = (byte) b;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    if (len > data.length - size) {
      throw new Full(data.length);
    }
    System.arraycopy(b, off, data, size, len);
    size += len;
  }

  /** Appends {@code len} bytes or throws {@link Full}. */
  void append(byte[] b, int off, int len) throws IOException {
    write(b, off, len);
  }

  boolean equalsAt(int start, byte[] other, int otherStart, int len) {
    return Arrays.equals(data, start, start + len, other, otherStart, otherStart + len);
  }
}
