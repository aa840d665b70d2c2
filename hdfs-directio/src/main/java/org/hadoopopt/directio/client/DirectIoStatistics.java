package org.hadoopopt.directio.client;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Process-wide counters of the client side: what was read directly, which blocks were left to
 * streaming, and how often a direct read fell back. A task can copy them into job counters
 * ({@link DirectIoCounters}); tests read them directly.
 */
public final class DirectIoStatistics {
  private static final AtomicLong DIRECT_BYTES = new AtomicLong();
  private static final AtomicLong DIRECT_OPENS = new AtomicLong();
  private static final AtomicLong DECLINED = new AtomicLong();
  private static final AtomicLong FALLBACKS = new AtomicLong();
  private static final AtomicLong REFUSALS = new AtomicLong();
  private static final AtomicLong CHECKSUM_EXCEPTIONS = new AtomicLong();
  private static final AtomicLong CORRUPTION_CONFIRMED = new AtomicLong();
  private static final AtomicLong UNTRUSTED = new AtomicLong();
  private static final AtomicLong FOREIGN_HOST = new AtomicLong();

  private DirectIoStatistics() {}

  /** Publishes the counters over JMX once per JVM (called when the builder is first used). */
  static void registerMBean() {
    if (REGISTERED.compareAndSet(false, true)) {
      try {
        org.apache.hadoop.metrics2.util.MBeans.register("HadoopOpt", "DirectIoClient", new Bean());
      } catch (RuntimeException | LinkageError e) {
        // JMX is a convenience; reads must not depend on it
      }
    }
  }

  private static final java.util.concurrent.atomic.AtomicBoolean REGISTERED = new java.util.concurrent.atomic.AtomicBoolean();

  private static final class Bean implements DirectIoClientMXBean {
    @Override
    public long getDirectBytes() {
      return directBytes();
    }

    @Override
    public long getDirectOpens() {
      return directOpens();
    }

    @Override
    public long getStreamedBlockReads() {
      return declined();
    }

    @Override
    public long getFallbacks() {
      return fallbacks();
    }

    @Override
    public long getRefusals() {
      return refusals();
    }

    @Override
    public long getChecksumExceptions() {
      return checksumExceptions();
    }

    @Override
    public long getCorruptionsConfirmed() {
      return corruptionsConfirmed();
    }

    @Override
    public long getUntrustedEndpoints() {
      return untrustedEndpoints();
    }

    @Override
    public long getForeignHostReplies() {
      return foreignHostReplies();
    }
  }

  static void addDirectBytes(long n) {
    DIRECT_BYTES.addAndGet(n);
  }

  static void untrusted() {
    UNTRUSTED.incrementAndGet();
  }

  /** Socket folders or sockets refused because root or the DataNode user does not own them (no token sent). */
  public static long untrustedEndpoints() {
    return UNTRUSTED.get();
  }

  static void foreignHost() {
    FOREIGN_HOST.incrementAndGet();
  }

  /**
   * Replicas offered by a DataNode of another host (its reply named an address that is not this
   * host's: a socket folder shared by hosts or misnamed); none was read, each block was streamed.
   */
  public static long foreignHostReplies() {
    return FOREIGN_HOST.get();
  }

  static void directOpen() {
    DIRECT_OPENS.incrementAndGet();
  }

  static void decline() {
    DECLINED.incrementAndGet();
  }

  static void fallback() {
    FALLBACKS.incrementAndGet();
  }

  static void refusal() {
    REFUSALS.incrementAndGet();
  }

  static void checksumException() {
    CHECKSUM_EXCEPTIONS.incrementAndGet();
  }

  static void corruptionConfirmed() {
    CORRUPTION_CONFIRMED.incrementAndGet();
  }

  /** Bytes returned to readers from local block files. */
  public static long directBytes() {
    return DIRECT_BYTES.get();
  }

  /** Block readers opened on local block files. */
  public static long directOpens() {
    return DIRECT_OPENS.get();
  }

  /** Block reads left to HDFS streaming (no local replica, file under construction, excluded replica). */
  public static long declined() {
    return DECLINED.get();
  }

  /** Direct reads that failed (file vanished, short, or bad checksum) and went back to streaming. */
  public static long fallbacks() {
    return FALLBACKS.get();
  }

  /** Requests the DataNode refused (user policy or token). */
  public static long refusals() {
    return REFUSALS.get();
  }

  /** Checksum errors of direct reads handed to HDFS as a {@code ChecksumException} (HDFS then reports its replica). */
  public static long checksumExceptions() {
    return CHECKSUM_EXCEPTIONS.get();
  }

  /** Checksum errors of direct reads that the DataNode holding the replica confirmed and reported. */
  public static long corruptionsConfirmed() {
    return CORRUPTION_CONFIRMED.get();
  }

  /**
   * A consistent-enough copy for before/after comparisons: direct bytes, direct opens, declined,
   * fallbacks, refusals, checksum exceptions, corruptions confirmed.
   */
  public static long[] snapshot() {
    return new long[] {directBytes(), directOpens(), declined(), fallbacks(), refusals(), checksumExceptions(),
        corruptionsConfirmed()};
  }
}
