package org.hadoopopt.inputformats.kvsf;

/**
 * The byte layout of a KeyValueSequenceFile (version 2), in one place. All integers are big-endian.
 *
 * <pre>
 * file    = header, page 0, page 1, ..., page N-1, trailer
 * header  = "KVSF", version (1 byte, 2), header length (2), page size (4), file id (8, random, drawn
 *           when the file is created), schema name (1-byte length + ASCII), codec name (1-byte length
 *           + ASCII), CRC32C of all header bytes before it (4)
 * page k  starts at headerLength + k * pageSize; every page but the last is exactly pageSize
 *           bytes (zero padding after the records), the last ends after its last record:
 *           CRC32C (4) of the file id (8 bytes) followed by page bytes [4, 36 + payload length),
 *           page number k (8), number of the page's first record in the file (8), payload length (4),
 *           record count (4, at least 1), offset of the first record (4), offset of the last record (4)
 *           (offsets from the page start), then the records back to back in the codec's encoding.
 *           Records never span pages.
 * trailer = "KVSE", page count (8), record count (8), CRC32C (4) of the file id (8 bytes) followed by
 *           the 20 bytes before it
 * </pre>
 *
 * Because every page starts at a computable offset, a reader can start at any page: a split owns
 * the pages whose first byte lies in it. The page checksum covers the file id and the page number,
 * so a page is valid only in its own file at its own position: a page copied from another file
 * fails its checksum, a page moved, dropped or duplicated carries the wrong number for where it is
 * found. The first record numbers chain the pages' record counts to the trailer's, which tells a
 * cut-short or altered file from a complete one.
 */
public final class KvsfLayout {
  private KvsfLayout() {}

  public static final byte[] MAGIC = {'K', 'V', 'S', 'F'};
  public static final byte[] END_MAGIC = {'K', 'V', 'S', 'E'};
  public static final int VERSION = 2;
  /** The first version, whose pages were not bound to their file; no longer read. */
  public static final int VERSION_UNBOUND_PAGES = 1;

  /** Header offsets. */
  public static final int HEADER_VERSION = 4;
  public static final int HEADER_LENGTH = 5;
  public static final int HEADER_PAGE_SIZE = 7;
  public static final int HEADER_FILE_ID = 11;
  public static final int HEADER_NAMES = 19;
  public static final int MAX_HEADER_LENGTH = HEADER_NAMES + 2 * 256 + 4;

  /** Page header offsets. */
  public static final int PAGE_CRC = 0;
  public static final int PAGE_NUMBER = 4;
  public static final int PAGE_FIRST_RECORD_NUMBER = 12;
  public static final int PAGE_PAYLOAD_LENGTH = 20;
  public static final int PAGE_RECORD_COUNT = 24;
  public static final int PAGE_FIRST_RECORD = 28;
  public static final int PAGE_LAST_RECORD = 32;
  public static final int PAGE_HEADER = 36;

  /** Trailer offsets. */
  public static final int TRAILER_PAGE_COUNT = 4;
  public static final int TRAILER_RECORD_COUNT = 12;
  public static final int TRAILER_CRC = 20;
  public static final int TRAILER = 24;

  public static final int DEFAULT_PAGE_SIZE = 128 * 1024;
  public static final int MIN_PAGE_SIZE = 64;
  /**
   * 1 GiB: room for the research's 128 MB index pages and more, while every page offset and length
   * stays far from int overflow ({@code pos + len} of two values up to this bound fits an int).
   */
  public static final int MAX_PAGE_SIZE = 1 << 30;

  /** Checks a page size, naming {@code what} (a configuration key or argument) if it is out of range. */
  public static int checkPageSize(int pageSize, String what) {
    if (pageSize < MIN_PAGE_SIZE || pageSize > MAX_PAGE_SIZE) {
      throw new IllegalArgumentException(what + " = " + pageSize + ": a page size must be between "
          + MIN_PAGE_SIZE + " and " + MAX_PAGE_SIZE + " bytes");
    }
    return pageSize;
  }

  /**
   * Checks that a KVSF page, which the writer and every reader hold whole in one array, takes at
   * most half of {@code maxHeap} (this JVM's {@code Runtime.maxMemory()}), naming {@code what}:
   * a clear error before anything is written rather than an OutOfMemoryError halfway through.
   */
  public static int checkPageFitsHeap(int pageSize, long maxHeap, String what) {
    if (pageSize > maxHeap / 2) {
      throw new IllegalArgumentException(what + " = " + pageSize + ": a KeyValueSequenceFile page is buffered whole"
          + " by its writer and readers, and this JVM's heap is " + maxHeap + " bytes (a page may take at most half);"
          + " raise the task heap (mapreduce.reduce.java.opts / mapreduce.map.java.opts) or use smaller pages");
    }
    return pageSize;
  }

  static void putInt(byte[] b, int off, int v) {
    b[off] = (byte) (v >>> 24);
    b[off + 1] = (byte) (v >>> 16);
    b[off + 2] = (byte) (v >>> 8);
    b[off + 3] = (byte) v;
  }

  static int getInt(byte[] b, int off) {
    return (b[off] & 0xff) << 24 | (b[off + 1] & 0xff) << 16 | (b[off + 2] & 0xff) << 8 | (b[off + 3] & 0xff);
  }

  static void putLong(byte[] b, int off, long v) {
    putInt(b, off, (int) (v >>> 32));
    putInt(b, off + 4, (int) v);
  }

  static long getLong(byte[] b, int off) {
    return ((long) getInt(b, off)) << 32 | (getInt(b, off + 4) & 0xffffffffL);
  }

  /** The checksum of a page holding {@code payload} bytes of records, bound to the file {@code fileId}. */
  static int pageCrc(long fileId, byte[] page, int payload) {
    java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
    crc.update(idBytes(fileId));
    crc.update(page, PAGE_CRC + 4, PAGE_HEADER - 4 + payload);
    return (int) crc.getValue();
  }

  /** The checksum of a trailer, bound to the file {@code fileId}. */
  static int trailerCrc(long fileId, byte[] trailer) {
    java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
    crc.update(idBytes(fileId));
    crc.update(trailer, 0, TRAILER_CRC);
    return (int) crc.getValue();
  }

  private static byte[] idBytes(long fileId) {
    byte[] b = new byte[8];
    putLong(b, 0, fileId);
    return b;
  }

  static int crc32c(byte[] b, int off, int len) {
    java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
    crc.update(b, off, len);
    return (int) crc.getValue();
  }

  static boolean startsWith(byte[] b, byte[] magic) {
    for (int i = 0; i < magic.length; i++) {
      if (b[i] != magic[i]) {
        return false;
      }
    }
    return true;
  }
}
