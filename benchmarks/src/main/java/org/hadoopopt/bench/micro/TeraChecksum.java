package org.hadoopopt.bench.micro;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.CRC32;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The TeraSort checksum computed independently of Hadoop's jobs: the sum of the CRC32 of every
 * 100-byte row (10-byte key, 90-byte value), as TeraGen and TeraValidate add them up; its low
 * 64 bits are what TeraValidate's report ends in. Order-independent, so the unsorted input and
 * every sorted output must agree.
 */
final class TeraChecksum {
  static final int ROW = 100;
  private long low64;
  private long rows;

  private TeraChecksum() {}

  /** Over the {@code part-*} files of {@code dir}. */
  static TeraChecksum of(FileSystem fs, Path dir) throws IOException {
    TeraChecksum t = new TeraChecksum();
    FileStatus[] parts = fs.listStatus(dir, p -> p.getName().startsWith("part-"));
    Arrays.sort(parts);
    byte[] row = new byte[ROW];
    CRC32 crc = new CRC32();
    for (FileStatus p : parts) {
      try (InputStream in = new java.io.BufferedInputStream(fs.open(p.getPath()), 1 << 16)) {
        while (readRow(in, row, p.getPath())) {
          crc.reset();
          crc.update(row, 0, ROW);
          t.low64 += crc.getValue();
          t.rows++;
        }
      }
    }
    return t;
  }

  private static boolean readRow(InputStream in, byte[] row, Path file) throws IOException {
    int n = 0;
    while (n < ROW) {
      int r = in.read(row, n, ROW - n);
      if (r < 0) {
        if (n == 0) {
          return false;
        }
        throw new EOFException(file + " ends inside a row (" + n + " of " + ROW + " bytes)");
      }
      n += r;
    }
    return true;
  }

  long low64() {
    return low64;
  }

  long rows() {
    return rows;
  }
}
