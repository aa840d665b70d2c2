package org.hadoopopt.inputformats.btree;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.inputformats.index.ChecksummedFile;
import org.hadoopopt.inputformats.index.DataFileStamp;
import org.hadoopopt.inputformats.index.KeyRange;
import org.hadoopopt.inputformats.index.KeyType;

/**
 * The sidecar {@code _part-NNNNN.jdb.meta} of a tree ({@link TreeLayout}). Big-endian:
 *
 * <pre>
 * "BTMD", version (1 byte), table (writeUTF: Schema.spec(), a Pavlo table's name or name(column:TYPE,...)),
 * column (writeUTF), key type (1 byte: KeyType ordinal),
 * rows (8), has keys (1 byte), [smallest key, largest key] (as in the range index),
 * the data file's stamp ({@link DataFileStamp}: length, modification time, file id, file checksum or
 *   sampled CRC32C),
 * tail log file number (8), tail length (4), tail bytes,
 * clean-close check: log entries JE read to find the end of the log (4), INs recovery read (4),
 *   LNs recovery redid (4), LNs recovery undid (4), rows a cursor counted (8),
 * CRC32C of every byte before it (4)
 * </pre>
 *
 * The stamp tells whether the data file is still the file the tail belongs to.
 */
public final class TreeMeta {
  static final byte[] MAGIC = {'B', 'T', 'M', 'D'};
  static final int VERSION = 2;
  private static final int MAX_TAIL = 64 << 20;

  final String table;
  final String column;
  final KeyType type;
  final long rows;
  final Object firstKey;
  final Object lastKey;
  final DataFileStamp data;
  final long tailFileNumber;
  final byte[] tail;
  final CleanCloseCheck check;

  TreeMeta(String table, String column, KeyType type, long rows, Object firstKey, Object lastKey, DataFileStamp data,
      long tailFileNumber, byte[] tail, CleanCloseCheck check) {
    this.table = table;
    this.column = column;
    this.type = type;
    this.rows = rows;
    this.firstKey = firstKey;
    this.lastKey = lastKey;
    this.data = data;
    this.tailFileNumber = tailFileNumber;
    this.tail = tail;
    this.check = check;
  }

  public String table() {
    return table;
  }

  public String column() {
    return column;
  }

  public long rows() {
    return rows;
  }

  /** What the loader found when it reopened the closed tree. */
  public CleanCloseCheck check() {
    return check;
  }

  /** Whether the tree may hold keys of {@code range} (an empty tree holds none). */
  boolean mayOverlap(KeyRange range) {
    return rows > 0 && range.mayOverlap(firstKey, lastKey);
  }

  /** Why {@code now} (of {@code fs}) is not the file this sidecar describes (truncated, appended, rewritten), or null. */
  public String staleReason(FileSystem fs, FileStatus now) throws IOException {
    return data.differences(fs, now);
  }

  /** What the sidecar recorded of its data file. */
  public DataFileStamp dataStamp() {
    return data;
  }

  /** The same sidecar, stamped for {@code now} (a data file the caller knows to hold this tree). */
  public TreeMeta restamped(DataFileStamp now) {
    return new TreeMeta(table, column, type, rows, firstKey, lastKey, now, tailFileNumber, tail, check);
  }

  public void write(FileSystem fs, Path path) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.write(MAGIC);
    out.writeByte(VERSION);
    out.writeUTF(table);
    out.writeUTF(column);
    out.writeByte(type.ordinal());
    out.writeLong(rows);
    out.writeBoolean(rows > 0);
    if (rows > 0) {
      type.write(out, firstKey);
      type.write(out, lastKey);
    }
    data.write(out);
    out.writeLong(tailFileNumber);
    out.writeInt(tail.length);
    out.write(tail);
    out.writeInt(check.endOfLogEntries);
    out.writeInt(check.insRead);
    out.writeInt(check.lnsRedone);
    out.writeInt(check.lnsUndone);
    out.writeLong(check.rowsCounted);
    out.flush();
    ChecksummedFile.write(fs, path, bytes.toByteArray());
  }

  /**
   * Reads a sidecar; a missing, damaged or foreign one fails with an IOException naming it and the
   * offset. Past its checksum every field is still checked before use: the key type, the key
   * bounds' order, the tail's length and its log file number (after the data file's, within JE's
   * eight hex digits: the reader writes the tail under that name beside the linked data file).
   */
  public static TreeMeta read(FileSystem fs, Path path) throws IOException {
    if (!fs.exists(path)) {
      throw new IOException(path + ": missing (the B+-tree's sidecar, written by load --format bdbtree)");
    }
    ChecksummedFile.Body d = ChecksummedFile.read(fs, path, "B+-tree sidecar", MAGIC, VERSION, 9, MAX_TAIL + (1 << 20));
    try {
      String table = d.readUTF();
      String column = d.readUTF();
      KeyType type = KeyType.readType(d);
      long rows = d.readLong();
      Object first = null;
      Object last = null;
      boolean hasKeys = d.readBoolean();
      if (hasKeys != rows > 0 || rows < 0) {
        throw d.bad(rows + " rows, " + (hasKeys ? "" : "no ") + "key bounds");
      }
      if (hasKeys) {
        first = type.read(d);
        last = type.read(d);
        if (type.compare(first, last) > 0) {
          throw d.bad("smallest key after the largest");
        }
      }
      DataFileStamp stamp = DataFileStamp.read(d);
      long tailFile = d.readLong();
      if (tailFile <= TreeLayout.DATA_FILE_NUMBER || tailFile > 0xFFFFFFFFL) {
        throw d.bad("tail log file number " + tailFile + " (must follow the data file's, "
            + TreeLayout.DATA_FILE_NUMBER + ", within 8 hex digits)");
      }
      int n = d.readInt();
      if (n < 0 || n > MAX_TAIL || n > d.available()) {
        throw d.bad("tail of " + n + " bytes, " + d.available() + " left");
      }
      byte[] tail = new byte[n];
      d.readFully(tail);
      CleanCloseCheck check = new CleanCloseCheck(d.readInt(), d.readInt(), d.readInt(), d.readInt(), d.readLong());
      if (d.available() != 0) {
        throw d.bad(d.available() + " bytes after the clean-close check");
      }
      return new TreeMeta(table, column, type, rows, first, last, stamp, tailFile, tail, check);
    } catch (IOException e) {
      throw d.failure(e);
    }
  }
}
