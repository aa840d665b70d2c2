package org.hadoopopt.inputformats.index;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Collects the pages of a data file as it is written in key order, then writes the index beside
 * the closed data file, stamped with what tells it from any later change ({@link DataFileStamp}).
 * Keys must not decrease.
 */
public final class RangeIndexBuilder {
  private final int format;
  private final String table;
  private final String column;
  private final KeyType type;
  private final int pageSize;
  private final List<IndexEntry> entries = new ArrayList<>();
  private Object lastKey;

  public RangeIndexBuilder(int format, String table, String column, KeyType type, int pageSize) {
    this.format = format;
    this.table = table;
    this.column = column;
    this.type = type;
    this.pageSize = pageSize;
  }

  /** Adds the next page. */
  public void addPage(Object firstKey, Object lastKey, long offset, long length) {
    if (this.lastKey != null && type.compare(firstKey, this.lastKey) < 0 || type.compare(firstKey, lastKey) > 0) {
      throw new IllegalStateException("page at offset " + offset + " is out of key order on column " + column);
    }
    entries.add(new IndexEntry(firstKey, lastKey, offset, length));
    this.lastKey = lastKey;
  }

  public int pages() {
    return entries.size();
  }

  /** Writes the index of the (closed) data file {@code data}; returns the index path. */
  public Path writeFor(FileSystem fs, Path data) throws IOException {
    FileStatus st = fs.getFileStatus(data);
    Path idx = RangeIndexLayout.indexPathFor(data);
    new RangeIndex(format, table, column, type, pageSize, DataFileStamp.of(fs, st), entries).write(fs, idx);
    return idx;
  }
}
