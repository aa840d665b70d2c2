package org.hadoopopt.inputformats.btree;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.hadoopopt.inputformats.index.KeyRange;
import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the rows of a key range from the B+-trees of {@code load --format bdbtree}
 * ({@link TreeLayout}). The range is the range-index input format's: the same keys and typed setters
 * ({@link RangeIndexInputFormat#setIntRange}, {@code setDateRange}, {@code setStringRange}). One split
 * per tree; trees whose smallest..largest key (in the sidecar) miss the range get none. The reader
 * opens the tree read-only and walks a JE cursor from the range's lower bound to its upper bound,
 * decoding each record into the reused mutable row. A tree whose file is not the one its sidecar
 * describes (truncated, rewritten, edited: {@link org.hadoopopt.inputformats.index.DataFileStamp}), or
 * that JE finds corrupt, fails naming the file.
 * A subclass fixes the table (the benchmark's Pavlo formats do);
 * {@link SchemaBTreeInputFormat} reads any table named by
 * {@link org.hadoopopt.inputformats.mapreduce.SchemaTextInputFormat#SCHEMA}.
 */
public abstract class BTreeInputFormat<R extends Row> extends FileInputFormat<Writable, R> {
  private static final Logger LOG = LoggerFactory.getLogger(BTreeInputFormat.class);

  /**
   * How a task gets at a tree file; default {@code auto}: in place when the file is on the local
   * file system (a link in the task's directory, nothing copied), else a copy; {@code copy}: always a copy.
   */
  public static final String OPEN_MODE = "hadoopopt.input.btree.open.mode";
  /** Whether JE verifies each log entry's checksum as it reads it (je.log.checksumRead); default true. */
  public static final String CHECKSUM_READ = "hadoopopt.input.btree.checksum.read";

  protected abstract Schema schema();

  /** The table read with the job's configuration; {@link SchemaBTreeInputFormat} takes it from a key. */
  protected Schema schema(Configuration conf) {
    return schema();
  }

  /** {@link #OPEN_MODE}: true = in place where possible (auto), false = always copy. */
  public static void setInPlace(Configuration conf, boolean inPlace) {
    conf.set(OPEN_MODE, inPlace ? "auto" : "copy");
  }

  public static void setChecksumRead(Configuration conf, boolean verify) {
    conf.setBoolean(CHECKSUM_READ, verify);
  }

  static boolean inPlace(Configuration conf) {
    String v = conf.getTrimmed(OPEN_MODE, "auto").toLowerCase(Locale.ROOT);
    if (!v.equals("auto") && !v.equals("copy")) {
      throw new IllegalArgumentException(OPEN_MODE + " must be auto or copy, not '" + v + "'");
    }
    return v.equals("auto");
  }

  static boolean checksums(Configuration conf) {
    String v = conf.getTrimmed(CHECKSUM_READ, "true");
    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(CHECKSUM_READ + " must be true or false, not '" + v + "'");
    }
    return Boolean.parseBoolean(v);
  }

  /** The field of the range's column (checked by {@link RangeIndexInputFormat#getRange}). */
  static int fieldOf(Schema schema, String column) {
    for (int i = 0; i < schema.fieldCount(); i++) {
      if (schema.fieldName(i).equals(column)) {
        return i;
      }
    }
    throw new IllegalArgumentException(RangeIndexInputFormat.COLUMN + " = '" + column + "': no such column in " + schema.name());
  }

  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    return false;
  }

  @Override
  public List<InputSplit> getSplits(JobContext job) throws IOException {
    Configuration conf = job.getConfiguration();
    Schema schema = schema(conf);
    KeyRange range = RangeIndexInputFormat.getRange(conf, schema);
    inPlace(conf);
    checksums(conf);
    TreeEnvironments.cacheBytes(conf);
    List<InputSplit> splits = new ArrayList<>();
    long total = 0;
    long pruned = 0;
    for (FileStatus st : listStatus(job)) {
      Path data = st.getPath();
      if (!data.getName().endsWith(TreeLayout.SUFFIX)) {
        throw new IOException(data + ": not a B+-tree file (" + TreeLayout.SUFFIX + ", made by load --format bdbtree)");
      }
      FileSystem fs = data.getFileSystem(conf);
      TreeMeta meta = checkedMeta(fs, st, schema, range);
      total++;
      if (!meta.mayOverlap(range)) {
        pruned++;
        continue;
      }
      BlockLocation[] b = fs.getFileBlockLocations(st, 0, st.getLen());
      splits.add(new BTreeSplit(data, st.getLen(), b.length == 0 ? new String[0] : b[0].getHosts()));
    }
    if (splits.isEmpty()) {
      splits.add(new BTreeSplit(new Path("/"), 0, new String[0]));
    }
    ((BTreeSplit) splits.get(0)).setCounts(total, pruned);
    LOG.info("{}: {} of {} trees pruned by their key bounds", range, pruned, total);
    return splits;
  }

  /** The sidecar of the tree {@code st}, checked against the file, the table and the queried column. */
  static TreeMeta checkedMeta(FileSystem fs, FileStatus st, Schema schema, KeyRange range) throws IOException {
    Path data = st.getPath();
    Path mp = TreeLayout.metaPathFor(data);
    TreeMeta meta = TreeMeta.read(fs, mp);
    String stale = meta.staleReason(fs, st);
    if (stale != null) {
      throw new IOException(data + ": not the B+-tree file the loader wrote: " + stale);
    }
    if (!meta.table.equals(schema.spec())) {
      throw new IllegalArgumentException(data + " holds " + meta.table + " rows (by " + mp + "), the input format reads "
          + schema.spec());
    }
    if (!meta.column.equals(range.column())) {
      throw new IllegalArgumentException(RangeIndexInputFormat.COLUMN + " = '" + range.column() + "', but " + data
          + " is keyed on column '" + meta.column + "': query that column or load the table with --index-column "
          + range.column());
    }
    return meta;
  }

  @Override
  public RecordReader<Writable, R> createRecordReader(InputSplit split, TaskAttemptContext ctx) {
    return new BTreeRecordReader<R>(schema(ctx.getConfiguration()));
  }
}
