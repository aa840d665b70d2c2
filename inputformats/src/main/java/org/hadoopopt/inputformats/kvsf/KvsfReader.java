package org.hadoopopt.inputformats.kvsf;

import java.io.Closeable;
import java.io.IOException;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.hadoopopt.inputformats.codec.BinaryCodecs;
import org.hadoopopt.inputformats.codec.RecordDecoder;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;

/**
 * Reads the records of the pages that start in a byte range of a KeyValueSequenceFile, checking
 * each page before decoding it: its CRC32C (which covers the file's id, so a page of another file
 * fails), its page number (the position it is read from: a page moved, dropped or duplicated
 * fails), its first record number (consecutive with the page before it) and, for the file's last
 * page, the trailer's record count. Ranges need not be aligned: the reader starts at the first page
 * boundary at or after the range start, so every page belongs to exactly one range.
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
  /** The first record number the next page must carry, or -1 before the first page read. */
  private long nextRecordNumber = -1;
  /** Whether the current page's end is still to be checked, and its record count. */
  private boolean pageLoaded;
  private int pageCount;

  /** Reads the pages starting in {@code [start, end)} of the file {@code name} of {@code length} bytes. */
  public KvsfReader(FSDataInputStream in, String name, long length, long start, long end) throws IOException {
    this(in, KvsfFileInfo.read(in, name, length), start, end);
  }

  /**
   * Reads the pages starting in {@code [start, end)} of a file whose header and end marker were
   * read and checked already ({@code info}, from another reader of the same open file).
   */
  public KvsfReader(FSDataInputStream in, KvsfFileInfo info, long start, long end) throws IOException {
    this.in = in;
    this.info = info;
    this.decoder = BinaryCodecs.forName(info.codecName()).newMutableDecoder(info.schema());
    this.firstPage = info.firstPageAtOrAfter(start);
    this.endPage = info.firstPageAtOrAfter(end);
    this.nextPage = firstPage;
    // No larger than the file's largest page (the first): a page size in the header cannot make it allocate more.
    this.page = new byte[Math.max(0, info.pageBytes(0))];
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
      if (pageLoaded) {
        pageLoaded = false;
        checkPageEnd();
      }
      if (nextPage >= endPage) {
        return null;
      }
      loadPage(nextPage++);
    }
    Row row = decoder.next();
    if (row == null) {
      throw new KvsfFormatException(where(nextPage - 1) + ": fewer records than its header counts ("
          + pageCount + ")");
    }
    pageRecordsLeft--;
    recordsRead++;
    return row;
  }

  /**
   * After a page's counted records the decoder must be at the end of its payload: a count or a
   * record length that disagrees with the bytes would otherwise drop records unnoticed, even under
   * a valid checksum. Checked when the next record is asked for (the row just returned is reused).
   */
  private void checkPageEnd() throws IOException {
    boolean more;
    try {
      more = decoder.next() != null;
    } catch (MalformedRecordException e) {
      more = true; // bytes that are not even a record: structural all the same
    }
    if (more) {
      throw new KvsfFormatException(where(nextPage - 1) + ": bytes left in the payload after its " + pageCount
          + " counted records");
    }
  }

  /** The page, its number and offset, for messages: {@code FILE, page K (offset O)}. */
  public String where(long k) {
    return info.name() + ", page " + k + " (offset " + info.pageOffset(k) + ")";
  }

  /**
   * Loads the range's next page whole, checked as {@link #next} checks it, for a reader that decodes
   * pages itself ({@code batch.KvsfBatchReader}); false after the range's last page. The page is then
   * {@link #page()}: its records from {@link KvsfLayout#PAGE_HEADER}, {@link #pagePayload()} bytes of
   * them, {@link #pageRecords()} records. Not to be mixed with {@link #next}.
   */
  public boolean nextPage() throws IOException {
    if (nextPage >= endPage) {
      return false;
    }
    loadPage(nextPage++);
    pageLoaded = false; // the caller checks the page's end
    pageRecordsLeft = 0;
    recordsRead += pageCount;
    return true;
  }

  /** The page {@link #nextPage} loaded (the array is reused for the next page). */
  public byte[] page() {
    return page;
  }

  /** Bytes of records in the loaded page, from {@link KvsfLayout#PAGE_HEADER}. */
  public int pagePayload() {
    return KvsfLayout.getInt(page, KvsfLayout.PAGE_PAYLOAD_LENGTH);
  }

  /** Records the loaded page's header counts. */
  public int pageRecords() {
    return pageCount;
  }

  /** The loaded page's number in the file. */
  public long pageNumber() {
    return nextPage - 1;
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
    if (KvsfLayout.pageCrc(info.fileId(), page, payload) != KvsfLayout.getInt(page, KvsfLayout.PAGE_CRC)) {
      throw new ChecksumException(where + ": page checksum (CRC32C over this file's id and the page) mismatch:"
          + " the page is corrupt or belongs to another file", offset);
    }
    long number = KvsfLayout.getLong(page, KvsfLayout.PAGE_NUMBER);
    if (number != k) {
      throw new KvsfFormatException(where + ": holds page " + number + " of this file: pages moved, dropped or duplicated");
    }
    int count = KvsfLayout.getInt(page, KvsfLayout.PAGE_RECORD_COUNT);
    long firstRecord = KvsfLayout.getLong(page, KvsfLayout.PAGE_FIRST_RECORD_NUMBER);
    long expected = k == 0 ? 0 : nextRecordNumber;
    if (count < 1 || expected >= 0 && firstRecord != expected) {
      throw new KvsfFormatException(where + ": starts at record " + firstRecord + " with " + count
          + " records, the pages before it end at record " + expected);
    }
    if (k == info.pageCount() - 1) {
      if (firstRecord + count != info.recordCount()) {
        throw new KvsfFormatException(where + ": the last page ends at record " + (firstRecord + count)
            + ", but the end marker counts " + info.recordCount() + " records");
      }
      if (KvsfLayout.PAGE_HEADER + payload != bytes) {
        throw new KvsfFormatException(where + ": the last page is " + bytes + " bytes, its header accounts for "
            + (KvsfLayout.PAGE_HEADER + payload));
      }
    }
    nextRecordNumber = firstRecord + count;
    pageRecordsLeft = count;
    pageCount = count;
    pageLoaded = true;
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
