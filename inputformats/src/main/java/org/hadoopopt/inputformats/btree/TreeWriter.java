package org.hadoopopt.inputformats.btree;

import com.sleepycat.je.CheckpointConfig;
import com.sleepycat.je.Database;
import com.sleepycat.je.DatabaseEntry;
import com.sleepycat.je.Environment;
import com.sleepycat.je.OperationStatus;
import com.sleepycat.je.util.DbBackup;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.inputformats.index.DataFileStamp;
import org.apache.hadoop.io.DataOutputBuffer;
import org.hadoopopt.inputformats.codec.TupleCodec;
import org.hadoopopt.inputformats.index.KeyType;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Builds one partition's tree in a local JE environment from rows arriving in key order, then
 * leaves it in the {@link TreeLayout} form: checkpoint (the whole tree into log file 0), forced
 * log-file flip, a second checkpoint and the close (log file 1, the tail); reopens it read-only
 * as a reader would and requires a clean open ({@link CleanCloseCheck}); copies file 0 to the
 * file system and writes the sidecar with the tail, the data file's length and time and the check.
 */
public final class TreeWriter {
  private final Configuration conf;
  private final Schema schema;
  private final String column;
  private final KeyType type;
  private final File dir;
  private final Environment env;
  private final Database db;
  private final TupleCodec codec = new TupleCodec();
  private final DataOutputBuffer record = new DataOutputBuffer();
  private final DatabaseEntry keyEntry = new DatabaseEntry();
  private final DatabaseEntry dataEntry = new DatabaseEntry();
  private byte[] key;
  private byte[] lastPrefix;
  private long rows;
  private Object firstKey;
  private Object lastKey;

  public TreeWriter(Configuration conf, Schema schema, String column, KeyType type) throws IOException {
    this.conf = conf;
    this.schema = schema;
    this.column = column;
    this.type = type;
    this.dir = TreeEnvironments.newLocalDir(conf, "bdbtree-load-");
    try {
      env = new Environment(dir, TreeEnvironments.writer(conf));
      db = env.openDatabase(null, TreeLayout.DATABASE, TreeEnvironments.database(true));
    } catch (RuntimeException e) {
      deleteDir();
      throw new IOException(dir + ": cannot create a JE environment: " + e.getMessage(), e);
    }
  }

  /** Appends a row whose index value is {@code sortable[off, off+len)} ({@link KeyType#toSortable}); values must not decrease. */
  public void append(byte[] sortable, int off, int len, Row row) throws IOException {
    byte[] prefix = TreeKeys.prefix(type, sortable, off, len);
    if (lastPrefix != null && Arrays.compareUnsigned(prefix, lastPrefix) < 0) {
      throw new IOException("row " + rows + " is out of key order on column " + column);
    }
    key = TreeKeys.key(prefix, rows, key);
    record.reset();
    codec.encode(row, record);
    keyEntry.setData(key);
    dataEntry.setData(record.getData(), 0, record.getLength());
    if (db.putNoOverwrite(null, keyEntry, dataEntry) != OperationStatus.SUCCESS) {
      throw new IOException("row " + rows + ": key already in the tree");
    }
    if (rows == 0) {
      firstKey = type.fromSortable(sortable, off, len);
    }
    if (lastPrefix == null || !Arrays.equals(prefix, lastPrefix)) {
      lastKey = type.fromSortable(sortable, off, len);
      lastPrefix = prefix;
    }
    rows++;
  }

  public long rows() {
    return rows;
  }

  /** Finishes the tree, writes {@code data} and its sidecar on {@code fs}, removes the local copy; returns the sidecar. */
  public TreeMeta finish(FileSystem fs, Path data) throws IOException {
    try {
      File[] files = closeCleanly();
      CleanCloseCheck check = reopen();
      String problem = check.problem(rows);
      if (problem != null) {
        throw new IOException(data + ": the tree was not closed cleanly: " + problem);
      }
      fs.copyFromLocalFile(false, true, new Path(files[0].getAbsolutePath()), data);
      byte[] tail = Files.readAllBytes(files[1].toPath());
      FileStatus st = fs.getFileStatus(data);
      TreeMeta meta = new TreeMeta(schema.spec(), column, type, rows, firstKey, lastKey, DataFileStamp.of(fs, st),
          Long.parseLong(files[1].getName().substring(0, 8), 16), tail, check);
      meta.write(fs, TreeLayout.metaPathFor(data));
      return meta;
    } finally {
      deleteDir();
    }
  }

  /** Checkpoint, flip, checkpoint, close; returns the two log files (data, tail). */
  private File[] closeCleanly() throws IOException {
    try {
      db.close();
      env.sync(); // a full checkpoint: every node of the tree into the current log file
      DbBackup flip = new DbBackup(env); // public way to end the current log file
      flip.startBackup();
      flip.endBackup();
      env.checkpoint(new CheckpointConfig().setForce(true)); // the tail's checkpoint, in a new file
      env.close();
    } catch (RuntimeException e) {
      throw new IOException(dir + ": JE failed closing the tree: " + e.getMessage(), e);
    }
    File[] logs = dir.listFiles((d, n) -> n.endsWith(".jdb"));
    Arrays.sort(logs);
    if (logs.length != 2 || !logs[0].getName().equals(TreeLayout.jeFileName(TreeLayout.DATA_FILE_NUMBER))) {
      throw new IOException("the partition's tree took " + logs.length + " JE log files " + Arrays.toString(logs)
          + ", not one of at most " + TreeEnvironments.LOG_FILE_MAX + " bytes and the tail: load with more partitions");
    }
    return logs;
  }

  /** Opens the closed tree read-only, exactly as a reader does, and reports what JE's recovery did. */
  private CleanCloseCheck reopen() throws IOException {
    try {
      Environment e = new Environment(dir, TreeEnvironments.reader(conf, true));
      try {
        Database d = e.openDatabase(null, TreeLayout.DATABASE, TreeEnvironments.database(false));
        long counted = d.count();
        d.close();
        return CleanCloseCheck.of(e, counted);
      } finally {
        e.close();
      }
    } catch (RuntimeException e) {
      throw new IOException(dir + ": JE cannot reopen the tree just closed: " + e.getMessage(), e);
    }
  }

  /** Gives up: closes JE and removes the local files. */
  public void abort() {
    try {
      env.close();
    } catch (RuntimeException e) {
      // already closed or failed: the directory goes anyway
    }
    deleteDir();
  }

  private void deleteDir() {
    File[] fs = dir.listFiles();
    if (fs != null) {
      for (File f : fs) {
        f.delete();
      }
    }
    dir.delete();
  }
}
