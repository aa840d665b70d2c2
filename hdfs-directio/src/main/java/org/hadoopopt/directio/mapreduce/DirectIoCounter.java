package org.hadoopopt.directio.mapreduce;

/**
 * Job counters of a scan (group {@code org.hadoopopt.directio.mapreduce.DirectIoCounter}):
 * bytes the task read from local block files, bytes streamed through a DataNode, and direct reads
 * that fell back to streaming.
 */
public enum DirectIoCounter {
  /** Bytes read from local block files (this module; HDFS counts them as short-circuit bytes). */
  DIRECT_BYTES,
  /** Bytes streamed through a DataNode. */
  STREAMED_BYTES,
  /** Direct reads that failed and were re-read by streaming. */
  FALLBACKS,
  /** Microseconds the scan's reader spent inside read calls (the benchmark's measure). */
  READ_MICROS
}
