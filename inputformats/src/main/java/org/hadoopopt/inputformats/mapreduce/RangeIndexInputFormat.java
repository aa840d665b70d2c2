package org.hadoopopt.inputformats.mapreduce;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.hadoopopt.inputformats.index.ChecksummedFile;
import org.hadoopopt.inputformats.index.IndexEntry;
import org.hadoopopt.inputformats.index.KeyRange;
import org.hadoopopt.inputformats.index.KeyType;
import org.hadoopopt.inputformats.index.RangeIndex;
import org.hadoopopt.inputformats.index.RangeIndexLayout;
import org.hadoopopt.inputformats.kvsf.KvsfLayout;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads only the rows of a key range from files sorted on a column and indexed by the loader
 * ({@link RangeIndexLayout}, '|' text or KeyValueSequenceFile, told by each file's index).
 * {@code getSplits} looks the range up in each file's index and emits splits of whole pages that
 * may hold matching keys (contiguous pages merged up to the split size); the reader drops the rows
 * outside the range that the edge pages hold. A file whose index is missing, of an older version or
 * stale (the file differs from what the index recorded of it: {@link
 * org.hadoopopt.inputformats.index.DataFileStamp}) is read whole, with a warning and the counter
 * {@link RangeIndexCounter#STALE_INDEX_FALLBACKS}: never a wrong row. A subclass fixes the
 * table (the benchmark's Pavlo formats do); {@link SchemaRangeInputFormat} reads any table named by {@link SchemaTextInputFormat#SCHEMA}.
 */
public abstract class RangeIndexInputFormat<R extends Row> extends FileInputFormat<Writable, R> {
  private static final Logger LOG = LoggerFactory.getLogger(RangeIndexInputFormat.class);

  /** The column queried (a column name of the table); no default, required. Must be the indexed column. */
  public static final String COLUMN = "hadoopopt.input.index.column";
  /** Lower bound (integer, yyyy-MM-dd date or string, by the column's type); default unset = no lower bound. */
  public static final String LOWER = "hadoopopt.input.index.lower";
  /** Upper bound; default unset = no upper bound. */
  public static final String UPPER = "hadoopopt.input.index.upper";
  /** Whether the lower bound itself is in the range; default true. */
  public static final String LOWER_INCLUSIVE = "hadoopopt.input.index.lower.inclusive";
  /** Whether the upper bound itself is in the range; default true. */
  public static final String UPPER_INCLUSIVE = "hadoopopt.input.index.upper.inclusive";
  /**
   * {@code hadoopopt.input.index.read.threads}, default 8 (at most one per input file; 1..64):
   * threads that look at the input files' indexes at split computation side by side. Each file
   * costs round trips to the file system (on HDFS: open and read its index, the data file's
   * checksum); 1 reads them one after the other on the submitting thread. Out of range fails
   * at submission naming the key and value.
   */
  public static final String READ_THREADS = "hadoopopt.input.index.read.threads";
  static final int READ_THREADS_DEFAULT = 8;
  static final int READ_THREADS_MAX = 64;

  protected abstract Schema schema();

  /** The table read with the job's configuration; {@link SchemaRangeInputFormat} takes it from a key. */
  protected Schema schema(Configuration conf) {
    return schema();
  }

  /** An INT column range; a null bound is open. */
  public static void setIntRange(Configuration conf, String column, Integer lower, boolean lowerInclusive, Integer upper,
      boolean upperInclusive) {
    setRange(conf, column, lower == null ? null : lower.toString(), lowerInclusive,
        upper == null ? null : upper.toString(), upperInclusive);
  }

  /** A DATE column range, bounds yyyy-MM-dd; a null bound is open. */
  public static void setDateRange(Configuration conf, String column, java.time.LocalDate lower, boolean lowerInclusive,
      java.time.LocalDate upper, boolean upperInclusive) {
    setRange(conf, column, lower == null ? null : lower.toString(), lowerInclusive,
        upper == null ? null : upper.toString(), upperInclusive);
  }

  /** A STRING column range (unsigned byte order of the UTF-8); a null bound is open. */
  public static void setStringRange(Configuration conf, String column, String lower, boolean lowerInclusive, String upper,
      boolean upperInclusive) {
    setRange(conf, column, lower, lowerInclusive, upper, upperInclusive);
  }

  private static void setRange(Configuration conf, String column, String lower, boolean lowerInclusive, String upper,
      boolean upperInclusive) {
    conf.set(COLUMN, column);
    if (lower == null) {
      conf.unset(LOWER);
    } else {
      conf.set(LOWER, lower);
    }
    if (upper == null) {
      conf.unset(UPPER);
    } else {
      conf.set(UPPER, upper);
    }
    conf.setBoolean(LOWER_INCLUSIVE, lowerInclusive);
    conf.setBoolean(UPPER_INCLUSIVE, upperInclusive);
  }

  /** The configured range, checked against {@code schema}; a bad value fails naming its key. */
  public static KeyRange getRange(Configuration conf, Schema schema) {
    String column = conf.getTrimmed(COLUMN);
    if (column == null || column.isEmpty()) {
      throw new IllegalArgumentException(COLUMN + " is not set: the range-index input format needs the queried column");
    }
    KeyType type = KeyType.of(schema.type(fieldOf(schema, column)), column);
    String lo = conf.get(LOWER);
    String hi = conf.get(UPPER);
    return new KeyRange(column, type, lo == null ? null : type.parse(lo, LOWER), bool(conf, LOWER_INCLUSIVE),
        hi == null ? null : type.parse(hi, UPPER), bool(conf, UPPER_INCLUSIVE), LOWER + "/" + UPPER);
  }

  public static void setReadThreads(Configuration conf, int threads) {
    conf.setInt(READ_THREADS, threads);
  }

  /** {@link #READ_THREADS}; a value that is not a whole number in 1..64 fails naming the key and value. */
  public static int getReadThreads(Configuration conf) {
    String v = conf.getTrimmed(READ_THREADS);
    if (v == null || v.isEmpty()) {
      return READ_THREADS_DEFAULT;
    }
    try {
      int n = Integer.parseInt(v);
      if (n >= 1 && n <= READ_THREADS_MAX) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(READ_THREADS + " must be a whole number from 1 to " + READ_THREADS_MAX
        + ", not '" + v + "'");
  }

  private static boolean bool(Configuration conf, String key) {
    String v = conf.getTrimmed(key, "true");
    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(key + " must be true or false, not '" + v + "'");
    }
    return Boolean.parseBoolean(v);
  }

  /** The field number of {@code column} in {@code schema}, or an error naming {@link #COLUMN}. */
  static int fieldOf(Schema schema, String column) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < schema.fieldCount(); i++) {
      if (schema.fieldName(i).equals(column)) {
        return i;
      }
      names.add(schema.fieldName(i));
    }
    throw new IllegalArgumentException(COLUMN + " = '" + column + "': no such column in " + schema.name() + " " + names);
  }

  @Override
  public List<InputSplit> getSplits(JobContext job) throws IOException {
    Configuration conf = job.getConfiguration();
    Schema schema = schema(conf);
    KeyRange range = getRange(conf, schema);
    Pushdown.get(conf, schema); // a bad pushdown key fails the job at submission
    int slots = ScanSplits.slots(conf); // a bad value fails at submission too
    int threads = getReadThreads(conf);
    long minSize = getMinSplitSize(job);
    long maxSize = getMaxSplitSize(job);
    int counters = RangeIndexCounter.values().length;
    List<FileStatus> files = listStatus(job);
    List<long[]> fileTotals = new ArrayList<>();
    List<List<IndexedSplit>> perFile = PerFileTasks.run(files, threads, st -> {
      long[] t = new long[counters];
      List<IndexedSplit> s = splitsOf(conf, st, schema, range, computeSplitSize(st.getBlockSize(), minSize, maxSize), t);
      synchronized (fileTotals) {
        fileTotals.add(t);
      }
      return s;
    });
    long[] totals = new long[counters];
    for (long[] t : fileTotals) {
      for (int i = 0; i < counters; i++) {
        totals[i] += t[i];
      }
    }
    List<IndexedSplit> splits = new ArrayList<>();
    for (List<IndexedSplit> s : perFile) {
      splits.addAll(s);
    }
    if (splits.isEmpty()) {
      splits.add(new IndexedSplit(new Path("/"), 0, 0, new String[0], RangeIndexLayout.FORMAT_TEXT, false));
    }
    IndexedSplit first = splits.get(0);
    for (RangeIndexCounter c : RangeIndexCounter.values()) {
      first.setCount(c, totals[c.ordinal()]);
    }
    List<InputSplit> out = slots > 0 ? IndexedSplitGroup.pack(splits, slots) : new ArrayList<>(splits);
    LOG.info("{}: {} of {} pages pruned ({} bytes skipped), {} file(s) scanned without index, {} page runs in {} splits",
        range, totals[RangeIndexCounter.PAGES_PRUNED.ordinal()], totals[RangeIndexCounter.PAGES_TOTAL.ordinal()],
        totals[RangeIndexCounter.BYTES_SKIPPED.ordinal()], totals[RangeIndexCounter.STALE_INDEX_FALLBACKS.ordinal()],
        splits.size(), out.size());
    return out;
  }

  /**
   * The splits of one data file for {@code range}: runs of index pages, or chunks of the whole
   * file if its index is missing or stale; adds to {@code totals} (indexed by RangeIndexCounter).
   */
  public static List<IndexedSplit> splitsOf(Configuration conf, FileStatus st, Schema schema, KeyRange range,
      long splitSize, long[] totals) throws IOException {
    Path data = st.getPath();
    FileSystem fs = data.getFileSystem(conf);
    Path ip = RangeIndexLayout.indexPathFor(data);
    RangeIndex index = null;
    String stale;
    try {
      // no exists() first: on HDFS each is a NameNode call, and the open fails alike when it is missing
      index = RangeIndex.read(fs, ip);
      stale = index.staleReason(fs, st);
    } catch (FileNotFoundException e) {
      stale = "no index " + ip;
    } catch (ChecksummedFile.VersionException e) {
      stale = e.getMessage();
    }
    List<IndexedSplit> out = new ArrayList<>();
    if (stale != null) {
      LOG.warn("{}: index not usable ({}); reading the whole file", data, stale);
      totals[RangeIndexCounter.STALE_INDEX_FALLBACKS.ordinal()]++;
      int format = detectFormat(fs, st);
      for (long s = 0; s < st.getLen(); s += splitSize) {
        long len = Math.min(splitSize, st.getLen() - s);
        out.add(new IndexedSplit(data, s, len, hosts(fs, st, s, len), format, true));
      }
      return out;
    }
    if (!index.column().equals(range.column())) {
      throw new IllegalArgumentException(COLUMN + " = '" + range.column() + "', but " + ip + " indexes column '"
          + index.column() + "': query that column or load the table with --index-column " + range.column());
    }
    if (!index.table().equals(schema.spec())) {
      throw new IllegalArgumentException(data + " holds " + index.table() + " rows (by its index), the input format reads "
          + schema.spec());
    }
    List<IndexEntry> entries = index.entries();
    List<Integer> hits = index.pagesFor(range);
    totals[RangeIndexCounter.PAGES_TOTAL.ordinal()] += entries.size();
    totals[RangeIndexCounter.PAGES_PRUNED.ordinal()] += entries.size() - hits.size();
    long read = 0;
    int runStart = -1;
    int prev = -1;
    for (int i : hits) {
      IndexEntry e = entries.get(i);
      read += e.length();
      boolean extend = runStart >= 0 && i == prev + 1 && e.end() - entries.get(runStart).offset() <= splitSize;
      if (!extend) {
        if (runStart >= 0) {
          out.add(pageSplit(fs, st, index, entries.get(runStart), entries.get(prev)));
        }
        runStart = i;
      }
      prev = i;
    }
    if (runStart >= 0) {
      out.add(pageSplit(fs, st, index, entries.get(runStart), entries.get(prev)));
    }
    long total = 0;
    for (IndexEntry e : entries) {
      total += e.length();
    }
    totals[RangeIndexCounter.BYTES_SKIPPED.ordinal()] += total - read;
    return out;
  }

  private static IndexedSplit pageSplit(FileSystem fs, FileStatus st, RangeIndex index, IndexEntry first, IndexEntry last)
      throws IOException {
    long len = last.end() - first.offset();
    return new IndexedSplit(st.getPath(), first.offset(), len, hosts(fs, st, first.offset(), len), index.format(), false);
  }

  /**
   * The hosts of the block holding START: from the listing's block locations when it has them
   * (FileInputFormat lists with them), else asked of the file system (on HDFS a NameNode call).
   */
  private static String[] hosts(FileSystem fs, FileStatus st, long start, long len) throws IOException {
    BlockLocation[] b;
    if (st instanceof LocatedFileStatus && ((LocatedFileStatus) st).getBlockLocations() != null) {
      b = ((LocatedFileStatus) st).getBlockLocations();
      for (BlockLocation l : b) {
        if (start >= l.getOffset() && start < l.getOffset() + l.getLength()) {
          return l.getHosts();
        }
      }
    }
    b = fs.getFileBlockLocations(st, start, len);
    return b.length == 0 ? new String[0] : b[0].getHosts();
  }

  /** KVSF files start with its magic; anything else is read as text. */
  static int detectFormat(FileSystem fs, FileStatus st) throws IOException {
    if (st.getLen() < KvsfLayout.MAGIC.length) {
      return RangeIndexLayout.FORMAT_TEXT;
    }
    byte[] m = new byte[KvsfLayout.MAGIC.length];
    try (FSDataInputStream in = fs.open(st.getPath())) {
      in.readFully(0, m);
    }
    return java.util.Arrays.equals(m, KvsfLayout.MAGIC) ? RangeIndexLayout.FORMAT_KVSF : RangeIndexLayout.FORMAT_TEXT;
  }

  @Override
  public RecordReader<Writable, R> createRecordReader(InputSplit split, TaskAttemptContext ctx) {
    return new RangeRecordReader<R>(schema(ctx.getConfiguration()));
  }
}
