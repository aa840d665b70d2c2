package org.hadoopopt.fingerprint.shuffle;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.mapred.IFile;

/**
 * A map output on local disk, read through Hadoop's {@link IFile.Reader} (which verifies the
 * checksum and decompresses with the map-output codec); the file is deleted once read.
 */
final class DiskSegment extends MergeSegment {
  private final FileSystem fs;
  private final Path file;
  private final long rawLength;
  private final IFile.Reader<?, ?> reader;
  private final DataInputBuffer key = new DataInputBuffer();
  private final DataInputBuffer value = new DataInputBuffer();

  DiskSegment(int order, Configuration conf, FileSystem fs, Path file, long rawLength, CompressionCodec codec)
      throws IOException {
    super(order);
    this.fs = fs;
    this.file = file;
    this.rawLength = rawLength;
    this.reader = new IFile.Reader<Object, Object>(conf, fs, file, codec, null);
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
    fs.delete(file, false);
  }

  @Override
  String describe() {
    return "map output file " + file;
  }
}
