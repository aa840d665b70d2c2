package org.hadoopopt.inputformats.kvsf;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FSDataInputStream;
import org.hadoopopt.inputformats.codec.BinaryCodecs;
import org.hadoopopt.inputformats.record.Schema;

/** What a KeyValueSequenceFile's header and trailer say, read and checked before any page. */
public final class KvsfFileInfo {
  private final String name;
  private final Schema schema;
  private final String codecName;
  private final int pageSize;
  private final int headerLength;
  private final long fileId;
  private final long pageCount;
  private final long recordCount;
  private final long dataEnd;

  private KvsfFileInfo(String name, Schema schema, String codecName, int pageSize, int headerLength, long fileId,
      long pageCount, long recordCount, long dataEnd) {
    this.name = name;
    this.schema = schema;
    this.codecName = codecName;
    this.pageSize = pageSize;
    this.headerLength = headerLength;
    this.fileId = fileId;
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
    if (h.length <= KvsfLayout.HEADER_VERSION) {
      throw new KvsfFormatException(name + ": truncated file: " + length + " bytes, shorter than a header (ends at offset "
          + length + ")");
    }
    int version = h[KvsfLayout.HEADER_VERSION];
    if (version == KvsfLayout.VERSION_UNBOUND_PAGES) {
      throw new KvsfFormatException(name + ": KeyValueSequenceFile version " + version + ", this reader reads version "
          + KvsfLayout.VERSION + " only (its pages are bound to their file and position): convert or load the table"
          + " again (KvsfConvert, load --format kvsf)");
    }
    if (version != KvsfLayout.VERSION) {
      throw new KvsfFormatException(name + ": unsupported KeyValueSequenceFile version " + version + " (offset "
          + KvsfLayout.HEADER_VERSION + ")");
    }
    if (h.length < KvsfLayout.HEADER_NAMES + 6) {
      throw new KvsfFormatException(name + ": truncated file: " + length + " bytes, shorter than a header (ends at offset "
          + length + ")");
    }
    int headerLength = (h[KvsfLayout.HEADER_LENGTH] & 0xff) << 8 | (h[KvsfLayout.HEADER_LENGTH + 1] & 0xff);
    if (headerLength > h.length || headerLength < KvsfLayout.HEADER_NAMES + 6) {
      throw new KvsfFormatException(name + ": truncated file: header of " + headerLength + " bytes (length at offset "
          + KvsfLayout.HEADER_LENGTH + "), file of " + length);
    }
    if (KvsfLayout.crc32c(h, 0, headerLength - 4) != KvsfLayout.getInt(h, headerLength - 4)) {
      throw new KvsfFormatException(name + ": header checksum mismatch (offsets 0.." + headerLength + ")");
    }
    // Past the checksum the header is as written, or forged: every field is still checked before use.
    int pageSize = KvsfLayout.getInt(h, KvsfLayout.HEADER_PAGE_SIZE);
    if (pageSize < KvsfLayout.MIN_PAGE_SIZE || pageSize > KvsfLayout.MAX_PAGE_SIZE) {
      throw new KvsfFormatException(name + ": page size " + pageSize + " at offset " + KvsfLayout.HEADER_PAGE_SIZE
          + " is out of range (" + KvsfLayout.MIN_PAGE_SIZE + ".." + KvsfLayout.MAX_PAGE_SIZE + ")");
    }
    long fileId = KvsfLayout.getLong(h, KvsfLayout.HEADER_FILE_ID);
    int p = KvsfLayout.HEADER_NAMES;
    int schemaLen = h[p] & 0xff;
    int codecAt = p + 1 + schemaLen;
    if (codecAt + 1 + (h[Math.min(codecAt, h.length - 1)] & 0xff) != headerLength - 4) {
      throw new KvsfFormatException(name + ": the table and codec names (offset " + p + ") do not fill the header of "
          + headerLength + " bytes");
    }
    String schemaName = new String(h, p + 1, schemaLen, StandardCharsets.US_ASCII);
    int codecLen = h[codecAt] & 0xff;
    String codecName = new String(h, codecAt + 1, codecLen, StandardCharsets.US_ASCII);
    Schema schema;
    try {
      schema = Schema.forName(schemaName);
      BinaryCodecs.forName(codecName);
    } catch (IllegalArgumentException e) {
      throw new KvsfFormatException(name + ": header (offset " + p + "): " + e.getMessage());
    }

    long trailerAt = length - KvsfLayout.TRAILER;
    if (length < headerLength + KvsfLayout.TRAILER) {
      throw new KvsfFormatException(name + ": truncated file: " + length + " bytes, no room for the end marker after the header (offsets 0.."
          + headerLength + ")");
    }
    byte[] t = new byte[KvsfLayout.TRAILER];
    in.readFully(trailerAt, t);
    if (!KvsfLayout.startsWith(t, KvsfLayout.END_MAGIC)) {
      throw new KvsfFormatException(name + ": truncated file: no end marker at offset " + trailerAt
          + " (file cut short, still being written, or its end marker removed)");
    }
    if (KvsfLayout.trailerCrc(fileId, t) != KvsfLayout.getInt(t, KvsfLayout.TRAILER_CRC)) {
      throw new KvsfFormatException(name + ": end marker at offset " + trailerAt
          + " fails its checksum (CRC32C over this file's id): damaged, or the end marker of another file");
    }
    long pageCount = KvsfLayout.getLong(t, KvsfLayout.TRAILER_PAGE_COUNT);
    long recordCount = KvsfLayout.getLong(t, KvsfLayout.TRAILER_RECORD_COUNT);
    long dataLength = trailerAt - headerLength;
    // Pages of the counted number must fill the data, the last one possibly short (no overflow for any count).
    long pagesHeld = (dataLength + pageSize - 1) / pageSize;
    boolean fits = pageCount == pagesHeld && recordCount >= pageCount && (pageCount > 0 || recordCount == 0);
    if (!fits) {
      throw new KvsfFormatException(name + ": the end marker at offset " + trailerAt + " counts " + pageCount + " pages of "
          + pageSize + " bytes and " + recordCount + " records, but the file holds " + dataLength
          + " bytes of pages (offsets " + headerLength + ".." + trailerAt + "): pages dropped or added, or the file cut");
    }
    return new KvsfFileInfo(name, schema, codecName, pageSize, headerLength, fileId, pageCount,
        recordCount, trailerAt);
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

  /** The random id drawn when the file was created; every page's and the trailer's checksum covers it. */
  public long fileId() {
    return fileId;
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
