package org.hadoopopt.inputformats.mapreduce;

import org.apache.hadoop.conf.Configuration;

/**
 * The split size of the scanning input formats ({@link MutableTextInputFormat},
 * {@link KvsfInputFormat}): a scan task that reads one block (32 MB on the local file system,
 * 128 MB on HDFS) runs too briefly for its start-up cost, so a scan may ask for larger splits.
 * Each file is still split on its own (a split never spans files); a file smaller than the size
 * is one split.
 */
public final class ScanSplits {
  /**
   * {@code hadoopopt.input.split.bytes}: bytes per split, {@value #MIN}..{@value #MAX}; default
   * unset = Hadoop's (the block size, bounded by {@code mapreduce.input.fileinputformat.split.minsize/maxsize}).
   * A value out of range or not a size (suffixes k, m, g, t allowed) fails the job at submission.
   */
  public static final String SPLIT_BYTES = "hadoopopt.input.split.bytes";
  public static final long MIN = 1L << 20;
  public static final long MAX = 1L << 40;

  private ScanSplits() {}

  public static void setSplitBytes(Configuration conf, long bytes) {
    conf.setLong(SPLIT_BYTES, bytes);
  }

  /** The configured split size, or -1 if unset; a bad value fails naming the key and the value. */
  public static long get(Configuration conf) {
    String v = conf.getTrimmed(SPLIT_BYTES);
    if (v == null || v.isEmpty()) {
      return -1;
    }
    long n;
    try {
      n = conf.getLongBytes(SPLIT_BYTES, -1);
    } catch (IllegalArgumentException e) { // NumberFormatException, or Hadoop's "Invalid size prefix"
      throw new IllegalArgumentException(SPLIT_BYTES + " = '" + v + "' is not a size in bytes (e.g. 268435456 or 256m)");
    }
    if (n < MIN || n > MAX) {
      throw new IllegalArgumentException(SPLIT_BYTES + " = '" + v + "' is out of range " + MIN + ".." + MAX + " bytes");
    }
    return n;
  }

  /** The split size a scanning format uses: the key's, or Hadoop's computation. */
  static long splitSize(Configuration conf, long hadoops) {
    long n = get(conf);
    return n > 0 ? n : hadoops;
  }
}
