package org.hadoopopt.fingerprint.shuffle;

import java.io.IOException;

/**
 * One sorted run of the reduce-side merge: its current record's key and value as byte ranges,
 * and the key's fingerprint, computed once when the key is read.
 */
abstract class MergeSegment {
  byte[] keyBytes;
  int keyStart;
  int keyLength;
  byte[] valueBytes;
  int valueStart;
  int valueLength;
  long fingerprint;
  /** The key's second-level fingerprint (its bytes 8..15 for a byte prefix; 0 if it has none). */
  long fingerprint2;
  /** The two levels hold the whole key, so equal fingerprints and lengths mean equal keys. */
  boolean covered;
  /** Position in the merge's input list (the priority queue, not this number, decides among equal keys). */
  final int order;

  MergeSegment(int order) {
    this.order = order;
  }

  /** Reads the next record into the fields; @return false at the end of the segment */
  abstract boolean next() throws IOException;

  /** Raw bytes of this segment, for progress. */
  abstract long rawLength();

  /** Releases the segment's memory or file. */
  abstract void close() throws IOException;

  /** Names the segment in error messages (map attempt, memory or file). */
  abstract String describe();
}
