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
  /**
   * {@code hadoopopt.input.split.slots}, default unset (off): size a text scan's splits to the map
   * tasks that run at once. A positive number n cuts the input into n splits of equal bytes (ranges of
   * several files combined, a file cut anywhere a line may start; a file that cannot be split stays
   * whole), or into more when {@link #SPLIT_BYTES} caps a split; {@code auto} takes n from the local
   * job runner's {@code mapreduce.local.map.tasks.maximum} (default 1) when the job runs there and
   * is off on other frameworks (their slots are not known at submission); {@code 0} is off. So a scan
   * runs one wave of long tasks instead of many short ones paying their start-up. The range-index
   * input formats ({@link RangeIndexInputFormat}) pack their page runs into at most n splits of
   * near-equal bytes ({@link IndexedSplitGroup}). Needs {@link #OWN_SPLITS}; anything else fails at
   * submission naming key and value.
   */
  public static final String SLOTS = "hadoopopt.input.split.slots";
  /** The local job runner's map slots, read by {@code SLOTS = auto}. */
  static final String LOCAL_MAPS = "mapreduce.local.map.tasks.maximum";

  private ScanSplits() {}

  public static void setOwnSplits(Configuration conf, boolean own) {
    conf.setBoolean(OWN_SPLITS, own);
  }

  public static void setCombine(Configuration conf, boolean combine) {
    conf.setBoolean(COMBINE, combine);
  }

  /** Sizes splits to N map slots ({@link #SLOTS}); 0 is off. */
  public static void setSlots(Configuration conf, int n) {
    conf.setInt(SLOTS, n);
  }

  /** Sizes splits to the local job runner's map slots when the job runs there ({@link #SLOTS} = auto). */
  public static void setAutoSlots(Configuration conf) {
    conf.set(SLOTS, "auto");
  }

  /**
   * The map slots splits are sized to ({@link #SLOTS}), 0 when off; a value that is not a
   * non-negative integer or {@code auto}, or slots with own splits off, fails naming the key.
   */
  public static int slots(Configuration conf) {
    String v = conf.getTrimmed(SLOTS);
    if (v == null || v.isEmpty()) {
      return 0;
    }
    int n;
    if (v.equalsIgnoreCase("auto")) {
      boolean local = "local".equals(conf.getTrimmed("mapreduce.framework.name", "local"));
      n = local ? Math.max(1, conf.getInt(LOCAL_MAPS, 1)) : 0;
    } else {
      try {
        n = Integer.parseInt(v);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(SLOTS + " = '" + v + "' is not a number of map slots (0 = off, or auto)");
      }
      if (n < 0) {
        throw new IllegalArgumentException(SLOTS + " = '" + v + "' is negative (0 = off, or auto)");
      }
    }
    if (n > 0 && !ownSplits(conf)) {
      throw new IllegalArgumentException(SLOTS + " = '" + v + "' needs " + OWN_SPLITS + " = true (it is 'false')");
    }
    return n;
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

  /**
   * FileInputFormat's pieces regrouped into splits of equal bytes for SLOTS map slots ({@link #SLOTS}):
   * ceil(total / slots) bytes each, or at most MAXBYTES (-1: no cap), so as many splits as slots
   * unless the cap makes more. A piece of a splittable file is cut where a split's share ends (the
   * reader's line rules make any cut safe); a piece of a file that cannot be split is kept whole.
   */
  static List<InputSplit> sizedToSlots(List<InputSplit> fileSplits, int slots, long maxBytes,
      java.util.function.Predicate<org.apache.hadoop.fs.Path> splittable) {
    long total = 0;
    for (InputSplit s : fileSplits) {
      total += ((FileSplit) s).getLength();
    }
    if (total == 0 || slots <= 0) {
      return toScanSplits(fileSplits, false, 0);
    }
    long per = (total + slots - 1) / slots;
    if (maxBytes > 0 && per > maxBytes) {
      per = maxBytes;
    }
    long groups = (total + per - 1) / per;
    List<InputSplit> out = new ArrayList<>();
    List<FileSplit> group = new ArrayList<>();
    String[] hosts = null;
    long done = 0; // bytes placed so far
    long g = 1; // the open group, 1-based
    long boundary = share(total, g, groups); // where the open group's share ends
    for (InputSplit s : fileSplits) {
      FileSplit f = (FileSplit) s;
      long start = f.getStart();
      long left = f.getLength(); // an empty file's piece has no lines: nothing to place
      boolean cuttable = splittable.test(f.getPath());
      while (left > 0) {
        if (group.isEmpty()) {
          hosts = locations(f);
        }
        long room = boundary - done; // > 0: a group is closed once its share is reached
        long take = cuttable && room < left ? room : left;
        group.add(new FileSplit(f.getPath(), start, take, new String[0]));
        start += take;
        left -= take;
        done += take;
        if (done >= boundary && g < groups) {
          out.add(new ScanSplit(group, hosts));
          group = new ArrayList<>();
          do { // a whole uncuttable piece may have filled the next shares too
            g++;
            boundary = share(total, g, groups);
          } while (g < groups && boundary <= done);
        }
      }
    }
    if (!group.isEmpty()) {
      out.add(new ScanSplit(group, hosts));
    }
    return out;
  }

  /** Where group G's share of TOTAL bytes ends (of GROUPS; the last ends at TOTAL). */
  private static long share(long total, long g, long groups) {
    return g >= groups ? total : (long) ((double) total * g / groups);
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
