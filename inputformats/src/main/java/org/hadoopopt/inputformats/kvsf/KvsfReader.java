package org.hadoopopt.inputformats.kvsf;

import java.io.Closeable;
import java.io.IOException;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.hadoopopt.inputformats.codec.BinaryCodecs;
import org.hadoopopt.inputformats.codec.RecordDecoder;
import org.hadoopopt.inputformats.record.Row;

/**
 * Reads the records of the pages that start in a byte range of a KeyValueSequenceFile, checking
 * each page's CRC32C before decoding it. Ranges need not be aligned: the reader starts at the first
 * page boundary at or after the range start, so every page belongs to exactly one range.
 */
public final class KvsfReader implements Closeable {
  private final FSDataInputStream in;
  private final KvsfFileInfo info;
  private final RecordDecoder<Row> decoder;
  private final long firstPage;
  private final long endPage;
  private final byte[] page;
  private long nextPage;
  private int pageRecordsLeft;
  private long recordsRead;

  /** Reads the pages starting in {@code [start, end)} of the file {@code name} of {@code length} bytes. */
  public KvsfReader(FSDataInputStream in, String name, long length, long start, long end) throws IOException {
    this.in = in;
    this.info = KvsfFileInfo.read(in, name, length);
    this.decoder = BinaryCodecs.forName(info.codecName()).newMutableDecoder(info.schema());
    this.firstPage = info.firstPageAtOrAfter(start);
    this.endPage = info.firstPageAtOrAfter(end);
    this.nextPage = firstPage;
    this.page = new byte[info.pageSize()];
    if (firstPage < endPage) {
      in.seek(info.pageOffset(firstPage));
    }
  }

  public KvsfFileInfo info() {
    return info;
  }

  /** The next record (the same reused row each time), or null after the range's last page. */
  public Row next() throws IOException {
    while (pageRecordsLeft == 0) {
      if (nextPage >= endPage) {
        return null;
      }
      loadPage(nextPage++);
    }
    Row row = decoder.next();
    if (row == null) {
      throw new KvsfFormatException(info.name() + ", page " + (nextPage - 1) + ": fewer records than its header counts");
    }
    pageRecordsLeft--;
    recordsRead++;
    return row;
  }

  private void loadPage(long k) throws IOException {
    long offset = info.pageOffset(k);
    int bytes = info.pageBytes(k);
    in.readFully(page, 0, bytes);
    String where = info.name() + ", page " + k + " (offset " + offset + ")";
    if (bytes < KvsfLayout.PAGE_HEADER) {
      throw new KvsfFormatException(where + ": truncated page: " + bytes + " bytes, shorter than a page header");
    }
    int payload = KvsfLayout.getInt(page, KvsfLayout.PAGE_PAYLOAD_LENGTH);
    if (payload < 0 || payload > bytes - KvsfLayout.PAGE_HEADER) {
      throw new KvsfFormatException(where + ": truncated page: header says " + payload
          + " bytes of records, the page has " + (bytes - KvsfLayout.PAGE_HEADER));
    }
    int crc = KvsfLayout.crc32c(page, 4, KvsfLayout.PAGE_HEADER - 4 + payload);
    if (crc != KvsfLayout.getInt(page, KvsfLayout.PAGE_CRC)) {
      throw new ChecksumException(where + ": page checksum (CRC32C) mismatch, page is corrupt", offset);
    }
    pageRecordsLeft = KvsfLayout.getInt(page, KvsfLayout.PAGE_RECORD_COUNT);
    decoder.reset(page, KvsfLayout.PAGE_HEADER, payload, info.name(), offset + KvsfLayout.PAGE_HEADER);
  }

  /** Fraction of the range's pages started. */
  public float progress() {
    return endPage == firstPage ? 1f : (nextPage - firstPage) / (float) (endPage - firstPage);
  }

  public long recordsRead() {
    return recordsRead;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
