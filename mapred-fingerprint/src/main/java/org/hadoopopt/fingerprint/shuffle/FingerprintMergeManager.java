package org.hadoopopt.fingerprint.shuffle;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalDirAllocator;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.IFile;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.reduce.MapOutput;
import org.apache.hadoop.mapreduce.task.reduce.MergeManager;
import org.hadoopopt.fingerprint.key.KeyFingerprinter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reduce side's merge manager for {@link FingerprintShuffle}: fetched map outputs stay in
 * memory while they fit the shuffle's budget ({@link ShuffleBudget}), else go to local disk; no
 * intermediate merges, so a fetcher never waits. {@link #close()} moves in-memory outputs to disk
 * while they hold more than the reduce's input buffer allows, then merges everything in one
 * pass ({@link FingerprintMerge}). The reduce-side combiner is not run: Hadoop runs it only in
 * intermediate merges, which this manager does not do.
 */
final class FingerprintMergeManager<K, V> implements MergeManager<K, V> {
  static final Logger LOG = LoggerFactory.getLogger(FingerprintMergeManager.class);

  private final TaskAttemptID reduceId;
  private final JobConf job;
  private final FileSystem rfs;
  private final LocalDirAllocator dirs;
  private final CompressionCodec codec;
  private final ShuffleBudget budget;
  private final KeyFingerprinter fingerprinter;
  private final RawComparator<?> comparator;
  private final Reporter reporter;
  private final Counters.Counter spilledRecords;
  private final Counters.Counter mergedMapOutputs;
  private final AtomicInteger files = new AtomicInteger();

  private long usedMemory;
  private final List<MemoryMapOutput<K, V>> inMemory = new ArrayList<>();
  private final List<DiskMapOutput<K, V>> onDisk = new ArrayList<>();

  FingerprintMergeManager(TaskAttemptID reduceId, JobConf job, FileSystem rfs, LocalDirAllocator dirs,
      CompressionCodec codec, ShuffleBudget budget, KeyFingerprinter fingerprinter, RawComparator<?> comparator,
      Reporter reporter, Counters.Counter spilledRecords, Counters.Counter mergedMapOutputs) {
    this.reduceId = reduceId;
    this.job = job;
    this.rfs = rfs;
    this.dirs = dirs;
    this.codec = codec;
    this.budget = budget;
    this.fingerprinter = fingerprinter;
    this.comparator = comparator;
    this.reporter = reporter;
    this.spilledRecords = spilledRecords;
    this.mergedMapOutputs = mergedMapOutputs;
  }

  /** Never blocks: an output that does not fit in memory goes to disk instead of waiting for a merge. */
  @Override
  public void waitForResource() {}

  @Override
  public MapOutput<K, V> reserve(TaskAttemptID mapId, long requestedSize, int fetcher) throws IOException {
    synchronized (this) {
      if (requestedSize <= budget.maxSingleOutput() && usedMemory + requestedSize <= budget.memoryLimit()) {
        usedMemory += requestedSize;
        return new MemoryMapOutput<>(mapId, this, (int) requestedSize, job, codec);
      }
    }
    return new DiskMapOutput<>(mapId, this, requestedSize, job, rfs, newFile(requestedSize));
  }

  private Path newFile(long size) throws IOException {
    String name = "fingerprint-merge/" + reduceId + "/output_" + files.getAndIncrement() + ".out";
    return dirs.getLocalPathForWrite(name, size, job);
  }

  synchronized void committed(MemoryMapOutput<K, V> out) {
    inMemory.add(out);
    reporter.getCounter(FingerprintMergeCounter.OUTPUTS_IN_MEMORY).increment(1);
  }

  synchronized void committed(DiskMapOutput<K, V> out) {
    onDisk.add(out);
    reporter.getCounter(FingerprintMergeCounter.OUTPUTS_ON_DISK).increment(1);
  }

  synchronized void released(MemoryMapOutput<K, V> out) {
    usedMemory -= out.getSize();
  }

  @Override
  public synchronized RawKeyValueIterator close() throws IOException {
    List<MergeSegment> segments = new ArrayList<>(inMemory.size() + onDisk.size());
    long kept = 0;
    for (MemoryMapOutput<K, V> m : inMemory) {
      kept += m.getSize();
    }
    // Largest first, as few as needed: what stays must fit the reduce's input buffer.
    List<MemoryMapOutput<K, V>> bySize = new ArrayList<>(inMemory);
    bySize.sort(Comparator.comparingLong((MemoryMapOutput<K, V> m) -> m.getSize()).reversed());
    Set<MemoryMapOutput<K, V>> toDisk = Collections.newSetFromMap(new IdentityHashMap<>());
    for (MemoryMapOutput<K, V> m : bySize) {
      if (kept > budget.reduceInputLimit() && m.getSize() > 0) {
        toDisk.add(m);
        kept -= m.getSize();
      }
    }
    // Segments in the order Hadoop's final merge puts them to its priority queue: outputs in
    // memory by Hadoop's MapOutputComparator (size, then reservation order), then those on disk,
    // shortest first (a stable sort, as Hadoop's).
    inMemory.sort(new MapOutput.MapOutputComparator<K, V>());
    int moved = 0;
    for (MemoryMapOutput<K, V> m : inMemory) {
      String name = "map output of " + m.getMapId() + " (in memory)";
      MemorySegment s = new MemorySegment(segments.size(), name, m.memory(), (int) m.getSize());
      if (toDisk.contains(m)) {
        segments.add(toDisk(s, segments.size()));
        usedMemory -= m.getSize();
        moved++;
      } else {
        segments.add(s);
      }
    }
    List<DiskMapOutput<K, V>> disk = new ArrayList<>(onDisk);
    disk.sort(Comparator.comparingLong((DiskMapOutput<K, V> d) -> d.getSize()));
    for (DiskMapOutput<K, V> d : disk) {
      segments.add(new DiskSegment(segments.size(), job, rfs, d.file(), d.getSize(), codec));
    }
    inMemory.clear();
    onDisk.clear();
    mergedMapOutputs.increment(segments.size());
    reporter.getCounter(FingerprintMergeCounter.SEGMENTS_MERGED).increment(segments.size());
    LOG.info("fingerprint merge of {} map outputs ({} moved from memory to disk, {} bytes kept in memory), "
        + "fingerprint {}", segments.size(), moved, kept, fingerprinter.describe());
    return new FingerprintMerge(segments, fingerprinter, comparator,
        reporter.getCounter(FingerprintMergeCounter.RECORDS_MERGED),
        reporter.getCounter(FingerprintMergeCounter.COMPARATOR_TIES));
  }

  /** Writes an in-memory output to a local IFile (the map-output codec, counted as spilled records). */
  private MergeSegment toDisk(MemorySegment s, int order) throws IOException {
    Path file = newFile(s.rawLength());
    DataInputBuffer key = new DataInputBuffer();
    DataInputBuffer value = new DataInputBuffer();
    long raw;
    try (FSDataOutputStream out = rfs.create(file, true)) {
      IFile.Writer<Object, Object> w = new IFile.Writer<>(job, out, null, null, codec, spilledRecords);
      while (s.next()) {
        key.reset(s.keyBytes, s.keyStart, s.keyLength);
        value.reset(s.valueBytes, s.valueStart, s.valueLength);
        w.append(key, value);
      }
      w.close();
      raw = w.getRawLength();
    }
    s.close();
    return new DiskSegment(order, job, rfs, file, raw, codec);
  }
}
