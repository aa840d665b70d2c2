package org.hadoopopt.fingerprint.shuffle;

/** Task counters of the reduce-side fingerprint merge ({@link FingerprintShuffle}). */
public enum FingerprintMergeCounter {
  /** Sorted map-output segments (fetched outputs, and in-memory outputs moved to disk) merged for the reducer. */
  SEGMENTS_MERGED,
  /** Records the merge handed to the reducer. */
  RECORDS_MERGED,
  /** Comparisons whose fingerprints were equal, so the job's comparator decided. */
  COMPARATOR_TIES,
  /** Fetched map outputs kept in memory. */
  OUTPUTS_IN_MEMORY,
  /** Fetched map outputs written to local disk (too large for the shuffle's memory budget). */
  OUTPUTS_ON_DISK,
  /** Map-side spill segments (one a spill and partition) merged by fingerprint into a map output file. */
  SPILL_SEGMENTS_MERGED,
  /** Reduce tasks in which the fingerprint merge declined, so Hadoop's merge ran. */
  DECLINED
}
