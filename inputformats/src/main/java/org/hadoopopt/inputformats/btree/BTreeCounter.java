package org.hadoopopt.inputformats.btree;

/** Job counters of {@link BTreeInputFormat} (group: this enum's class name). */
public enum BTreeCounter {
  /** Tree files in the input. */
  TREES_TOTAL,
  /** Trees whose smallest..largest key (from the sidecar) lies outside the range, never opened. */
  TREES_PRUNED,
  /** Trees opened by tasks. */
  TREES_OPENED,
  /** Bytes of tree files copied to a task's local directory (0 when used in place). */
  BYTES_COPIED,
  /** Nanoseconds spent staging tree files locally (copy, or link in place, and the tail). */
  STAGE_NANOS,
  /** Nanoseconds JE took to open the environments and databases (recovery included). */
  OPEN_NANOS,
  /** Nanoseconds of cursor walks (positioning, reading, decoding). */
  SCAN_NANOS,
  /** Records the cursors read (the rows of the range). */
  RECORDS_SCANNED
}
