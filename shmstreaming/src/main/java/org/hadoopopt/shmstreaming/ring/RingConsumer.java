package org.hadoopopt.shmstreaming.ring;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Reads records from a ring in place: {@link #next} returns the length of the next record,
 * whose payload is at {@link #offset()} in {@link #data()} until the following call. Publishes
 * its head lazily, like the producer its tail: every batch-size records or quarter ring of bytes,
 * before sleeping and at the end; each publication wakes the producer if it sleeps.
 */
public final class RingConsumer extends RingSide {
  private long pos;
  private long headPublished;
  private long next;
  private long tailCache;
  private int sinceWake;
  private int offset;

  public RingConsumer(String name, ByteBuffer segment, Peer peer, long stallMs) throws IOException {
    super(name, segment, peer, stallMs);
    this.pos = getLong(RingLayout.OFF_HEAD);
    this.next = pos;
    this.headPublished = pos;
    this.tailCache = pos;
  }

  public ByteBuffer data() {
    return data;
  }

  public int offset() {
    return offset;
  }

  /** The next record's length, or -1 when the producer closed the stream and all is read. */
  public int next() throws IOException {
    release();
    while (true) {
      if (tailCache == pos && !waitForData()) {
        return -1;
      }
      int off = (int) (pos & mask);
      int len = data.getInt(off);
      if (len == RingLayout.PADDING) {
        pos += capacity - off; // published with the next records
        next = pos;
        continue;
      }
      if (len < 0 || len > capacity - off - RingLayout.RECORD_HEADER) {
        throw new IOException(name + ": corrupt ring, record length " + len + " at data offset " + off);
      }
      offset = off + RingLayout.RECORD_HEADER;
      next = pos + RingLayout.recordSpan(len);
      return len;
    }
  }

  private void release() {
    if (next == pos) {
      return;
    }
    pos = next;
    if (++sinceWake >= batch || pos - headPublished >= publishBytes) {
      publishHead();
    }
  }

  private void publishHead() {
    putLong(RingLayout.OFF_HEAD, pos);
    headPublished = pos;
    sinceWake = 0;
    wakeIfWaiting(RingLayout.OFF_PRODUCER_WAITING);
  }

  /** Stops reading: a producer waiting for room fails instead of waiting forever. */
  public void closeStream() {
    if (!isUnmapped()) {
      release();
      if (headPublished != pos) {
        publishHead();
      }
      putInt(RingLayout.OFF_CONSUMER_CLOSED, 1);
      wakeIfWaiting(RingLayout.OFF_PRODUCER_WAITING);
    }
  }

  public int producerClosed() {
    return getInt(RingLayout.OFF_PRODUCER_CLOSED);
  }

  /** True when data arrived, false at a clean end of stream. */
  private boolean waitForData() throws IOException {
    long since = System.currentTimeMillis();
    while (true) {
      tailCache = getLong(RingLayout.OFF_TAIL);
      if (tailCache != pos) {
        return true;
      }
      int closed = producerClosed();
      if (closed != 0) {
        tailCache = getLong(RingLayout.OFF_TAIL); // everything was published before the close
        if (tailCache != pos) {
          return true;
        }
        if (closed == 2) {
          throw new IOException(name + ": the external program aborted its output stream");
        }
        return false;
      }
      if (headPublished != pos) { // the ring is empty: publish all we consumed, the producer may write
        publishHead();
      } else {
        wakeIfWaiting(RingLayout.OFF_PRODUCER_WAITING);
      }
      sleep(RingLayout.OFF_CONSUMER_WAITING,
          () -> getLong(RingLayout.OFF_TAIL) != pos || producerClosed() != 0);
      if (getLong(RingLayout.OFF_TAIL) == pos && producerClosed() == 0) {
        String gone = peer.whyGone();
        if (gone != null) {
          // A dead producer publishes nothing more: take what it left, then report it.
          tailCache = getLong(RingLayout.OFF_TAIL);
          if (tailCache != pos) {
            return true;
          }
          throw new IOException(name + ": " + gone + " without closing its output channel");
        }
        since = checkPeer(since, "output records");
      } else {
        since = System.currentTimeMillis();
      }
    }
  }
}
