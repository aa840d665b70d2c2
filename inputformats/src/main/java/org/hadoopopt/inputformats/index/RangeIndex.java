package org.hadoopopt.inputformats.index;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.inputformats.kvsf.KvsfLayout;

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

  /**
   * Reads an index file; a damaged one fails with an IOException naming it and the offset. Past
   * its checksum the file is as written or forged, so every field is checked before use: the entry
   * count against the bytes left, the format and key type against their values, and the entries
   * against each other (each page's first key at most its last, pages in key order, contiguous,
   * inside the data file the stamp records), so that a forged index cannot make pages overlap,
   * repeat or vanish.
   */
  public static RangeIndex read(FileSystem fs, Path path) throws IOException {
    ChecksummedFile.Body d = ChecksummedFile.read(fs, path, "range index", RangeIndexLayout.MAGIC, RangeIndexLayout.VERSION,
        8, Integer.MAX_VALUE);
    try {
      int format = d.readByte();
      if (format != RangeIndexLayout.FORMAT_TEXT && format != RangeIndexLayout.FORMAT_KVSF) {
        throw d.bad("unknown data format " + format);
      }
      String table = d.readUTF();
      String column = d.readUTF();
      KeyType type = KeyType.readType(d);
      int pageSize = d.readInt();
      if (pageSize <= 0) {
        throw d.bad("page size " + pageSize);
      }
      DataFileStamp stamp = DataFileStamp.read(d);
      int n = d.readInt();
      int smallestEntry = 2 * (type == KeyType.STRING ? 4 : 8) + 16;
      if (n < 0 || (long) n * smallestEntry > d.available()) {
        throw d.bad(n + " entries, " + d.available() + " bytes left");
      }
      List<IndexEntry> entries = new ArrayList<>(n);
      IndexEntry prev = null;
      for (int i = 0; i < n; i++) {
        IndexEntry e = new IndexEntry(type.read(d), type.read(d), d.readLong(), d.readLong());
        String why = type.compare(e.firstKey(), e.lastKey()) > 0 ? "first key after its last key"
            : prev != null && type.compare(prev.lastKey(), e.firstKey()) > 0 ? "first key before the last key of the entry before"
            : e.offset() < 0 || e.length() <= 0 || e.length() > stamp.length() - e.offset() ? "page outside the data file"
            : prev != null && e.offset() != prev.end() ? "page not right after the page before" : null;
        if (why != null) {
          throw d.bad("entry " + i + " (page at offset " + e.offset() + ", " + e.length() + " bytes): " + why);
        }
        entries.add(e);
        prev = e;
      }
      // The pages cover the data: text from its first byte to its last, KVSF up to its end marker.
      long dataEnd = format == RangeIndexLayout.FORMAT_KVSF ? stamp.length() - KvsfLayout.TRAILER : stamp.length();
      if (n > 0 && (prev.end() != dataEnd || format == RangeIndexLayout.FORMAT_TEXT && entries.get(0).offset() != 0)) {
        throw d.bad("the pages (offsets " + entries.get(0).offset() + ".." + prev.end() + ") do not cover the "
            + RangeIndexLayout.formatName(format) + " data file of " + stamp.length() + " bytes the index was made for");
      }
      if (d.available() != 0) {
        throw d.bad(d.available() + " bytes after the last entry");
      }
      return new RangeIndex(format, table, column, type, pageSize, stamp, entries);
    } catch (IOException e) {
      throw d.failure(e);
    }
  }
}
