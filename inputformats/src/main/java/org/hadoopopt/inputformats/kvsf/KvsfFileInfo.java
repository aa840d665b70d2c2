package org.hadoopopt.inputformats.kvsf;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FSDataInputStream;
import org.hadoopopt.inputformats.record.Schema;

/** What a KeyValueSequenceFile's header and trailer say, read and checked before any page. */
public final class KvsfFileInfo {
  private final String name;
  private final Schema schema;
  private final String codecName;
  private final int pageSize;
  private final int headerLength;
  private final long pageCount;
  private final long recordCount;
  private final long dataEnd;

  private KvsfFileInfo(String name, Schema schema, String codecName, int pageSize, int headerLength,
      long pageCount, long recordCount, long dataEnd) {
    this.name = name;
    this.schema = schema;
    this.codecName = codecName;
    this.pageSize = pageSize;
    this.headerLength = headerLength;
    this.pageCount = pageCount;
    this.recordCount = recordCount;
    this.dataEnd = dataEnd;
  }

  /** Reads header and trailer of the file {@code name} of {@code length} bytes, with positional reads. */
  public static KvsfFileInfo read(FSDataInputStream in, String name, long length) throws IOException {
    byte[] h = new byte[(int) Math.min(KvsfLayout.MAX_HEADER_LENGTH, length)];
    in.readFully(0, h);
    if (h.length < KvsfLayout.MAGIC.length || !KvsfLayout.startsWith(h, KvsfLayout.MAGIC)) {
      throw new KvsfFormatException(name + ": not a KeyValueSequenceFile (wrong magic at offset 0)");
    }
    if (h.length < KvsfLayout.HEADER_NAMES + 6) {
      throw new KvsfFormatException(name + ": truncated file: " + length + " bytes, shorter than a header");
    }
    if (h[KvsfLayout.HEADER_VERSION] != KvsfLayout.VERSION) {
      throw new KvsfFormatException(name + ": unsupported KeyValueSequenceFile version " + h[KvsfLayout.HEADER_VERSION]);
    }
    int headerLength = (h[KvsfLayout.HEADER_LENGTH] & 0xff) << 8 | (h[KvsfLayout.HEADER_LENGTH + 1] & 0xff);
    if (headerLength > h.length || headerLength < KvsfLayout.HEADER_NAMES + 6) {
      throw new KvsfFormatException(name + ": truncated file: header of " + headerLength + " bytes, file of " + length);
    }
    if (KvsfLayout.crc32c(h, 0, headerLength - 4) != KvsfLayout.getInt(h, headerLength - 4)) {
      throw new KvsfFormatException(name + ": header checksum mismatch (offsets 0.." + headerLength + ")");
    }
    int pageSize = KvsfLayout.getInt(h, KvsfLayout.HEADER_PAGE_SIZE);
    int p = KvsfLayout.HEADER_NAMES;
    int schemaLen = h[p] & 0xff;
    String schemaName = new String(h, p + 1, schemaLen, StandardCharsets.US_ASCII);
    p += 1 + schemaLen;
    int codecLen = h[p] & 0xff;
    String codecName = new String(h, p + 1, codecLen, StandardCharsets.US_ASCII);

    if (length < headerLength + KvsfLayout.TRAILER) {
      throw new KvsfFormatException(name + ": truncated file: " + length + " bytes, no room for the end marker");
    }
    byte[] t = new byte[KvsfLayout.TRAILER];
    in.readFully(length - KvsfLayout.TRAILER, t);
    if (!KvsfLayout.startsWith(t, KvsfLayout.END_MAGIC)
        || KvsfLayout.crc32c(t, 0, KvsfLayout.TRAILER_CRC) != KvsfLayout.getInt(t, KvsfLayout.TRAILER_CRC)) {
      throw new KvsfFormatException(name + ": truncated file: no valid end marker at offset " + (length - KvsfLayout.TRAILER)
          + " (file cut short or still being written)");
    }
    long pageCount = KvsfLayout.getLong(t, KvsfLayout.TRAILER_PAGE_COUNT);
    long recordCount = KvsfLayout.getLong(t, KvsfLayout.TRAILER_RECORD_COUNT);
    long dataEnd = length - KvsfLayout.TRAILER;
    long dataLength = dataEnd - headerLength;
    boolean fits = pageCount == 0 ? dataLength == 0
        : dataLength > (pageCount - 1) * pageSize && dataLength <= pageCount * pageSize;
    if (!fits) {
      throw new KvsfFormatException(name + ": truncated file: " + dataLength + " bytes of pages, but the end marker counts "
          + pageCount + " pages of " + pageSize + " bytes");
    }
    return new KvsfFileInfo(name, Schema.forName(schemaName), codecName, pageSize, headerLength, pageCount, recordCount, dataEnd);
  }

  public String name() {
    return name;
  }

  public Schema schema() {
    return schema;
  }

  public String codecName() {
    return codecName;
  }

  public int pageSize() {
    return pageSize;
  }

  public int headerLength() {
    return headerLength;
  }

  public long pageCount() {
    return pageCount;
  }

  public long recordCount() {
    return recordCount;
  }

  /** Offset of page {@code k}. */
  public long pageOffset(long k) {
    return headerLength + k * pageSize;
  }

  /** Bytes page {@code k} occupies in the file (the last page may be short). */
  public int pageBytes(long k) {
    return (int) Math.min(pageSize, dataEnd - pageOffset(k));
  }

  /** The first page starting at or after {@code offset}. */
  public long firstPageAtOrAfter(long offset) {
    if (offset <= headerLength) {
      return 0;
    }
    long k = (offset - headerLength + pageSize - 1) / pageSize;
    return Math.min(k, pageCount);
  }
}
