package org.hadoopopt.shmstreaming.ring;

/**
 * The shared-memory ring layout: named offsets of the segment header, the Java mirror of
 * {@code src/main/native/include/smstream_layout.h}. Both are checked against
 * {@code src/test/resources/ring-layout-vector.txt}.
 *
 * <p>The segment is a header of {@link #HEADER_SIZE} bytes followed by a data area of
 * {@code capacity} bytes (a power of two). Producer and consumer positions ({@link #OFF_TAIL},
 * {@link #OFF_HEAD}) count bytes ever written/consumed and sit on separate cache lines, as do the
 * two futex words a side sets before it sleeps. Records start 8-byte aligned: a 4-byte
 * little-endian length and the payload; a length of {@link #PADDING} skips to the end of the
 * data area, so a record written whole is never split across the end and a reader gets it in
 * place.
 *
 * <p>A record of up to {@link #maxWholeRecord} bytes (half the ring, less its length word) is
 * written whole. A larger one travels as consecutive <em>pieces</em>, each framed like a
 * record: every piece but the last has {@link #MORE_PIECES} set in its length word, the last
 * has it clear, and the record is the pieces' payloads joined. A piece holds at most
 * {@link #maxWholeRecord} bytes and never more than fits before the end of the data area (so
 * pieces need no padding); the reader copies them out and releases each, so a record of any
 * size passes any ring. Half the ring is the limit for a whole record because a record wider
 * than the part of the ring in front of it must skip that part as padding, and padding plus
 * record fit the ring together only if the record takes at most half.
 */
public final class RingLayout {
  public static final int MAGIC = 0x52534F48;
  /**
   * 3: records larger than half the ring travel in pieces ({@link #MORE_PIECES}); a record may be
   * a block of whole lines ({@link #BLOCK}).
   */
  public static final int VERSION = 3;
  public static final int OFF_MAGIC = 0;
  public static final int OFF_VERSION = 4;
  public static final int OFF_CAPACITY = 8;
  public static final int OFF_BATCH = 16;
  /** Set to 1 by the external program once it has mapped the segment. */
  public static final int OFF_ATTACHED = 20;
  public static final int OFF_TAIL = 64;
  public static final int OFF_HEAD = 128;
  public static final int OFF_CONSUMER_WAITING = 192;
  public static final int OFF_PRODUCER_WAITING = 256;
  /** 1 = the producer ended the stream normally, 2 = it aborted. */
  public static final int OFF_PRODUCER_CLOSED = 320;
  /** 1 = the consumer stopped reading; {@link #CONSUMER_STDIN_CLOSED} = it cannot see the end of the input. */
  public static final int OFF_CONSUMER_CLOSED = 324;
  /**
   * Consumer-closed code of a program client that found its stdin closed or not a pipe when it
   * opened the channel: the end of input is Streaming closing that stdin, so it could never see it.
   */
  public static final int CONSUMER_STDIN_CLOSED = 2;
  public static final int HEADER_SIZE = 512;
  public static final int RECORD_HEADER = 4;
  public static final int RECORD_ALIGN = 8;
  public static final int PADDING = 0xFFFFFFFF;
  /** Set in a piece's length word when more pieces of the same record follow. */
  public static final int MORE_PIECES = 0x80000000;
  /**
   * Set in a record's length word when its payload is a <em>block</em>: one or more whole lines,
   * each ending in a newline, which the reader splits into records itself. A block is always
   * written whole (never in pieces) and its payload never empty.
   */
  public static final int BLOCK = 0x40000000;
  public static final long MIN_CAPACITY = 4096;
  public static final long MAX_CAPACITY = 1L << 30;

  private RingLayout() {}

  /**
   * Checks a ring capacity.
   *
   * @param key the configuration key it came from, named in the error
   * @throws IllegalArgumentException saying what is wrong
   */
  public static long checkCapacity(long capacity, String key) {
    if (capacity < MIN_CAPACITY || capacity > MAX_CAPACITY) {
      throw new IllegalArgumentException(key + "=" + capacity + " is out of range: the ring capacity must be between "
          + MIN_CAPACITY + " and " + MAX_CAPACITY + " bytes");
    }
    if (Long.bitCount(capacity) != 1) {
      throw new IllegalArgumentException(key + "=" + capacity + " is not a power of two (e.g. "
          + Long.highestOneBit(capacity) + " or " + (Long.highestOneBit(capacity) << 1) + ")");
    }
    return capacity;
  }

  /** Space a record of {@code len} payload bytes takes in the data area. */
  public static int recordSpan(int len) {
    return (RECORD_HEADER + len + RECORD_ALIGN - 1) & -RECORD_ALIGN;
  }

  /**
   * The largest record a ring of this capacity holds whole (larger ones travel in pieces), and
   * the largest piece.
   */
  public static int maxWholeRecord(long capacity) {
    return (int) (capacity / 2 - RECORD_HEADER);
  }
}
