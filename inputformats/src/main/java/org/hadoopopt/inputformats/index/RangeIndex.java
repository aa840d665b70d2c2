package org.hadoopopt.inputformats.index;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** A range index as read from (or written to) its file: see {@link RangeIndexLayout}. */
public final class RangeIndex {
  private final int format;
  private final String table;
  private final String column;
  private final KeyType type;
  private final int pageSize;
  private final DataFileStamp data;
  private final List<IndexEntry> entries;

  public RangeIndex(int format, String table, String column, KeyType type, int pageSize, DataFileStamp data,
      List<IndexEntry> entries) {
    this.format = format;
    this.table = table;
    this.column = column;
    this.type = type;
    this.pageSize = pageSize;
    this.data = data;
    this.entries = Collections.unmodifiableList(new ArrayList<>(entries));
  }

  public int format() {
    return format;
  }

  public String table() {
    return table;
  }

  public String column() {
    return column;
  }

  public KeyType keyType() {
    return type;
  }

  public int pageSize() {
    return pageSize;
  }

  /** What the index recorded of its data file. */
  public DataFileStamp dataStamp() {
    return data;
  }

  /** The same index, stamped for {@code now} (a data file the caller knows to hold the indexed pages). */
  public RangeIndex restamped(DataFileStamp now) {
    return new RangeIndex(format, table, column, type, pageSize, now, entries);
  }

  public List<IndexEntry> entries() {
    return entries;
  }

  /** Why the index does not describe {@code now} (its data file, of {@code fs}) as it is now, or null if it does. */
  public String staleReason(FileSystem fs, FileStatus now) throws IOException {
    return data.differences(fs, now);
  }

  /** Indices of the entries whose pages may hold keys of {@code range}, ascending. */
  public List<Integer> pagesFor(KeyRange range) {
    List<Integer> hits = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      IndexEntry e = entries.get(i);
      if (range.mayOverlap(e.firstKey(), e.lastKey())) {
        hits.add(i);
      }
    }
    return hits;
  }

  public void write(FileSystem fs, Path path) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.write(RangeIndexLayout.MAGIC);
    out.writeByte(RangeIndexLayout.VERSION);
    out.writeByte(format);
    out.writeUTF(table);
    out.writeUTF(column);
    out.writeByte(type.ordinal());
    out.writeInt(pageSize);
    data.write(out);
    out.writeInt(entries.size());
    for (IndexEntry e : entries) {
      type.write(out, e.firstKey());
      type.write(out, e.lastKey());
      out.writeLong(e.offset());
      out.writeLong(e.length());
    }
    out.flush();
    ChecksummedFile.write(fs, path, bytes.toByteArray());
  }

  /** Reads an index file; a damaged one fails with an IOException naming it. */
  public static RangeIndex read(FileSystem fs, Path path) throws IOException {
    try {
      DataInputStream d = ChecksummedFile.read(fs, path, "range index", RangeIndexLayout.MAGIC, RangeIndexLayout.VERSION,
          8, Integer.MAX_VALUE);
      int format = d.readByte();
      String table = d.readUTF();
      String column = d.readUTF();
      KeyType type = KeyType.values()[d.readByte()];
      int pageSize = d.readInt();
      DataFileStamp stamp = DataFileStamp.read(d);
      int n = d.readInt();
      List<IndexEntry> entries = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        entries.add(new IndexEntry(type.read(d), type.read(d), d.readLong(), d.readLong()));
      }
      return new RangeIndex(format, table, column, type, pageSize, stamp, entries);
    } catch (java.io.EOFException | ArrayIndexOutOfBoundsException e) {
      throw new IOException(path + ": truncated range index", e);
    }
  }
}
