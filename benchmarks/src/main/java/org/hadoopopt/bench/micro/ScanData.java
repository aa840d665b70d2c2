package org.hadoopopt.bench.micro;

import java.io.IOException;
import java.io.OutputStream;
import java.util.SplittableRandom;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The scan experiment's input: 100-byte text lines (99 letters and digits, a newline), written
 * once and reused while a file of the same length and block size is there.
 */
public final class ScanData {
  /** Bytes per line, newline included. */
  public static final int LINE = 100;
  private static final int PATTERN_LINES = 10_000;

  private ScanData() {}

  /**
   * Makes {@code path} a file of exactly {@code bytes} bytes with the given block size (0: the file
   * system's default). Returns true when it wrote the file, false when it reused one.
   */
  public static boolean ensure(FileSystem fs, Path path, long bytes, long blockSize) throws IOException {
    if (fs.exists(path)) {
      FileStatus st = fs.getFileStatus(path);
      if (st.getLen() == bytes && (blockSize <= 0 || st.getBlockSize() == blockSize)) {
        return false;
      }
      fs.delete(path, false);
    }
    long block = blockSize > 0 ? blockSize : fs.getDefaultBlockSize(path);
    byte[] pattern = pattern();
    try (OutputStream out = fs.create(path, true, 1 << 16, fs.getDefaultReplication(path), block)) {
      long left = bytes;
      while (left > 0) {
        int n = (int) Math.min(left, pattern.length);
        out.write(pattern, 0, n);
        left -= n;
      }
    }
    return true;
  }

  /** A block of lines repeated through the file: the scan reads bytes, their variety does not matter. */
  static byte[] pattern() {
    byte[] alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    SplittableRandom rnd = new SplittableRandom(7);
    byte[] p = new byte[PATTERN_LINES * LINE];
    for (int i = 0; i < p.length; i++) {
      p[i] = i % LINE == LINE - 1 ? (byte) '\n' : alphabet[rnd.nextInt(alphabet.length)];
    }
    return p;
  }
}
