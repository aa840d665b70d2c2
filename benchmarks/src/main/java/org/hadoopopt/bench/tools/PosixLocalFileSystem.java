package org.hadoopopt.bench.tools;

import org.apache.hadoop.fs.LocalFileSystem;

/**
 * Hadoop's checksummed local file system ({@code file:}) over {@link PosixRawLocalFileSystem}: set
 * {@code fs.file.impl} to this class to set local files' modes without starting a {@code chmod}
 * process per file when Hadoop's native library is absent. Everything else is Hadoop's own.
 */
public class PosixLocalFileSystem extends LocalFileSystem {
  public PosixLocalFileSystem() {
    super(new PosixRawLocalFileSystem());
  }
}
