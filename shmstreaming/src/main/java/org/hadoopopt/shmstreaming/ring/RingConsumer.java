package org.hadoopopt.shmstreaming.ring;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Reads records from a ring: {@link #next} returns the length of the next record or piece,
 * whose payload is at {@link #offset()} in {@link #data()} until the following call, and
 * {@link #more()} whether further pieces of the same record follow (see {@link RingLayout});
 * {@link #nextRecord} copies the next whole record, its pieces joined, into {@link #buffer()}. Publishes
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
  private boolean more;
  private boolean block;
  private byte[] buffer = new byte[256];

  public RingConsumer(String name, ByteBuffer segment, Peer peer, long stallMs) throws IOException {
    super(name, segment, peer, stallMs);
    this.pos = startHead;
    this.next = pos;
    this.headPublished = pos;
    this.tailCache = startTail;
  }

  public ByteBuffer data() {
    return data;
  }

  public int offset() {
    return offset;
  }

  /** Whether the record of the last {@link #next} continues in the next piece. */
  public boolean more() {
    return more;
  }

  /**
   * Whether the last record read is a block ({@link RingLayout#BLOCK}): whole lines, each ending
   * in a newline (checked: a block that does not end in one fails the read).
   */
  public boolean block() {
    return block;
  }

  /** The array {@link #nextRecord} copies records into (it grows; re-read it after each call). */
  public byte[] buffer() {
    return buffer;
  }

  /**
   * Copies the next whole record into {@link #buffer()} and returns its length, or -1 when the
   * producer closed the stream and all is read.
   */
  public int nextRecord() throws IOException {
    int len = next();
    if (len < 0) {
      return -1;
    }
    if (buffer.length < len) {
      buffer = new byte[Math.max(len, 2 * buffer.length)];
    }
    data.position(offset);
    data.get(buffer, 0, len);
    return more ? joinPieces(len) : len;
  }

  private int joinPieces(int first) throws IOException {
    long total = first;
    while (more) {
      int n = next();
      if (n < 0) {
        throw new IOException(name + ": the stream ended inside a record, after " + total + " of its bytes");
      }
      if (block) {
        throw new IOException(name + ": corrupt ring, a block inside a record in pieces at data offset "
            + (offset - RingLayout.RECORD_HEADER) + " (stream position " + pos + ")");
      }
      if (total + n > Integer.MAX_VALUE - 8) {
        throw new IOException(name + ": a record of more than " + (Integer.MAX_VALUE - 8)
            + " bytes does not fit a Java array (Text)");
      }
      if (buffer.length < total + n) {
        buffer = Arrays.copyOf(buffer, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(total + n, 2L * buffer.length)));
      }
      data.position(offset);
      data.get(buffer, (int) total, n);
      total += n;
    }
    return (int) total;
  }

  /** The next record's (or piece's) length, or -1 when the producer closed the stream and all is read. */
  public int next() throws IOException {
    release();
    while (true) {
      if (tailCache == pos && !waitForData()) {
        return -1;
      }
      int off = (int) (pos & mask);
      int len = data.getInt(off);
      more = false;
      block = false;
      if (len < 0) {
        if (len == RingLayout.PADDING) {
          if (pos + capacity - off > tailCache) {
            throw new IOException(name + ": corrupt ring, padding at data offset " + off + " reaches past the tail "
                + tailCache + " (offset " + RingLayout.OFF_TAIL + ")");
          }
          pos += capacity - off; // published with the next records
          next = pos;
          continue;
        }
        more = true;
        len &= ~RingLayout.MORE_PIECES;
      }
      if ((len & RingLayout.BLOCK) != 0) {
        block = true;
        len &= ~RingLayout.BLOCK;
        if (more || len == 0) {
          throw new IOException(name + ": corrupt ring, " + (more ? "a block in pieces" : "an empty block")
              + " at data offset " + off + " (stream position " + pos + ")");
        }
      }
      if (len > capacity - off - RingLayout.RECORD_HEADER) {
        throw new IOException(name + ": corrupt ring, record length " + len + " at data offset " + off);
      }
      if (pos + RingLayout.recordSpan(len) > tailCache) {
        // Bytes past the published tail may not be written yet: never hand them out.
        throw new IOException(name + ": corrupt ring, the record at data offset " + off + " (" + len
            + " bytes) ends after the tail " + tailCache + " (offset " + RingLayout.OFF_TAIL + ")");
      }
      offset = off + RingLayout.RECORD_HEADER;
      next = pos + RingLayout.recordSpan(len);
      if (block && data.get(offset + len - 1) != '\n') {
        throw new IOException(name + ": corrupt block, the block of " + len + " bytes at data offset " + off
            + " (stream position " + pos + ") does not end with a newline: it ends inside a record");
      }
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
      checkPositions(pos, tailCache, "tail", RingLayout.OFF_TAIL);
      if (tailCache != pos) {
        return true;
      }
      int closed = producerClosed();
      if (closed != 0) {
        if (closed != 1 && closed != 2) {
          throw new IOException(name + ": corrupt ring header, producer-closed code " + closed + " at offset "
              + RingLayout.OFF_PRODUCER_CLOSED + " (1 = ended, 2 = aborted)");
        }
        tailCache = getLong(RingLayout.OFF_TAIL); // everything was published before the close
        checkPositions(pos, tailCache, "tail", RingLayout.OFF_TAIL);
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
          checkPositions(pos, tailCache, "tail", RingLayout.OFF_TAIL);
          if (tailCache != pos) {
            return true;
          }
          throw gone(gone, " without closing its output channel");
        }
        since = checkPeer(since, "output records");
      } else {
        since = System.currentTimeMillis();
      }
    }
  }
}
