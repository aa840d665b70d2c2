package org.hadoopopt.fingerprint.sort;

/**
 * Orders the records of a {@link RecordIndex} by (partition, fingerprint as unsigned long, key
 * by the job's comparator), the order the IFile segments of a spill must have.
 */
public interface RecordSorter {
  /**
   * @param records the records to sort
   * @param keys compares two records' keys; already reset to the buffer
   * @param exactFingerprints true when equal fingerprints mean equal keys (ties need no sort)
   * @return record numbers in sorted order; valid for the first {@code records.size()} entries,
   *     until the next call
   */
  int[] sort(RecordIndex records, KeyComparison keys, boolean exactFingerprints);

  /**
   * @return where partition {@code p}'s records start in the last sort's order (for any
   *     {@code p >= 0}; past the last non-empty partition, the number of records), so the spill
   *     need not look up each record's partition
   */
  int partitionStart(int p);

  /**
   * @return the most scratch memory the sort allocates per record of index capacity (arrays
   *     kept between sorts), which the collector counts in {@code mapreduce.task.io.sort.mb}
   */
  int scratchBytesPerRecord();

  /** Drops the scratch arrays (before the index is resized, and after the last sort). */
  void release();
}
