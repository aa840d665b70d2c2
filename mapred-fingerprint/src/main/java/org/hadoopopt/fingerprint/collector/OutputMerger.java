package org.hadoopopt.fingerprint.collector;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.IFile;
import org.apache.hadoop.mapred.IndexRecord;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapOutputFile;
import org.apache.hadoop.mapred.Merger;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.SpillRecord;
import org.apache.hadoop.mapred.Task.CombineOutputCollector;
import org.apache.hadoop.mapred.Task.CombinerRunner;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.util.Progress;
import org.hadoopopt.fingerprint.key.KeyFingerprinter;
import org.hadoopopt.fingerprint.key.PrefixFingerprinters;
import org.hadoopopt.fingerprint.shuffle.FingerprintMergeCounter;
import org.hadoopopt.fingerprint.shuffle.FingerprintShuffle;
import org.hadoopopt.fingerprint.shuffle.SpillMerge;

/**
 * Turns the spills into the one map output file and its index that the shuffle serves: no
 * spill gives empty segments, one spill is renamed into place, more are merged per partition
 * in one pass comparing fingerprints first ({@link SpillMerge}: Hadoop's priority queue and steps,
 * so equal keys of different spills come out in stock's order) up to {@code mapreduce.task.io.sort.factor}
 * spills, and with Hadoop's {@link Merger} beyond, through the combiner when there are at least
 * {@code mapreduce.map.combine.minspills} spills, as Hadoop's own collector does.
 */
final class OutputMerger<K, V> {
  /** Upper bound of an empty IFile segment's header and trailer, for the size estimate. */
  private static final int SEGMENT_OVERHEAD = 150;
  private static final int INDEX_RECORD_LENGTH = 24;

  private final JobConf job;
  private final RawLocalFileSystem rfs;
  private final MapOutputFile files;
  private final Class<K> keyClass;
  private final Class<V> valClass;
  private final CompressionCodec codec;
  private final int partitions;
  private final Counters.Counter spilledRecords;

  OutputMerger(JobConf job, RawLocalFileSystem rfs, MapOutputFile files, Class<K> keyClass, Class<V> valClass,
      CompressionCodec codec, int partitions, Counters.Counter spilledRecords) {
    this.job = job;
    this.rfs = rfs;
    this.files = files;
    this.keyClass = keyClass;
    this.valClass = valClass;
    this.codec = codec;
    this.partitions = partitions;
    this.spilledRecords = spilledRecords;
  }

  /** @return the final output file */
  Path merge(List<Path> spills, List<SpillRecord> indexes, RawComparator<K> comparator, KeyFingerprinter fingerprinter,
      String tmpName,
      Reporter reporter, Progress sortPhase, CombinerRunner<K, V> combiner, CombineOutputCollector<K, V> combineCollector)
      throws IOException, InterruptedException, ClassNotFoundException {
    if (spills.size() == 1) {
      Path out = files.getOutputFileForWriteInVolume(spills.get(0));
      rename(spills.get(0), out);
      indexes.get(0).writeToFile(files.getOutputIndexFileForWriteInVolume(spills.get(0)), job);
      sortPhase.complete();
      return out;
    }
    long size = (long) partitions * SEGMENT_OVERHEAD;
    for (Path p : spills) {
      size += rfs.getFileStatus(p).getLen();
    }
    Path outFile = files.getOutputFileForWrite(size);
    Path indexFile = files.getOutputIndexFileForWrite((long) partitions * INDEX_RECORD_LENGTH);
    SpillRecord index = new SpillRecord(partitions);
    int mergeFactor = job.getInt(MRJobConfig.IO_SORT_FACTOR, MRJobConfig.DEFAULT_IO_SORT_FACTOR);
    int minSpillsForCombine = job.getInt(MRJobConfig.MAP_COMBINE_MIN_SPILLS, 3);
    int maxFingerprintSegments = FingerprintShuffle.maxSegments(job);
    if (!spills.isEmpty()) {
      sortPhase.addPhases(partitions);
    }
    try (FSDataOutputStream out = rfs.create(outFile, true, 4096)) {
      for (int p = 0; p < partitions; p++) {
        long start = out.getPos();
        IFile.Writer<K, V> writer;
        if (spills.isEmpty()) {
          writer = new IFile.Writer<K, V>(job, out, keyClass, valClass, codec, null);
        } else {
          RawKeyValueIterator merged;
          // Up to io.sort.factor spills Hadoop merges in one pass, in spill order: the fingerprint
          // merge takes the same steps. More: Hadoop's passes over segments sorted by size.
          if (fingerprinter != PrefixFingerprinters.COMPARATOR_ONLY
              && spills.size() <= Math.min(maxFingerprintSegments, mergeFactor)) {
            List<IndexRecord> regions = new ArrayList<>(spills.size());
            for (int s = 0; s < spills.size(); s++) {
              regions.add(indexes.get(s).getIndex(p));
            }
            merged = SpillMerge.merge(job, rfs, spills, regions, codec, fingerprinter, comparator);
            reporter.getCounter(FingerprintMergeCounter.SPILL_SEGMENTS_MERGED).increment(spills.size());
          } else {
            List<Merger.Segment<K, V>> segments = new ArrayList<Merger.Segment<K, V>>(spills.size());
            for (int s = 0; s < spills.size(); s++) {
              IndexRecord r = indexes.get(s).getIndex(p);
              segments.add(new Merger.Segment<K, V>(job, rfs, spills.get(s), r.startOffset, r.partLength, codec, true));
            }
            merged = Merger.merge(job, rfs, keyClass, valClass, codec, segments, mergeFactor,
                new Path(tmpName), comparator, reporter, segments.size() > mergeFactor, null, spilledRecords,
                sortPhase.phase(), TaskType.MAP);
          }
          writer = new IFile.Writer<K, V>(job, out, keyClass, valClass, codec, spilledRecords);
          if (combiner == null || spills.size() < minSpillsForCombine) {
            Merger.writeFile(merged, writer, reporter, job);
          } else {
            combineCollector.setWriter(writer);
            combiner.combine(merged, combineCollector);
          }
          merged.close();
          sortPhase.startNextPhase();
        }
        writer.close();
        index.putIndex(new IndexRecord(start, writer.getRawLength(), writer.getCompressedLength()), p);
      }
    }
    index.writeToFile(indexFile, job);
    for (Path p : spills) {
      rfs.delete(p, true);
    }
    if (spills.isEmpty()) {
      sortPhase.complete();
    }
    return outFile;
  }

  /** Same-volume rename, creating the target's directory, never a copy. */
  private void rename(Path from, Path to) throws IOException {
    File src = rfs.pathToFile(from);
    File dst = rfs.pathToFile(to);
    File dir = dst.getParentFile();
    if (!dir.exists() && !dir.mkdirs()) {
      throw new IOException("cannot create " + dir + " for the map output");
    }
    if (!src.renameTo(dst)) {
      throw new IOException("cannot rename spill " + src + " to map output " + dst);
    }
  }
}
