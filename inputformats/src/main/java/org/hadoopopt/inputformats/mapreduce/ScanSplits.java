package org.hadoopopt.inputformats.mapreduce;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * The split size of the scanning input formats ({@link MutableTextInputFormat},
 * {@link KvsfInputFormat}): a scan task that reads one block (32 MB on the local file system,
 * 128 MB on HDFS) runs too briefly for its start-up cost, so a scan may ask for larger splits.
 * The text scans hand MapTask {@link ScanSplit}s ({@link #OWN_SPLITS}), which spares every record
 * MapTask's walk of the file-system statistics; with {@link #COMBINE} the pieces of several files
 * are packed into one split of up to {@link #SPLIT_BYTES}, so a set of many small files makes few tasks.
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

  /**
   * {@code hadoopopt.input.split.own}, default {@code true}: the text scans ({@link MutableTextInputFormat})
   * hand MapTask {@link ScanSplit}s, not {@code FileSplit}s, and count {@code File Input Format}
   * bytes read themselves; {@code false} gives Hadoop's FileSplits (MapTask counts, per record).
   */
  public static final String OWN_SPLITS = "hadoopopt.input.split.own";
  /**
   * {@code hadoopopt.input.split.combine}, default {@code false}: pack consecutive pieces of the
   * input files (each at most the split size) into splits of up to {@link #SPLIT_BYTES} (when unset,
   * the largest of Hadoop's splits), so one task may read the ends of several files. Needs {@link #OWN_SPLITS}.
   */
  public static final String COMBINE = "hadoopopt.input.split.combine";

  private ScanSplits() {}

  public static void setOwnSplits(Configuration conf, boolean own) {
    conf.setBoolean(OWN_SPLITS, own);
  }

  public static void setCombine(Configuration conf, boolean combine) {
    conf.setBoolean(COMBINE, combine);
  }

  /** {@link #OWN_SPLITS}; a value other than true/false fails naming the key. */
  public static boolean ownSplits(Configuration conf) {
    return flag(conf, OWN_SPLITS, true);
  }

  /** {@link #COMBINE}; a value other than true/false, or true with own splits off, fails naming the key. */
  public static boolean combine(Configuration conf) {
    boolean c = flag(conf, COMBINE, false);
    if (c && !ownSplits(conf)) {
      throw new IllegalArgumentException(COMBINE + " = 'true' needs " + OWN_SPLITS + " = true (it is 'false')");
    }
    return c;
  }

  private static boolean flag(Configuration conf, String key, boolean dflt) {
    String v = conf.getTrimmed(key);
    if (v == null || v.isEmpty()) {
      return dflt;
    }
    if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(v);
    }
    throw new IllegalArgumentException(key + " = '" + v + "' is not true or false");
  }

  /**
   * FileInputFormat's splits as {@link ScanSplit}s: one each, or with {@link #COMBINE} consecutive
   * ones packed up to TARGET bytes (a split's hosts: those of its first piece).
   */
  static List<InputSplit> toScanSplits(List<InputSplit> fileSplits, boolean combine, long target) {
    List<InputSplit> out = new ArrayList<>();
    List<FileSplit> group = new ArrayList<>();
    long bytes = 0;
    String[] hosts = null;
    for (InputSplit s : fileSplits) {
      FileSplit f = (FileSplit) s;
      if (!group.isEmpty() && (!combine || bytes + f.getLength() > target)) {
        out.add(new ScanSplit(group, hosts));
        group = new ArrayList<>();
        bytes = 0;
      }
      if (group.isEmpty()) {
        hosts = locations(f);
      }
      group.add(new FileSplit(f.getPath(), f.getStart(), f.getLength(), new String[0]));
      bytes += f.getLength();
    }
    if (!group.isEmpty()) {
      out.add(new ScanSplit(group, hosts));
    }
    return out;
  }

  private static String[] locations(FileSplit f) {
    try {
      Set<String> h = new LinkedHashSet<>(java.util.Arrays.asList(f.getLocations()));
      return h.toArray(new String[0]);
    } catch (java.io.IOException e) {
      return new String[0];
    }
  }

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
