package org.hadoopopt.shmstreaming.ring;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Writes records into a ring: {@link #claim} space for one whole record, {@link #put} its
 * parts, {@link #commit} it. Publishes the tail lazily, as a pipe's buffer is flushed: every
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

  public RingProducer(String name, ByteBuffer segment, Peer peer, long stallMs) throws IOException {
    super(name, segment, peer, stallMs);
    this.pos = getLong(RingLayout.OFF_TAIL);
    this.published = pos;
    this.headCache = getLong(RingLayout.OFF_HEAD);
  }

  public int maxRecord() {
    return RingLayout.maxRecord(capacity);
  }

  /** Reserves room for a record of {@code len} bytes, waiting for the consumer if needed. */
  public void claim(int len) throws IOException {
    if (len < 0 || len > maxRecord()) {
      throw new IOException(name + ": a record of " + len + " bytes is larger than the ring can hold (" + maxRecord()
          + " bytes); raise stream.shm.buffer.size");
    }
    int span = RingLayout.recordSpan(len);
    int off = (int) (pos & mask);
    long toEnd = capacity - off;
    long need = span > toEnd ? toEnd + span : span;
    if (capacity - (pos - headCache) < need) {
      headCache = getLong(RingLayout.OFF_HEAD);
      if (capacity - (pos - headCache) < need) {
        waitForSpace(need);
      }
    }
    if (span > toEnd) {
      data.putInt(off, RingLayout.PADDING);
      pos += toEnd;
      off = 0;
    }
    data.putInt(off, len);
    writeOff = off + RingLayout.RECORD_HEADER;
    recordEnd = writeOff + len;
    claimedLen = len;
  }

  public void put(byte[] b, int off, int len) {
    if (writeOff + len > recordEnd) {
      throw new IllegalStateException(name + ": more bytes put than claimed");
    }
    data.position(writeOff);
    data.put(b, off, len);
    writeOff += len;
  }

  /** Completes the claimed record; it becomes visible with the next publication. */
  public void commit() {
    pos += RingLayout.recordSpan(claimedLen);
    if (++sinceWake >= batch || pos - published >= publishBytes) {
      publish();
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

  private void waitForSpace(long need) throws IOException {
    long since = System.currentTimeMillis();
    while (true) {
      if (consumerClosed()) {
        throw new IOException(name + ": the external program closed its input channel and reads no more records");
      }
      flush(); // the consumer must be awake to make room
      long before = headCache;
      sleep(RingLayout.OFF_PRODUCER_WAITING, () -> capacity - (pos - getLong(RingLayout.OFF_HEAD)) >= need);
      headCache = getLong(RingLayout.OFF_HEAD);
      if (capacity - (pos - headCache) >= need) {
        return;
      }
      if (headCache != before) {
        since = System.currentTimeMillis();
      } else {
        since = checkPeer(since, "room in the ring (the external program stopped reading its input?)");
      }
    }
  }
}
