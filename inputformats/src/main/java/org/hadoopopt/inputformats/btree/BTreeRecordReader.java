package org.hadoopopt.inputformats.btree;

import com.sleepycat.je.CacheMode;
import com.sleepycat.je.Cursor;
import com.sleepycat.je.CursorConfig;
import com.sleepycat.je.DatabaseEntry;
import com.sleepycat.je.LockMode;
import com.sleepycat.je.OperationStatus;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.hadoopopt.inputformats.codec.MutableTupleDecoder;
import org.hadoopopt.inputformats.index.KeyRange;
import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Walks one tree's key range with a JE cursor: positioned at the lower bound
 * ({@code getSearchKeyRange}), stepping until a key's value passes the upper bound. Every row is
 * checked against the range too: a record whose column disagrees with its key means a damaged
 * tree, and fails the task rather than giving a wrong row. JE failures (a checksum mismatch, a log
 * entry cut short) fail the task naming the tree file.
 */
final class BTreeRecordReader<R extends Row> extends RecordReader<Writable, R> {
  private final Schema schema;
  private final DatabaseEntry key = new DatabaseEntry();
  private final DatabaseEntry data = new DatabaseEntry();
  private TaskAttemptContext ctx;
  private Path path;
  private String file;
  private KeyRange range;
  private int field;
  private LocalTree tree;
  private Cursor cursor;
  private MutableTupleDecoder decoder;
  private byte[] seek;
  private byte[] upper;
  private boolean started;
  private boolean done;
  private long expectedRows;
  private long records;
  private long scanNanos;
  private R current;

  BTreeRecordReader(Schema schema) {
    this.schema = schema;
  }

  @Override
  public void initialize(InputSplit generic, TaskAttemptContext context) throws IOException {
    BTreeSplit split = (BTreeSplit) generic;
    ctx = context;
    split.addCountersTo(ctx);
    Configuration conf = ctx.getConfiguration();
    range = RangeIndexInputFormat.getRange(conf, schema);
    field = BTreeInputFormat.fieldOf(schema, range.column());
    if (split.getLength() == 0) {
      done = true;
      return;
    }
    path = split.getPath();
    file = path.toString();
    FileSystem fs = path.getFileSystem(conf);
    TreeMeta meta = BTreeInputFormat.checkedMeta(fs, fs.getFileStatus(path), schema, range);
    expectedRows = Math.max(1, meta.rows);
    tree = LocalTree.open(conf, fs, path, meta, BTreeInputFormat.inPlace(conf), BTreeInputFormat.checksums(conf));
    ctx.getCounter(BTreeCounter.TREES_OPENED).increment(1);
    ctx.getCounter(BTreeCounter.BYTES_COPIED).increment(tree.bytesCopied);
    ctx.getCounter(BTreeCounter.STAGE_NANOS).increment(tree.stageNanos);
    ctx.getCounter(BTreeCounter.OPEN_NANOS).increment(tree.openNanos);
    try {
      cursor = tree.db.openCursor(null, CursorConfig.READ_UNCOMMITTED);
      cursor.setCacheMode(CacheMode.EVICT_BIN); // a scan reads each bottom node once: drop it when the cursor leaves it
    } catch (RuntimeException e) {
      throw failure(e);
    }
    seek = TreeKeys.seekKey(range, range.lower(), range.lowerInclusive());
    upper = range.upper() == null ? null : TreeKeys.prefix(range.type(), range.upper());
    decoder = new MutableTupleDecoder(schema);
  }

  private IOException failure(RuntimeException e) {
    return new IOException(file + ": reading the B+-tree failed (corrupt or truncated tree file?): " + e.getMessage(), e);
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    if (done) {
      return false;
    }
    long t0 = System.nanoTime();
    try {
      return step();
    } finally {
      scanNanos += System.nanoTime() - t0; // cursor and decoding: the scan's whole cost
    }
  }

  @SuppressWarnings("unchecked")
  private boolean step() throws IOException {
    try {
      OperationStatus s;
      if (started) {
        s = cursor.getNext(key, data, LockMode.READ_UNCOMMITTED);
      } else if (seek == null) {
        s = cursor.getFirst(key, data, LockMode.READ_UNCOMMITTED);
      } else {
        key.setData(seek);
        s = cursor.getSearchKeyRange(key, data, LockMode.READ_UNCOMMITTED);
      }
      started = true;
      if (s != OperationStatus.SUCCESS || pastUpper()) {
        done = true;
        return false;
      }
    } catch (RuntimeException e) {
      throw failure(e);
    }
    long seq = TreeKeys.sequence(key.getData(), key.getOffset(), key.getSize());
    // A record that does not decode is reported as "FILE, offset N": N is the row's number in its tree.
    decoder.reset(data.getData(), data.getOffset(), data.getSize(), file, seq);
    Row row = decoder.next();
    if (row == null || !range.contains(row, field)) {
      throw new IOException(file + ", row " + seq + ": " + (row == null ? "empty record"
          : "the record's " + range.column() + " is outside the range its key is in: damaged tree"));
    }
    records++;
    current = (R) row;
    return true;
  }

  private boolean pastUpper() {
    if (upper == null) {
      return false;
    }
    int c = TreeKeys.comparePrefix(key.getData(), key.getOffset(), key.getSize(), upper);
    return c > 0 || c == 0 && !range.upperInclusive();
  }

  @Override
  public Writable getCurrentKey() {
    return NullWritable.get();
  }

  @Override
  public R getCurrentValue() {
    return current;
  }

  @Override
  public float getProgress() {
    return done ? 1f : Math.min(1f, records / (float) expectedRows);
  }

  @Override
  public void close() throws IOException {
    if (ctx != null && tree != null) {
      ctx.getCounter(BTreeCounter.RECORDS_SCANNED).increment(records);
      ctx.getCounter(BTreeCounter.SCAN_NANOS).increment(scanNanos);
    }
    if (cursor != null) {
      try {
        cursor.close();
      } catch (RuntimeException e) {
        // the tree closes below in any case
      }
      cursor = null;
    }
    if (tree != null) {
      tree.close();
      tree = null;
    }
  }
}
