package org.hadoopopt.inputformats.kvsf;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import org.apache.hadoop.io.DataOutputBuffer;
import org.hadoopopt.inputformats.codec.BinaryCodec;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Writes a KeyValueSequenceFile ({@link KvsfLayout}) sequentially: records are encoded with the
 * codec and packed into pages; a page is written when the next record does not fit. A record
 * larger than a page's payload is refused with {@link RecordTooLargeException} (nothing of it is
 * written; the file stays valid if the caller goes on or closes). Each file gets a random id in its
 * header, which every page's and the trailer's checksum covers.
 */
public final class KvsfWriter implements Closeable {
  private static final SecureRandom IDS = new SecureRandom();

  private final OutputStream out;
  private final String name;
  private final Schema schema;
  private final BinaryCodec codec;
  private final int pageSize;
  private final long fileId = IDS.nextLong();
  private final byte[] page;
  private final DataOutputBuffer scratch = new DataOutputBuffer();
  private int pos = KvsfLayout.PAGE_HEADER;
  private int pageRecords;
  private int lastRecord;
  private long pages;
  private long records;
  private boolean closed;

  /** Writes the header to {@code out} at once; {@code name} only serves error messages. */
  public KvsfWriter(OutputStream out, String name, Schema schema, BinaryCodec codec, int pageSize) throws IOException {
    this.out = out;
    this.name = name;
    this.schema = schema;
    this.codec = codec;
    this.pageSize = KvsfLayout.checkPageSize(pageSize, "page size");
    this.page = new byte[pageSize];
    writeHeader();
  }

  private void writeHeader() throws IOException {
    byte[] s = schema.spec().getBytes(StandardCharsets.US_ASCII);
    if (s.length > 255) {
      throw new IllegalArgumentException(name + ": table spec longer than the header's 255 bytes: " + schema.spec());
    }
    byte[] c = codec.name().getBytes(StandardCharsets.US_ASCII);
    if (c.length > 255) {
      throw new IllegalArgumentException("codec name longer than 255 bytes: " + codec.name());
    }
    int len = KvsfLayout.HEADER_NAMES + 1 + s.length + 1 + c.length + 4;
    byte[] h = new byte[len];
    System.arraycopy(KvsfLayout.MAGIC, 0, h, 0, 4);
    h[KvsfLayout.HEADER_VERSION] = KvsfLayout.VERSION;
    h[KvsfLayout.HEADER_LENGTH] = (byte) (len >>> 8);
    h[KvsfLayout.HEADER_LENGTH + 1] = (byte) len;
    KvsfLayout.putInt(h, KvsfLayout.HEADER_PAGE_SIZE, pageSize);
    KvsfLayout.putLong(h, KvsfLayout.HEADER_FILE_ID, fileId);
    int p = KvsfLayout.HEADER_NAMES;
    h[p++] = (byte) s.length;
    System.arraycopy(s, 0, h, p, s.length);
    p += s.length;
    h[p++] = (byte) c.length;
    System.arraycopy(c, 0, h, p, c.length);
    KvsfLayout.putInt(h, len - 4, KvsfLayout.crc32c(h, 0, len - 4));
    out.write(h);
  }

  /** Appends {@code row}, which must be of this file's schema. */
  public void append(Row row) throws IOException {
    if (row.schema() != schema) {
      throw new IllegalArgumentException(name + ": a " + row.schema().name() + " row in a " + schema.name() + " file");
    }
    scratch.reset();
    codec.encode(row, scratch);
    int len = scratch.getLength();
    if (len > pageSize - KvsfLayout.PAGE_HEADER) {
      throw new RecordTooLargeException(name + ": record " + records, len, pageSize - KvsfLayout.PAGE_HEADER, pageSize);
    }
    if (pos + len > pageSize) {
      flushPage(true);
    }
    System.arraycopy(scratch.getData(), 0, page, pos, len);
    lastRecord = pos;
    pos += len;
    pageRecords++;
    records++;
  }

  private void flushPage(boolean pad) throws IOException {
    KvsfLayout.putLong(page, KvsfLayout.PAGE_NUMBER, pages);
    KvsfLayout.putLong(page, KvsfLayout.PAGE_FIRST_RECORD_NUMBER, records - pageRecords);
    KvsfLayout.putInt(page, KvsfLayout.PAGE_PAYLOAD_LENGTH, pos - KvsfLayout.PAGE_HEADER);
    KvsfLayout.putInt(page, KvsfLayout.PAGE_RECORD_COUNT, pageRecords);
    KvsfLayout.putInt(page, KvsfLayout.PAGE_FIRST_RECORD, KvsfLayout.PAGE_HEADER);
    KvsfLayout.putInt(page, KvsfLayout.PAGE_LAST_RECORD, lastRecord);
    KvsfLayout.putInt(page, KvsfLayout.PAGE_CRC, KvsfLayout.pageCrc(fileId, page, pos - KvsfLayout.PAGE_HEADER));
    if (pad) {
      Arrays.fill(page, pos, pageSize, (byte) 0);
    }
    out.write(page, 0, pad ? pageSize : pos);
    pages++;
    pos = KvsfLayout.PAGE_HEADER;
    pageRecords = 0;
  }

  /** The file's random id (in its header). */
  public long fileId() {
    return fileId;
  }

  public long records() {
    return records;
  }

  /** Pages written so far (a page is written when a record does not fit in it, and at close). */
  public long pages() {
    return pages;
  }

  /** Writes the last page and the trailer, then closes the stream. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (pageRecords > 0) {
        flushPage(false);
      }
      byte[] t = new byte[KvsfLayout.TRAILER];
      System.arraycopy(KvsfLayout.END_MAGIC, 0, t, 0, 4);
      KvsfLayout.putLong(t, KvsfLayout.TRAILER_PAGE_COUNT, pages);
      KvsfLayout.putLong(t, KvsfLayout.TRAILER_RECORD_COUNT, records);
      KvsfLayout.putInt(t, KvsfLayout.TRAILER_CRC, KvsfLayout.trailerCrc(fileId, t));
      out.write(t);
    } finally {
      out.close();
    }
  }
}
