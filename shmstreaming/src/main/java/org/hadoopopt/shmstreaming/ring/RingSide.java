package org.hadoopopt.shmstreaming.ring;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * What producer and consumer share: the mapped segment, atomics on its header (VarHandles on
 * the direct buffer, so no JNI call per record) and the sleep/wake protocol.
 *
 * <p>No lost wake-ups: a side that must sleep first sets its waiting word to 1, then (after a
 * full fence) re-reads the other side's position and only sleeps if still blocked, in a futex
 * wait that returns at once if the word is no longer 1. The other side publishes its position,
 * fences, and if it sees 1, clears it with a compare-and-swap and wakes; so one of the two
 * always sees the other's write.
 */
public abstract class RingSide implements AutoCloseable {
  static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle INTS = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  final String name;
  final ByteBuffer segment;
  final ByteBuffer data;
  final long capacity;
  final long mask;
  final int batch;
  /** Unpublished bytes after which a side publishes its position whatever the batch count. */
  final long publishBytes;
  final Peer peer;
  final long stallMs;
  /** Head and tail as the header held them when this side was made, checked (each read once). */
  final long startHead;
  final long startTail;
  int waitTimeoutMs = 100;
  private final long createdAt = System.currentTimeMillis();
  private long attachTimeoutMs;
  private boolean unmapped;
  private SleepHook sleepHook = SleepHook.NONE;

  /**
   * @param stallMs fail a wait after this long without progress although the peer lives (0 = never)
   */
  RingSide(String name, ByteBuffer segment, Peer peer, long stallMs) throws IOException {
    this.name = name;
    this.segment = segment.order(ByteOrder.LITTLE_ENDIAN);
    int magic = (int) INTS.getVolatile(this.segment, RingLayout.OFF_MAGIC);
    if (magic != RingLayout.MAGIC) {
      throw new IOException(name + ": bad magic 0x" + Integer.toHexString(magic) + " at offset 0");
    }
    int version = (int) INTS.getVolatile(this.segment, RingLayout.OFF_VERSION);
    if (version != RingLayout.VERSION) {
      throw new IOException(name + ": ring version " + version + " at offset " + RingLayout.OFF_VERSION
          + ", this side speaks version " + RingLayout.VERSION);
    }
    this.capacity = (long) LONGS.getVolatile(this.segment, RingLayout.OFF_CAPACITY);
    try {
      RingLayout.checkCapacity(capacity, name + " capacity (offset " + RingLayout.OFF_CAPACITY + ")");
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage(), e);
    }
    if (capacity != this.segment.capacity() - (long) RingLayout.HEADER_SIZE) {
      // The data area is indexed by position & (capacity - 1): it must be exactly the mapped bytes.
      throw new IOException(name + ": capacity " + capacity + " at offset " + RingLayout.OFF_CAPACITY + ", but the segment"
          + " maps " + this.segment.capacity() + " bytes (a " + RingLayout.HEADER_SIZE + "-byte header and the data area)");
    }
    this.mask = capacity - 1;
    this.batch = (int) INTS.getVolatile(this.segment, RingLayout.OFF_BATCH);
    if (batch <= 0) {
      throw new IOException(name + ": bad batch size " + Integer.toUnsignedString(batch) + " at offset "
          + RingLayout.OFF_BATCH + " (1 to 2^31-1)");
    }
    checkWord(RingLayout.OFF_ATTACHED, "attached flag", 1);
    checkWord(RingLayout.OFF_CONSUMER_WAITING, "consumer waiting word", 1);
    checkWord(RingLayout.OFF_PRODUCER_WAITING, "producer waiting word", 1);
    checkWord(RingLayout.OFF_PRODUCER_CLOSED, "producer-closed code", 2);
    checkWord(RingLayout.OFF_CONSUMER_CLOSED, "consumer-closed code", 2);
    this.startHead = (long) LONGS.getVolatile(this.segment, RingLayout.OFF_HEAD);
    this.startTail = (long) LONGS.getVolatile(this.segment, RingLayout.OFF_TAIL);
    checkPositions(startHead, startTail, "head and tail", RingLayout.OFF_HEAD);
    this.publishBytes = capacity / 4;
    ByteBuffer d = this.segment.duplicate();
    d.position(RingLayout.HEADER_SIZE);
    this.data = d.slice().order(ByteOrder.LITTLE_ENDIAN);
    this.peer = peer;
    this.stallMs = stallMs;
  }

  /** A header word that holds 0 to {@code max}; anything else is a corrupt or hostile header. */
  private void checkWord(int offset, String field, int max) throws IOException {
    int v = (int) INTS.getVolatile(segment, offset);
    if (v < 0 || v > max) {
      throw new IOException(name + ": corrupt ring header, " + field + " " + Integer.toUnsignedString(v) + " at offset "
          + offset + " (0 to " + max + ")");
    }
  }

  /**
   * Checks positions read from the header, which the other side writes: both multiples of the
   * record alignment, {@code from <= to <= from + capacity}. {@code field} names the one read.
   */
  final void checkPositions(long from, long to, String field, int offset) throws IOException {
    if (((from | to) & (RingLayout.RECORD_ALIGN - 1)) != 0 || from < 0 || to < 0 || to - from < 0 || to - from > capacity) {
      throw new IOException(name + ": corrupt ring header, " + field + " (offset " + offset + ") gives head " + from
          + " and tail " + to + ": not aligned positions with 0 <= tail - head <= capacity (" + capacity + ")");
    }
  }

  final long getLong(int off) {
    return (long) LONGS.getAcquire(segment, off);
  }

  final void putLong(int off, long v) {
    LONGS.setRelease(segment, off, v);
  }

  final int getInt(int off) {
    return (int) INTS.getVolatile(segment, off);
  }

  final void putInt(int off, int v) {
    INTS.setVolatile(segment, off, v);
  }

  /**
   * Bounds how long a wait may last while the external program has not mapped the segment yet,
   * counted from this object's creation (0 = no bound; the default). Until it has mapped the
   * segment, the stall timeout does not run: a program still starting up is not stalled.
   */
  public final void setAttachTimeout(long ms) {
    this.attachTimeoutMs = ms;
  }

  /** Whether the external program has mapped the segment. */
  public final boolean attached() {
    return getInt(RingLayout.OFF_ATTACHED) != 0;
  }

  /**
   * Waits (polling, this happens once per stream) until the external program has mapped the
   * segment, is gone, or the attach timeout (counted from creation; 60 s if none was set) passed.
   * Returns whether it attached.
   */
  public final boolean awaitAttached() {
    long deadline = createdAt + (attachTimeoutMs > 0 ? attachTimeoutMs : 60_000);
    long step = 1;
    while (!attached() && peer.whyGone() == null && peer.notAClient() == null && System.currentTimeMillis() < deadline) {
      try {
        Thread.sleep(step);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
      step = Math.min(step * 2, 50);
    }
    return attached();
  }

  /** Runs around every real sleep of this side (e.g. to let another thread work meanwhile). */
  public final void setSleepHook(SleepHook hook) {
    this.sleepHook = hook;
  }

  public final long capacity() {
    return capacity;
  }

  final void wakeIfWaiting(int waitingOff) {
    VarHandle.fullFence();
    if ((int) INTS.getVolatile(segment, waitingOff) == 1 && INTS.compareAndSet(segment, waitingOff, 1, 0)) {
      NativeShm.futexWake(segment, waitingOff);
    }
  }

  /** Condition a sleeping side re-checks after announcing itself. */
  interface Ready {
    boolean ready();
  }

  /** Announces, re-checks, sleeps at most one wait timeout. */
  final void sleep(int waitingOff, Ready ready) throws IOException {
    putInt(waitingOff, 1);
    VarHandle.fullFence();
    if (!ready.ready()) {
      sleepHook.beforeSleep();
      NativeShm.futexWait(segment, waitingOff, 1, waitTimeoutMs);
      putInt(waitingOff, 0);
      sleepHook.afterSleep();
      return;
    }
    putInt(waitingOff, 0);
  }

  /**
   * Throws if the peer is gone, has not mapped the segment within the attach timeout, or (once
   * it has mapped it) has stalled past the stall timeout. Returns the time the stall clock
   * counts from: {@code waitingSince}, or now while the program has not mapped the segment.
   */
  final long checkPeer(long waitingSince, String waitingFor) throws IOException {
    String gone = peer.whyGone();
    if (gone != null) {
      throw gone(gone, " while the task waited for " + waitingFor);
    }
    long now = System.currentTimeMillis();
    if (!attached()) {
      String plain = peer.notAClient();
      if (plain != null) {
        throw new IOException(name + ": " + plain);
      }
      if (attachTimeoutMs > 0 && now - createdAt > attachTimeoutMs) {
        throw new IOException(name + ": " + NOT_OPENED + " within " + attachTimeoutMs
            + " ms (stream.shm.attach.timeout.ms); " + USE_CLIENT);
      }
      return now;
    }
    if (stallMs > 0 && now - waitingSince > stallMs) {
      throw new IOException(name + ": the external program made no progress for " + stallMs + " ms while the task waited for "
          + waitingFor + " (stream.shm.stall.timeout.ms)");
    }
    return waitingSince;
  }

  /** Why the stream cannot go on with the peer gone: above all, that it never opened the channel. */
  final IOException gone(String gone, String context) {
    if (!attached()) {
      String plain = peer.notAClient();
      if (plain != null) {
        return new IOException(name + ": " + plain);
      }
      return new IOException(name + ": " + NOT_OPENED + " (" + gone + " without mapping it); " + USE_CLIENT);
    }
    return new IOException(name + ": " + gone + context);
  }

  /** The documented words of the failure of a program that never maps its ring. */
  public static final String NOT_OPENED = "the external program has not opened this shm channel";
  public static final String USE_CLIENT = "does it use the smstream client library?";

  @Override
  public synchronized void close() {
    if (!unmapped) {
      unmapped = true;
      NativeShm.unmap(segment);
    }
  }

  final boolean isUnmapped() {
    return unmapped;
  }
}
