package org.hadoopopt.shmstreaming.ring;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Writes records into a ring: {@link #claim} space for one record, {@link #put} its parts,
 * {@link #commit} it; a record larger than half the ring goes in pieces as it is put
 * (see {@link RingLayout}). Publishes the tail lazily, as a pipe's buffer is flushed: every
 * batch-size records or quarter ring of bytes, on {@link #flush}, before sleeping and at the end;
 * each publication wakes the consumer if it sleeps. (A tail stored per record made the consumer,
 * which re-reads it whenever it caught up, pull its cache line across cores once per record.)
 */
public final class RingProducer extends RingSide {
  private long pos;
  private long published;
  private long headCache;
  private int sinceWake;
  private int writeOff;
  private int recordEnd;
  private int claimedLen;
  /** Bytes of the record being written in pieces that no piece has taken yet. */
  private long piecesLeft;
  private final int maxWhole;

  public RingProducer(String name, ByteBuffer segment, Peer peer, long stallMs) throws IOException {
    super(name, segment, peer, stallMs);
    this.pos = startTail;
    this.published = pos;
    this.headCache = startHead;
    this.maxWhole = RingLayout.maxWholeRecord(capacity);
  }

  /** The largest record written whole; larger ones travel in pieces. */
  public int maxWholeRecord() {
    return maxWhole;
  }

  /**
   * Reserves room for a record of {@code len} bytes, waiting for the consumer if needed. A
   * record larger than {@link #maxWholeRecord()} is written in pieces as {@link #put} fills them.
   */
  public void claim(long len) throws IOException {
    if (len > maxWhole || len < 0) {
      claimPieces(len);
      return;
    }
    int span = RingLayout.recordSpan((int) len);
    int off = (int) (pos & mask);
    long toEnd = capacity - off;
    room(span > toEnd ? toEnd + span : span);
    if (span > toEnd) {
      data.putInt(off, RingLayout.PADDING);
      pos += toEnd;
      off = 0;
    }
    data.putInt(off, (int) len);
    writeOff = off + RingLayout.RECORD_HEADER;
    recordEnd = writeOff + (int) len;
    claimedLen = (int) len;
  }

  /** Waits until {@code need} bytes are free; the head is re-read only when the last one seen leaves too little. */
  private void room(long need) throws IOException {
    if (capacity - (pos - headCache) < need) {
      headCache = getLong(RingLayout.OFF_HEAD);
      checkPositions(headCache, pos, "head", RingLayout.OFF_HEAD); // a head ahead of the tail would free unread bytes
      if (capacity - (pos - headCache) < need) {
        waitForSpace(need);
      }
    }
  }

  public void put(byte[] b, int off, int len) throws IOException {
    if (writeOff + len > recordEnd) {
      putPieces(b, off, len);
      return;
    }
    data.position(writeOff);
    data.put(b, off, len);
    writeOff += len;
  }

  /**
   * Writes one block record ({@link RingLayout#BLOCK}): {@code len} bytes of whole lines, each
   * ending in a newline, {@code 0 < len <= maxWholeRecord()}; the consumer splits it into records.
   */
  public void putBlock(byte[] b, int off, int len) throws IOException {
    if (len <= 0 || len > maxWhole) {
      throw new IllegalArgumentException(name + ": a block of " + len + " bytes (1 to " + maxWhole + ")");
    }
    claim(len);
    data.putInt(writeOff - RingLayout.RECORD_HEADER, len | RingLayout.BLOCK);
    put(b, off, len);
    commit();
  }

  /** Completes the claimed record; it becomes visible with the next publication. */
  public void commit() {
    if (piecesLeft != 0 || writeOff != recordEnd) {
      throw new IllegalStateException(name + ": fewer bytes put than claimed");
    }
    endPiece();
  }

  private void endPiece() {
    pos += RingLayout.recordSpan(claimedLen);
    if (++sinceWake >= batch || pos - published >= publishBytes) {
      publish();
    }
  }

  private void claimPieces(long len) throws IOException {
    if (len < 0) {
      throw new IllegalArgumentException(name + ": negative record length " + len);
    }
    piecesLeft = len;
    openPiece();
  }

  /** Frames the next piece where the ring's position is, as large as the record, the limit and the end of the area allow. */
  private void openPiece() throws IOException {
    int off = (int) (pos & mask);
    int n = (int) Math.min(piecesLeft, Math.min(maxWhole, capacity - off - RingLayout.RECORD_HEADER));
    room(RingLayout.recordSpan(n));
    piecesLeft -= n;
    data.putInt(off, piecesLeft > 0 ? n | RingLayout.MORE_PIECES : n);
    writeOff = off + RingLayout.RECORD_HEADER;
    recordEnd = writeOff + n;
    claimedLen = n;
  }

  /** The slow path of {@link #put}: a pieced record's bytes across piece boundaries. */
  private void putPieces(byte[] b, int off, int len) throws IOException {
    while (len > 0) {
      if (writeOff == recordEnd) {
        if (piecesLeft == 0) {
          throw new IllegalStateException(name + ": more bytes put than claimed");
        }
        endPiece();
        openPiece();
      }
      int n = Math.min(len, recordEnd - writeOff);
      data.position(writeOff);
      data.put(b, off, n);
      writeOff += n;
      off += n;
      len -= n;
    }
  }

  private void publish() {
    putLong(RingLayout.OFF_TAIL, pos);
    published = pos;
    sinceWake = 0;
    wakeIfWaiting(RingLayout.OFF_CONSUMER_WAITING);
  }

  /**
   * Publishes what was written and wakes the consumer if it sleeps. With nothing new there is
   * nothing to wake it for: every earlier record was published, and a consumer that went to
   * sleep after that saw it.
   */
  public void flush() {
    if (published != pos) {
      publish();
    }
  }

  /** Ends the stream: 1 = normally, 2 = aborted. */
  public void closeStream(int code) {
    if (!isUnmapped()) {
      flush();
      putInt(RingLayout.OFF_PRODUCER_CLOSED, code);
      wakeIfWaiting(RingLayout.OFF_CONSUMER_WAITING); // the close itself is news
    }
  }

  public boolean consumerClosed() {
    return getInt(RingLayout.OFF_CONSUMER_CLOSED) != 0;
  }

  /** Null, or why the consumer cannot read the stream to its end although it lives (or its code is not one of ours). */
  public String consumerProblem() {
    int code = getInt(RingLayout.OFF_CONSUMER_CLOSED);
    if (code == RingLayout.CONSUMER_STDIN_CLOSED) {
      return STDIN_CLOSED;
    }
    if (code < 0 || code > RingLayout.CONSUMER_STDIN_CLOSED) {
      return "corrupt ring header, consumer-closed code " + Integer.toUnsignedString(code) + " at offset "
          + RingLayout.OFF_CONSUMER_CLOSED + " (1 or 2)";
    }
    return null;
  }

  /** The documented words of the failure of a program whose stdin is closed or not Streaming's pipe. */
  public static final String STDIN_CLOSED = "the external program's stdin is closed or redirected, but stdin must stay open "
      + "with shm input: the client library learns the end of the input from Streaming closing it";

  private void waitForSpace(long need) throws IOException {
    long since = System.currentTimeMillis();
    while (true) {
      if (consumerClosed()) {
        String problem = consumerProblem();
        throw new IOException(name + ": " + (problem != null ? problem
            : "the external program closed its input channel and reads no more records"));
      }
      flush(); // the consumer must be awake to make room
      long before = headCache;
      sleep(RingLayout.OFF_PRODUCER_WAITING, () -> capacity - (pos - getLong(RingLayout.OFF_HEAD)) >= need);
      headCache = getLong(RingLayout.OFF_HEAD);
      checkPositions(headCache, pos, "head", RingLayout.OFF_HEAD);
      if (capacity - (pos - headCache) >= need) {
        return;
      }
      if (headCache != before) {
        since = System.currentTimeMillis();
      } else if (!consumerClosed()) { // a consumer that closed says why before it exits: report that
        since = checkPeer(since, "room in the ring (the external program stopped reading its input?)");
      }
    }
  }
}
