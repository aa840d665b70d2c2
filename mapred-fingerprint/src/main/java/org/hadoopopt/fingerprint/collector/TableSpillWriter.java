package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.IFile;
import org.apache.hadoop.mapred.IndexRecord;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.SpillRecord;
import org.hadoopopt.fingerprint.sort.RecordSorter;

/**
 * Writes the hash-grouping table as a spill: its entries in sorted order, each key followed by
 * its values, one IFile segment per partition (empty ones too), in the map-output codec: the
 * same file a sorting collector writes, so the merge and the shuffle read it unchanged. Without a
 * codec the segments are written from the raw bytes ({@link RawSegmentWriter}), those
 * with a codec through Hadoop's {@code IFile.Writer}.
 */
final class TableSpillWriter<K, V> {
  private final JobConf job;
  private final FileSystem rfs;
  private final Class<K> keyClass;
  private final Class<V> valClass;
  private final CompressionCodec codec;
  private final int partitions;
  private final Counters.Counter spilledRecords;

  TableSpillWriter(JobConf job, FileSystem rfs, Class<K> keyClass, Class<V> valClass, CompressionCodec codec,
      int partitions, Counters.Counter spilledRecords) {
    this.job = job;
    this.rfs = rfs;
    this.keyClass = keyClass;
    this.valClass = valClass;
    this.codec = codec;
    this.partitions = partitions;
    this.spilledRecords = spilledRecords;
  }

  /** Writes entries {@code order[0, table.entries)}, partition p at {@code order[sorter.partitionStart(p)...]}. */
  SpillRecord write(Path file, GroupTable table, int[] order, RecordSorter sorter) throws IOException {
    SpillRecord spill = new SpillRecord(partitions);
    DataInputBuffer key = new DataInputBuffer();
    DataInputBuffer value = new DataInputBuffer();
    ValueStore values = table.current;
    byte[] keys = table.keys.data;
    try (FSDataOutputStream out = rfs.create(file)) {
      int i = 0;
      for (int p = 0; p < partitions; p++) {
        long start = out.getPos();
        int j = sorter.partitionStart(p + 1);
        if (codec == null) {
          RawSegmentWriter raw = new RawSegmentWriter(out);
          for (int k = i; k < j; k++) {
            int e = order[k];
            int ks = table.index.keyStart(e);
            int kl = table.index.keyLength(e);
            for (int v = values.first(e); v >= 0; v = values.next(v)) {
              raw.append(keys, ks, kl, values.arena.data, values.valueStart(v), values.valueLength(v));
            }
          }
          raw.close(spilledRecords);
          spill.putIndex(new IndexRecord(start, raw.rawLength(), raw.onDiskLength()), p);
          i = j;
          continue;
        }
        IFile.Writer<K, V> writer = new IFile.Writer<K, V>(job, out, keyClass, valClass, codec, spilledRecords);
        try {
          for (int k = i; k < j; k++) {
            int e = order[k];
            key.reset(keys, table.index.keyStart(e), table.index.keyLength(e));
            for (int v = values.first(e); v >= 0; v = values.next(v)) {
              value.reset(values.arena.data, values.valueStart(v), values.valueLength(v));
              writer.append(key, value);
              key.reset(keys, table.index.keyStart(e), table.index.keyLength(e));
            }
          }
        } finally {
          writer.close();
        }
        spill.putIndex(new IndexRecord(start, writer.getRawLength(), writer.getCompressedLength()), p);
        i = j;
      }
      if (i != table.entries) {
        throw new IllegalStateException("table spill not in partition order: wrote " + i + " of " + table.entries
            + " keys");
      }
    }
    return spill;
  }
}
