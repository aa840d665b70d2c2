package org.hadoopopt.bench.ideal;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;

/**
 * A cold sequential read of a file: opened with {@code O_DIRECT} (the JDK's
 * {@link ExtendedOpenOption#DIRECT}), so every byte comes from the device, not the page cache.
 * Verified by the thread's own I/O accounting ({@code /proc/thread-self/io}, {@code read_bytes}:
 * bytes this thread caused to be fetched from storage): a read counts as cold only when the device
 * delivered at least {@link #MIN_DEVICE_SHARE} of the file. Where the file system refuses
 * {@code O_DIRECT} (tmpfs) or the accounting is missing, the result says so instead of passing a
 * cache read off as a disk read.
 */
public final class ColdRead {
  /** Share of the file that must have come from the device for the read to count as cold. */
  public static final double MIN_DEVICE_SHARE = 0.9;
  static final File THREAD_IO = new File("/proc/thread-self/io");

  /** Bytes per second, the bytes read, and the bytes the device delivered (-1: not known). */
  public static final class Result {
    public final double bytesPerSecond;
    public final long bytes;
    public final long deviceBytes;

    Result(double bytesPerSecond, long bytes, long deviceBytes) {
      this.bytesPerSecond = bytesPerSecond;
      this.bytes = bytes;
      this.deviceBytes = deviceBytes;
    }

    /** The device delivered (nearly) all of it: a cold read. */
    public boolean verified() {
      return deviceBytes >= 0 && deviceBytes >= MIN_DEVICE_SHARE * bytes;
    }
  }

  private ColdRead() {}

  /**
   * Reads {@code f} with O_DIRECT in 1 MB requests; fails naming the file when the read is not
   * verifiably cold (O_DIRECT refused, no I/O accounting, or the device delivered too little).
   */
  public static Result read(File f) throws IOException {
    int align = 4096;
    ByteBuffer buf = ByteBuffer.allocateDirect((1 << 20) + align).alignedSlice(align);
    long before = deviceBytesRead();
    long n = 0;
    long t0 = System.nanoTime();
    try (FileChannel ch = FileChannel.open(f.toPath(), StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
      for (int r; (r = ch.read(buf)) > 0; buf.clear()) {
        n += r;
      }
    } catch (IOException | UnsupportedOperationException e) {
      throw new IOException(f + ": cannot be read with O_DIRECT here (" + e + "); a cold disk read needs a file"
          + " system that supports it", e);
    }
    double seconds = Math.max(1e-9, (System.nanoTime() - t0) / 1e9);
    long after = deviceBytesRead();
    Result res = new Result(n / seconds, n, before < 0 || after < 0 ? -1 : after - before);
    if (!res.verified()) {
      throw new IOException(f + ": the O_DIRECT read of " + n + " bytes was not verified cold: the device delivered "
          + (res.deviceBytes < 0 ? "an unknown number of bytes (no " + THREAD_IO + ")" : res.deviceBytes + " bytes"));
    }
    return res;
  }

  /** {@code read_bytes} of the calling thread, or -1 when the kernel does not account it. */
  static long deviceBytesRead() {
    try {
      for (String l : Files.readAllLines(THREAD_IO.toPath(), StandardCharsets.US_ASCII)) {
        if (l.startsWith("read_bytes:")) {
          return Long.parseLong(l.substring("read_bytes:".length()).trim());
        }
      }
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
    return -1;
  }
}
