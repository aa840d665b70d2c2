package org.hadoopopt.fingerprint.shuffle;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.IFileInputStream;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.reduce.MapHost;
import org.apache.hadoop.mapreduce.task.reduce.MapOutput;
import org.apache.hadoop.mapreduce.task.reduce.ShuffleClientMetrics;

/**
 * A fetched map output copied as it arrives (compressed, with its checksum trailer) to a local
 * file, the checksum verified during the copy as Hadoop's on-disk output does; committed by a
 * rename, so a failed fetch leaves nothing behind.
 */
final class DiskMapOutput<K, V> extends MapOutput<K, V> {
  private static final int BUFFER = 64 * 1024;
  private final FingerprintMergeManager<K, V> manager;
  private final Configuration conf;
  private final FileSystem fs;
  private final Path file;
  private final Path tmp;

  DiskMapOutput(TaskAttemptID mapId, FingerprintMergeManager<K, V> manager, long size, Configuration conf,
      FileSystem fs, Path file) {
    super(mapId, size, true);
    this.manager = manager;
    this.conf = conf;
    this.fs = fs;
    this.file = file;
    this.tmp = file.suffix(".tmp");
  }

  Path file() {
    return file;
  }

  @Override
  public void shuffle(MapHost host, InputStream input, long compressedLength, long decompressedLength,
      ShuffleClientMetrics metrics, Reporter reporter) throws IOException {
    IFileInputStream in = new IFileInputStream(input, compressedLength, conf);
    long left = compressedLength;
    byte[] buf = new byte[BUFFER];
    try (OutputStream out = fs.create(tmp, true)) {
      while (left > 0) {
        int n = in.readWithChecksum(buf, 0, (int) Math.min(left, BUFFER));
        if (n < 0) {
          throw new IOException("map output of " + getMapId() + " ended " + left + " bytes before its announced "
              + compressedLength);
        }
        out.write(buf, 0, n);
        left -= n;
        metrics.inputBytes(n);
        reporter.progress();
      }
    }
  }

  @Override
  public void commit() throws IOException {
    if (!fs.rename(tmp, file)) {
      throw new IOException("cannot rename " + tmp + " to " + file);
    }
    manager.committed(this);
  }

  @Override
  public void abort() {
    try {
      fs.delete(tmp, false);
    } catch (IOException e) {
      FingerprintMergeManager.LOG.info("cannot delete " + tmp, e);
    }
  }

  @Override
  public String getDescription() {
    return "DISK (fingerprint merge)";
  }
}
