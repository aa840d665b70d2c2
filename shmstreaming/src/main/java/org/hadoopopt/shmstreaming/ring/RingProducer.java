package org.hadoopopt.shmstreaming.ring;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Writes records into a ring: {@link #claim} space for one whole record, {@link #put} its
 * parts, {@link #commit} it. Wakes a sleeping consumer only every batch-size records, when the
 * fill crosses half the ring, on {@link #flush}, and before sleeping itself.
 */
public final class RingProducer extends RingSide {
  private long pos;
  private long headCache;
  private int sinceWake;
  private int writeOff;
  private int recordEnd;
  private int claimedLen;

  public RingProducer(String name, ByteBuffer segment, Peer peer, long stallMs) throws IOException {
    super(name, segment, peer, stallMs);
    this.pos = getLong(RingLayout.OFF_TAIL);
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

  /** Publishes the claimed record. */
  public void commit() {
    long before = pos - headCache;
    pos += RingLayout.recordSpan(claimedLen);
    putLong(RingLayout.OFF_TAIL, pos);
    long half = capacity >> 1;
    if (++sinceWake >= batch || (before < half && pos - headCache >= half)) {
      sinceWake = 0;
      wakeIfWaiting(RingLayout.OFF_CONSUMER_WAITING);
    }
  }

  /**
   * Wakes the consumer if it sleeps and records were committed since the last wake-up check,
   * whatever the batch count. Without such records there is nothing to wake it for: every
   * earlier record was followed by a check, and a consumer that went to sleep after one saw it.
   */
  public void flush() {
    if (sinceWake > 0) {
      sinceWake = 0;
      wakeIfWaiting(RingLayout.OFF_CONSUMER_WAITING);
    }
  }

  /** Ends the stream: 1 = normally, 2 = aborted. */
  public void closeStream(int code) {
    if (!isUnmapped()) {
      putInt(RingLayout.OFF_PRODUCER_CLOSED, code);
      sinceWake = 0;
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
