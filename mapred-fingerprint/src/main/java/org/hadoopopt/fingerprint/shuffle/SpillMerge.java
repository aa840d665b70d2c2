package org.hadoopopt.fingerprint.shuffle;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.mapred.IndexRecord;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.hadoopopt.fingerprint.key.KeyFingerprinter;

/**
 * The map side's use of {@link FingerprintMerge}: one partition's sorted regions of a map task's
 * spill files merged in one pass, fingerprint first, as the collectors' output merge needs.
 */
public final class SpillMerge {
  private SpillMerge() {}

  /**
   * @param spills the spill files, in spill order (the order Hadoop's one-pass merge puts them in)
   * @param regions each spill's index record of the partition
   * @return the merged records; closing it closes the readers (the files stay)
   */
  public static RawKeyValueIterator merge(Configuration conf, FileSystem fs, List<Path> spills,
      List<IndexRecord> regions, CompressionCodec codec, KeyFingerprinter fingerprinter, RawComparator<?> comparator)
      throws IOException {
    List<MergeSegment> segments = new ArrayList<>(spills.size());
    try {
      for (int s = 0; s < spills.size(); s++) {
        IndexRecord r = regions.get(s);
        segments.add(new DiskSegment(s, conf, fs, spills.get(s), r.startOffset, r.partLength, r.rawLength, codec));
      }
    } catch (IOException e) {
      for (MergeSegment m : segments) {
        m.close();
      }
      throw e;
    }
    return new FingerprintMerge(segments, fingerprinter, comparator, null, null);
  }
}
