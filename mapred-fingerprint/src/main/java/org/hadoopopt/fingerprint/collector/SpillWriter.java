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
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.mapred.SpillRecord;
import org.apache.hadoop.mapred.Task.CombineOutputCollector;
import org.apache.hadoop.mapred.Task.CombinerRunner;
import org.apache.hadoop.util.Progress;
import org.hadoopopt.fingerprint.sort.Prefetcher;
import org.hadoopopt.fingerprint.sort.RecordIndex;
import org.hadoopopt.fingerprint.sort.RecordSorter;

/**
 * Writes one sorted run as a spill file: one IFile segment per partition (empty ones too), in
 * the map-output codec, through the job's combiner when it has one, as Hadoop's own spill does.
 */
final class SpillWriter<K, V> {
  private final JobConf job;
  private final FileSystem rfs;
  private final Class<K> keyClass;
  private final Class<V> valClass;
  private final CompressionCodec codec;
  private final int partitions;
  private final Counters.Counter spilledRecords;
  private final CombinerRunner<K, V> combiner;
  private final CombineOutputCollector<K, V> combineCollector;
  /** Hadoop's summing combiner on raw bytes in the combiner's place, or null. */
  private final RawSumCombiner rawSum;
  /** Records are read in sorted order, all over the buffer: each chunk is brought into cache first. */
  private final Prefetcher prefetcher = new Prefetcher();

  SpillWriter(JobConf job, FileSystem rfs, Class<K> keyClass, Class<V> valClass, CompressionCodec codec,
      int partitions, Counters.Counter spilledRecords, CombinerRunner<K, V> combiner,
      CombineOutputCollector<K, V> combineCollector, RawSumCombiner rawSum) {
    this.job = job;
    this.rfs = rfs;
    this.keyClass = keyClass;
    this.valClass = valClass;
    this.codec = codec;
    this.partitions = partitions;
    this.spilledRecords = spilledRecords;
    this.combiner = combiner;
    this.combineCollector = combineCollector;
    this.rawSum = combiner == null ? null : rawSum;
  }

  /**
   * Writes records {@code order[0, n)} of {@code index} to {@code file}, partition {@code p}
   * being {@code order[sorter.partitionStart(p), sorter.partitionStart(p + 1))}; returns its index.
   */
  SpillRecord write(Path file, byte[] data, RecordIndex index, int[] order, RecordSorter sorter)
      throws IOException, InterruptedException, ClassNotFoundException {
    int n = index.size();
    SpillRecord spill = new SpillRecord(partitions);
    DataInputBuffer key = new DataInputBuffer();
    DataInputBuffer value = new DataInputBuffer();
    try (FSDataOutputStream out = rfs.create(file)) {
      int i = 0;
      for (int p = 0; p < partitions; p++) {
        long start = out.getPos();
        int j = sorter.partitionStart(p + 1);
        IFile.Writer<K, V> writer = new IFile.Writer<K, V>(job, out, keyClass, valClass, codec, spilledRecords);
        try {
          if (combiner == null) {
            for (int k = i; k < j; k++) {
              if ((k - i) % Prefetcher.CHUNK == 0) {
                prefetcher.touch(data, index, order, k, Math.min(j, k + Prefetcher.CHUNK));
              }
              int rec = order[k];
              key.reset(data, index.keyStart(rec), index.keyLength(rec));
              value.reset(data, index.valueStart(rec), index.valueLength(rec));
              writer.append(key, value);
            }
          } else if (j > i && rawSum != null) {
            rawSum.combine(data, index, order, i, j, writer, prefetcher);
          } else if (j > i) {
            combineCollector.setWriter(writer);
            combiner.combine(new RunIterator(data, index, order, i, j, prefetcher), combineCollector);
          }
        } finally {
          writer.close();
        }
        spill.putIndex(new IndexRecord(start, writer.getRawLength(), writer.getCompressedLength()), p);
        i = j;
      }
      if (i != n) {
        throw new IllegalStateException("sorted run not in partition order: wrote " + i + " of " + n + " records");
      }
    }
    return spill;
  }

  /**
   * Writes one record as a spill file of its own (every other partition an empty segment), from
   * the objects, as Hadoop writes a record too large for its buffer; adds what the record took
   * in the file to {@code outputBytes}.
   */
  SpillRecord writeSingle(Path file, K key, V value, int partition, Counters.Counter outputBytes) throws IOException {
    SpillRecord spill = new SpillRecord(partitions);
    try (FSDataOutputStream out = rfs.create(file)) {
      for (int p = 0; p < partitions; p++) {
        long start = out.getPos();
        IFile.Writer<K, V> writer = new IFile.Writer<K, V>(job, out, keyClass, valClass, codec, spilledRecords);
        try {
          if (p == partition) {
            long recordStart = out.getPos();
            writer.append(key, value);
            outputBytes.increment(out.getPos() - recordStart);
          }
        } finally {
          writer.close();
        }
        spill.putIndex(new IndexRecord(start, writer.getRawLength(), writer.getCompressedLength()), p);
      }
    }
    return spill;
  }

  /** The records {@code order[from, to)} as the combiner's input. */
  private static final class RunIterator implements RawKeyValueIterator {
    private final byte[] data;
    private final RecordIndex index;
    private final int[] order;
    private final int to;
    private final Prefetcher prefetcher;
    private int current;
    private int touched;
    private final DataInputBuffer key = new DataInputBuffer();
    private final DataInputBuffer value = new DataInputBuffer();

    RunIterator(byte[] data, RecordIndex index, int[] order, int from, int to, Prefetcher prefetcher) {
      this.data = data;
      this.index = index;
      this.order = order;
      this.to = to;
      this.prefetcher = prefetcher;
      this.current = from - 1;
      this.touched = from;
    }

    @Override
    public boolean next() {
      if (++current < to) {
        if (current == touched) {
          touched = Math.min(to, current + Prefetcher.CHUNK);
          prefetcher.touch(data, index, order, current, touched);
        }
        return true;
      }
      return false;
    }

    @Override
    public DataInputBuffer getKey() {
      int rec = order[current];
      key.reset(data, index.keyStart(rec), index.keyLength(rec));
      return key;
    }

    @Override
    public DataInputBuffer getValue() {
      int rec = order[current];
      value.reset(data, index.valueStart(rec), index.valueLength(rec));
      return value;
    }

    @Override
    public Progress getProgress() {
      return null;
    }

    @Override
    public void close() {}
  }
}
