package org.hadoopopt.fingerprint.shuffle;

import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.io.compress.CodecPool;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.mapred.IFileInputStream;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.reduce.MapHost;
import org.apache.hadoop.mapreduce.task.reduce.MapOutput;
import org.apache.hadoop.mapreduce.task.reduce.ShuffleClientMetrics;

/**
 * A fetched map output kept in memory, decompressed, its IFile checksum verified while it is
 * read (as Hadoop's in-memory output does), so a corrupt transfer fails the fetch.
 */
final class MemoryMapOutput<K, V> extends MapOutput<K, V> {
  private final FingerprintMergeManager<K, V> manager;
  private final Configuration conf;
  private final CompressionCodec codec;
  private final byte[] memory;

  MemoryMapOutput(TaskAttemptID mapId, FingerprintMergeManager<K, V> manager, int size, Configuration conf,
      CompressionCodec codec) {
    super(mapId, size, true);
    this.manager = manager;
    this.conf = conf;
    this.codec = codec;
    this.memory = new byte[size];
  }

  byte[] memory() {
    return memory;
  }

  @Override
  public void shuffle(MapHost host, InputStream input, long compressedLength, long decompressedLength,
      ShuffleClientMetrics metrics, Reporter reporter) throws IOException {
    InputStream in = new IFileInputStream(input, compressedLength, conf);
    Decompressor decompressor = null;
    try {
      if (codec != null) {
        decompressor = CodecPool.getDecompressor(codec);
        in = codec.createInputStream(in, decompressor);
      }
      IOUtils.readFully(in, memory, 0, memory.length);
      // Reading one byte more makes the stream verify the checksum trailer and proves the length.
      if (in.read() >= 0) {
        throw new IOException("map output of " + getMapId() + " has more than the announced "
            + memory.length + " bytes");
      }
    } finally {
      if (decompressor != null) {
        CodecPool.returnDecompressor(decompressor);
      }
    }
    metrics.inputBytes(memory.length);
    reporter.progress();
  }

  @Override
  public void commit() {
    manager.committed(this);
  }

  @Override
  public void abort() {
    manager.released(this);
  }

  @Override
  public String getDescription() {
    return "MEMORY (fingerprint merge)";
  }
}
