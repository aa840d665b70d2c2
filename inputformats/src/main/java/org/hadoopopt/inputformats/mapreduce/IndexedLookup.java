package org.hadoopopt.inputformats.mapreduce;

import java.io.Closeable;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.hadoopopt.inputformats.batch.ColumnBatch;
import org.hadoopopt.inputformats.batch.KvsfPageDecoder;
import org.hadoopopt.inputformats.index.IndexEntry;
import org.hadoopopt.inputformats.index.KeyType;
import org.hadoopopt.inputformats.index.RangeIndex;
import org.hadoopopt.inputformats.index.RangeIndexLayout;
import org.hadoopopt.inputformats.kvsf.KvsfFormatException;
import org.hadoopopt.inputformats.kvsf.KvsfReader;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Rows of one loaded KVSF file looked up by key through its range index, instead of read whole: the
 * file is sorted on a STRING column (the loader's {@code --index-column}, e.g. Rankings on pageURL),
 * the index's first and last key per page say which page may hold a key, that page is read and
 * decoded ({@link KvsfPageDecoder}, checked as every KVSF page is) into a {@link ColumnBatch}, and
 * the key is found in it by binary search. Keys asked in ascending order read each page at most once.
 * A stale or missing index is never trusted: the lookup fails naming the file and why (load again).
 */
public final class IndexedLookup implements Closeable {
  private final Path file;
  private final Schema schema;
  private final int keyField;
  private final List<IndexEntry> entries;
  private final byte[][] firstKeys;
  private final byte[][] lastKeys;
  private final KvsfPageDecoder decoder;
  private final ColumnBatch batch;
  private final KvsfReader reader;
  private final FSDataInputStream in;
  private int loaded = -1;
  private int row = -1;
  private long pagesRead;
  private long lookups;

  /**
   * Opens FILE (rows of SCHEMA, loaded as KVSF and indexed on KEY_COLUMN, a STRING column) and
   * decodes the PROJECTED columns of a page (the key column always).
   */
  public IndexedLookup(Configuration conf, Path file, Schema schema, String keyColumn, boolean[] projected) throws IOException {
    this.file = file;
    this.schema = schema;
    this.keyField = RangeIndexInputFormat.fieldOf(schema, keyColumn);
    FileSystem fs = file.getFileSystem(conf);
    FileStatus st = fs.getFileStatus(file);
    Path ip = RangeIndexLayout.indexPathFor(file);
    RangeIndex index = RangeIndex.read(fs, ip);
    String stale = index.staleReason(fs, st);
    if (stale != null) {
      throw new IOException(file + ": its index " + ip + " is stale (" + stale + "): load the table again before looking rows up");
    }
    if (index.format() != RangeIndexLayout.FORMAT_KVSF || index.keyType() != KeyType.STRING
        || !index.column().equals(keyColumn) || !index.table().equals(schema.spec())) {
      throw new IOException(ip + ": indexes " + RangeIndexLayout.formatName(index.format()) + " " + index.table() + " on "
          + index.column() + " (" + index.keyType() + "); a lookup needs KVSF " + schema.name() + " indexed on the STRING column "
          + keyColumn);
    }
    this.entries = index.entries();
    this.firstKeys = new byte[entries.size()][];
    this.lastKeys = new byte[entries.size()][];
    for (int i = 0; i < entries.size(); i++) {
      firstKeys[i] = (byte[]) entries.get(i).firstKey();
      lastKeys[i] = (byte[]) entries.get(i).lastKey();
    }
    boolean[] p = projected.clone();
    p[keyField] = true;
    this.in = fs.open(file);
    this.reader = new KvsfReader(in, file.toString(), st.getLen(), 0, 0); // header and end marker checked; pages read below
    if (reader.info().schema() != schema) {
      throw new KvsfFormatException(file + ": holds " + reader.info().schema().name() + " rows, the lookup reads " + schema.name());
    }
    this.decoder = new KvsfPageDecoder(schema, p, reader.info().codecName());
    this.batch = new ColumnBatch(schema, p, 1024);
  }

  /**
   * Finds the first row whose key column equals {@code KEY[OFF, OFF + LEN)}; true if there is one,
   * then {@link #batch()} row {@link #row()} is it (the first of equal keys).
   */
  public boolean find(byte[] key, int off, int len) throws IOException {
    lookups++;
    int page = firstPageWith(key, off, len);
    while (page >= 0 && page < entries.size() && Arrays.compareUnsigned(firstKeys[page], 0, firstKeys[page].length, key, off,
        off + len) <= 0) {
      load(page);
      int r = lowerBound(key, off, len);
      if (r < batch.rows() && compare(r, key, off, len) == 0) {
        row = r;
        return true;
      }
      if (r < batch.rows()) {
        return false; // a larger key follows in this page: the key is not in the file
      }
      page++;
    }
    row = -1;
    return false;
  }

  /** The page of the row found. */
  public ColumnBatch batch() {
    return batch;
  }

  /** The row found, in {@link #batch()}. */
  public int row() {
    return row;
  }

  /** Pages read and decoded so far. */
  public long pagesRead() {
    return pagesRead;
  }

  public long lookups() {
    return lookups;
  }

  /** The first page whose last key is at least the key (where it would be), or -1 past them all. */
  private int firstPageWith(byte[] key, int off, int len) {
    int lo = 0;
    int hi = entries.size();
    if (loaded >= 0 && Arrays.compareUnsigned(lastKeys[loaded], 0, lastKeys[loaded].length, key, off, off + len) >= 0
        && (loaded == 0 || Arrays.compareUnsigned(lastKeys[loaded - 1], 0, lastKeys[loaded - 1].length, key, off, off + len) < 0)) {
      return loaded; // the page already decoded (keys asked in order mostly stay in it)
    }
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Arrays.compareUnsigned(lastKeys[mid], 0, lastKeys[mid].length, key, off, off + len) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo < entries.size() ? lo : -1;
  }

  private void load(int page) throws IOException {
    if (page == loaded) {
      return;
    }
    IndexEntry e = entries.get(page);
    long k = reader.info().firstPageAtOrAfter(e.offset());
    KvsfReader one = new KvsfReader(in, reader.info(), e.offset(), e.offset() + 1);
    if (!one.nextPage()) {
      throw new KvsfFormatException(file + ": the index's page at offset " + e.offset() + " is not a page of the file");
    }
    decoder.decode(one.page(), one.pagePayload(), one.pageRecords(), batch, file.toString(), reader.info().pageOffset(k),
        one.where(k));
    batch.selectAll();
    loaded = page;
    pagesRead++;
  }

  /** The first row of the loaded page whose key is at least the key. */
  private int lowerBound(byte[] key, int off, int len) {
    int lo = 0;
    int hi = batch.rows();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (compare(mid, key, off, len) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private int compare(int r, byte[] key, int off, int len) {
    int s = batch.starts(keyField)[r];
    return Arrays.compareUnsigned(batch.strings(keyField), s, s + batch.lengths(keyField)[r], key, off, off + len);
  }

  /** Adds the pages read to the task's {@link RangeIndexCounter#PAGES_TOTAL} ... as read, not pruned. */
  public void countInto(TaskAttemptContext ctx) {
    ctx.getCounter(RangeIndexCounter.PAGES_TOTAL).increment(entries.size());
    ctx.getCounter(RangeIndexCounter.PAGES_PRUNED).increment(entries.size() - pagesRead);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
