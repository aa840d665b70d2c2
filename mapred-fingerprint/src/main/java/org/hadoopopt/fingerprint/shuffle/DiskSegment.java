package org.hadoopopt.fingerprint.shuffle;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.mapred.IFile;

/**
 * An IFile segment on local disk, read through Hadoop's {@link IFile.Reader} (which verifies the
 * checksum and decompresses with the map-output codec): a fetched map output, deleted once read,
 * or one partition's region of a map task's spill file, which its owner deletes.
 */
final class DiskSegment extends MergeSegment {
  private final FileSystem fs;
  private final Path file;
  private final long rawLength;
  private final IFile.Reader<?, ?> reader;
  private final DataInputBuffer key = new DataInputBuffer();
  private final DataInputBuffer value = new DataInputBuffer();
  private final boolean deleteWhenRead;

  /** A whole file, deleted once read. */
  DiskSegment(int order, Configuration conf, FileSystem fs, Path file, long rawLength, CompressionCodec codec)
      throws IOException {
    super(order);
    this.fs = fs;
    this.file = file;
    this.rawLength = rawLength;
    this.reader = new IFile.Reader<Object, Object>(conf, fs, file, codec, null);
    this.deleteWhenRead = true;
  }

  /** The region {@code [start, start + length)} of {@code file}, left in place. */
  DiskSegment(int order, Configuration conf, FileSystem fs, Path file, long start, long length, long rawLength,
      CompressionCodec codec) throws IOException {
    super(order);
    this.fs = fs;
    this.file = file;
    this.rawLength = rawLength;
    FSDataInputStream in = fs.open(file);
    try {
      in.seek(start);
      this.reader = new IFile.Reader<Object, Object>(conf, in, length, codec, null);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
    this.deleteWhenRead = false;
  }

  @Override
  boolean next() throws IOException {
    try {
      if (!reader.nextRawKey(key)) {
        return false;
      }
      reader.nextRawValue(value);
    } catch (IOException e) {
      throw new IOException(describe() + ": cannot read record at offset " + reader.getPosition() + ": "
          + e.getMessage(), e);
    }
    keyBytes = key.getData();
    keyStart = key.getPosition();
    keyLength = key.getLength() - key.getPosition();
    valueBytes = value.getData();
    valueStart = value.getPosition();
    valueLength = value.getLength() - value.getPosition();
    return true;
  }

  @Override
  long rawLength() {
    return rawLength;
  }

  @Override
  void close() throws IOException {
    reader.close();
    if (deleteWhenRead) {
      fs.delete(file, false);
    }
  }

  @Override
  String describe() {
    return "map output file " + file;
  }
}
