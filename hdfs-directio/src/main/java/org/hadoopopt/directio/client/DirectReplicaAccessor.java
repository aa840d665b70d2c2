package org.hadoopopt.directio.client;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.zip.Checksum;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.hdfs.ReplicaAccessor;
import org.hadoopopt.directio.protocol.FdPassing;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one local replica straight from its block file, through the descriptors the DataNode
 * passed (or, in the weaker path mode, files opened by path). With verification on, data goes through
 * a window buffer whose chunks are checked against the {@code .meta} checksums before any byte
 * is handed out; without it (and without O_DIRECT) bytes go from the file into the caller's buffer.
 *
 * <p>Any failure excludes this replica in this process, so HDFS's retry reads another local
 * replica or streams. A bad checksum is handled by {@link ChecksumFailure} (the DataNode is told,
 * and HDFS gets a {@link ChecksumException} where its own corruption report would name the right
 * replica); other failures (file gone, shorter than the replica) are plain {@link IOException}s.
 * Messages and logs name the block and the DataNode, never the block files.
 */
final class DirectReplicaAccessor extends ReplicaAccessor {
  private static final Logger LOG = LoggerFactory.getLogger(DirectReplicaAccessor.class);
  private static final java.util.concurrent.atomic.AtomicBoolean WARNED_NO_O_DIRECT =
      new java.util.concurrent.atomic.AtomicBoolean();

  private final ReplicaSource source;
  private final String blockName;
  private final FileChannel data;
  /** The meta file, or null when it is not needed or was read whole into {@link #metaBytes}. */
  private final FileChannel meta;
  /** The whole meta file of a small block (at most {@link #WHOLE_META_BYTES}), else null. */
  private final ByteBuffer metaBytes;
  private final BlockMetaHeader header;
  private final long replicaLength;
  private final long limit;
  private final boolean verify;
  private final boolean oDirect;
  private final int align;
  private final int unit;
  private final int bufferBytes;

  private ByteBuffer window;
  private int windowSize;
  private long windowStart;
  private int windowLength;
  private ByteBuffer sums;
  private Checksum crc;
  private boolean failed;

  /**
   * A meta file up to this size (the checksums of an 8 MB block at 512 bytes per CRC) is read whole
   * when the reader opens and its descriptor closed at once: a reader then holds one descriptor, as
   * stock's remote reader holds one socket, and programs that leave streams open (Hadoop's own tests
   * do) do not hold two per stream.
   */
  static final int WHOLE_META_BYTES = 64 * 1024;

  private DirectReplicaAccessor(ReplicaSource source, FileChannel data, FileChannel meta, ByteBuffer metaBytes,
      BlockMetaHeader header, long replicaLength, long visibleLength, boolean oDirect, int align, int bufferBytes) {
    this.source = source;
    this.blockName = source.describe();
    this.data = data;
    this.meta = meta;
    this.metaBytes = metaBytes;
    this.header = header;
    this.replicaLength = replicaLength;
    this.limit = Math.min(replicaLength, visibleLength);
    this.verify = header != null && header.hasChecksums();
    this.oDirect = oDirect;
    this.align = align;
    this.unit = lcm(verify ? header.bytesPerChecksum : 1, align);
    this.bufferBytes = roundUp(Math.max(bufferBytes, unit), unit);
  }

  /**
   * Opens the replica's files by path (the weaker mode, {@code PATHS}). {@code verify} reads the
   * meta header; {@code oDirect} opens the block file with O_DIRECT (page cache bypassed).
   */
  static DirectReplicaAccessor open(ReplicaSource source, String dataPath, String metaPath, long replicaLength,
      long visibleLength, boolean verify, boolean oDirect, int bufferBytes) throws IOException {
    Path dp = Paths.get(dataPath);
    int align = 1;
    FileChannel data = null;
    if (oDirect) {
      try {
        align = (int) Files.getFileStore(dp).getBlockSize();
        data = FileChannel.open(dp, StandardOpenOption.READ, com.sun.nio.file.ExtendedOpenOption.DIRECT);
      } catch (NoSuchFileException | AccessDeniedException e) {
        throw e;
      } catch (IOException | UnsupportedOperationException e) {
        warnNoODirect(e);
        oDirect = false;
        align = 1;
      }
    }
    if (data == null) {
      data = FileChannel.open(dp, StandardOpenOption.READ);
    }
    FileChannel meta = null;
    try {
      if (verify) {
        meta = FileChannel.open(Paths.get(metaPath), StandardOpenOption.READ);
      }
    } catch (IOException | RuntimeException e) {
      data.close();
      throw e;
    }
    return wrap(source, data, meta, replicaLength, visibleLength, oDirect, align, bufferBytes);
  }

  /**
   * Wraps the block and meta file descriptors the DataNode passed (the default mode,
   * {@code DESCRIPTORS}); takes ownership of both, closing them on failure. {@code oDirect} sets
   * O_DIRECT on the block file's descriptor.
   */
  static DirectReplicaAccessor open(ReplicaSource source, FileDescriptor dataFd, FileDescriptor metaFd,
      long replicaLength, long visibleLength, boolean verify, boolean oDirect, int bufferBytes) throws IOException {
    int align = 1;
    if (oDirect) {
      try {
        align = FdPassing.setDirect(dataFd);
      } catch (IOException e) {
        warnNoODirect(e);
        oDirect = false;
      }
    }
    // FileInputStream over a descriptor: closing its channel closes the descriptor.
    FileChannel data = new FileInputStream(dataFd).getChannel();
    FileChannel meta = new FileInputStream(metaFd).getChannel();
    if (!verify) {
      meta.close();
      meta = null;
    }
    return wrap(source, data, meta, replicaLength, visibleLength, oDirect, align, bufferBytes);
  }

  private static void warnNoODirect(Exception e) {
    // e.g. tmpfs refuses O_DIRECT: read through the page cache rather than not at all
    if (WARNED_NO_O_DIRECT.compareAndSet(false, true)) {
      LOG.warn("hadoopopt direct-I/O: O_DIRECT unavailable for the block files ({}); using buffered reads"
          + " (this warning is shown once)", describe(e));
    }
  }

  /** Checks the open files against the replica and builds the reader; closes both files on failure. */
  private static DirectReplicaAccessor wrap(ReplicaSource source, FileChannel data, FileChannel meta, long replicaLength,
      long visibleLength, boolean oDirect, int align, int bufferBytes) throws IOException {
    try {
      long onDisk = data.size();
      if (onDisk < replicaLength) {
        throw new IOException("the block file of " + source.describe() + " has " + onDisk + " bytes, the replica "
            + replicaLength);
      }
      BlockMetaHeader header = meta == null ? null : BlockMetaHeader.read(meta, source.describe());
      ByteBuffer metaBytes = null;
      if (meta != null && header.hasChecksums() && meta.size() <= WHOLE_META_BYTES) {
        metaBytes = readWhole(meta);
        meta.close();
        meta = null;
      }
      return new DirectReplicaAccessor(source, data, meta, metaBytes, header, replicaLength, visibleLength, oDirect,
          align, bufferBytes);
    } catch (IOException | RuntimeException e) {
      data.close();
      if (meta != null) {
        meta.close();
      }
      throw e;
    }
  }

  @Override
  public int read(long pos, byte[] buf, int off, int len) throws IOException {
    int n = available(pos, len);
    if (n <= 0) {
      return n;
    }
    try {
      if (!verify && !oDirect) {
        readFully(ByteBuffer.wrap(buf, off, n), pos);
      } else {
        copyOut(pos, buf, off, null, n);
      }
    } catch (IOException | RuntimeException e) {
      throw fail(e, pos);
    }
    DirectIoStatistics.addDirectBytes(n);
    return n;
  }

  @Override
  public int read(long pos, ByteBuffer buf) throws IOException {
    int n = available(pos, buf.remaining());
    if (n <= 0) {
      return n;
    }
    try {
      if (!verify && !oDirect) {
        ByteBuffer dst = buf.duplicate();
        dst.limit(dst.position() + n);
        readFully(dst, pos);
        buf.position(buf.position() + n);
      } else {
        copyOut(pos, null, 0, buf, n);
      }
    } catch (IOException | RuntimeException e) {
      throw fail(e, pos);
    }
    DirectIoStatistics.addDirectBytes(n);
    return n;
  }

  /** Bytes to return for a read of {@code len} at {@code pos}: -1 at the end, 0 for an empty read. */
  private int available(long pos, int len) throws IOException {
    if (failed) {
      throw new IOException("direct read of " + blockName + " already failed; HDFS must stream it");
    }
    if (pos < 0) {
      throw new IllegalArgumentException("negative position " + pos + " in " + blockName);
    }
    if (pos >= limit) {
      return len == 0 ? 0 : -1;
    }
    return (int) Math.min(len, limit - pos);
  }

  private void readFully(ByteBuffer dst, long pos) throws IOException {
    while (dst.hasRemaining()) {
      int r = data.read(dst, pos);
      if (r < 0) {
        throw new IOException("the block file of " + blockName + " ends at offset " + pos + ", before the replica length "
            + replicaLength);
      }
      pos += r;
    }
  }

  /** Copies {@code n} bytes at {@code pos} through the (verified) window into {@code buf} or {@code bb}. */
  private void copyOut(long pos, byte[] buf, int off, ByteBuffer bb, int n) throws IOException {
    while (n > 0) {
      if (window == null || pos < windowStart || pos >= windowStart + windowLength) {
        fill(pos);
      }
      int k = (int) Math.min(n, windowStart + windowLength - pos);
      ByteBuffer src = window.duplicate();
      src.limit((int) (pos - windowStart) + k).position((int) (pos - windowStart));
      if (buf != null) {
        src.get(buf, off, k);
        off += k;
      } else {
        bb.put(src);
      }
      pos += k;
      n -= k;
    }
  }

  private void fill(long pos) throws IOException {
    long start = pos - pos % unit;
    if (window == null) {
      // Readers only move forward from their first position: no need for more than that span.
      int size = (int) Math.min(bufferBytes, roundUp(limit - start, unit));
      window = oDirect ? ByteBuffer.allocateDirect(size + align).alignedSlice(align) : ByteBuffer.allocateDirect(size);
      windowSize = size;
    }
    int want = (int) Math.min(windowSize, replicaLength - start);
    int readLength = oDirect ? Math.min(roundUp(want, align), windowSize) : want;
    ByteBuffer dst = window.duplicate();
    dst.clear().limit(readLength);
    long p = start;
    while (dst.position() < want) {
      int r = data.read(dst, p);
      if (r < 0) {
        throw new IOException("the block file of " + blockName + " ends at offset " + p + ", before the replica length "
            + replicaLength);
      }
      p += r;
    }
    windowStart = start;
    windowLength = want;
    if (verify) {
      verifyWindow();
    }
  }

  private void verifyWindow() throws IOException {
    int bpc = header.bytesPerChecksum;
    int chunks = (windowLength + bpc - 1) / bpc;
    int sumBytes = chunks * header.checksumSize;
    if (sums == null || sums.capacity() < sumBytes) {
      sums = ByteBuffer.allocateDirect((windowSize / bpc + 1) * header.checksumSize);
      crc = header.newChecksum();
    }
    long metaPos = BlockMetaHeader.LENGTH + (windowStart / bpc) * header.checksumSize;
    ByteBuffer s = sums.duplicate();
    s.clear().limit(sumBytes);
    long p = metaPos;
    if (metaBytes != null) {
      int have = (int) Math.max(0, Math.min(sumBytes, metaBytes.limit() - metaPos));
      if (have > 0) {
        s.put(metaBytes.duplicate().position((int) metaPos).limit((int) metaPos + have));
      }
      p += have;
    }
    while (s.hasRemaining()) {
      int r = metaBytes != null ? -1 : meta.read(s, p);
      if (r < 0) {
        throw new IOException("the meta file of " + blockName + " ends at offset " + p
            + ", before the checksum of block offset " + (windowStart + (long) (s.position() / header.checksumSize) * bpc));
      }
      p += r;
    }
    ByteBuffer d = window.duplicate();
    for (int i = 0; i < chunks; i++) {
      int cs = i * bpc;
      d.limit(Math.min(cs + bpc, windowLength)).position(cs);
      crc.reset();
      crc.update(d);
      int expected = sums.getInt(i * header.checksumSize);
      if ((int) crc.getValue() != expected) {
        long blockOffset = windowStart + cs;
        throw new ChecksumException("checksum mismatch in " + blockName + " at block offset " + blockOffset
            + " (meta file offset " + (metaPos + (long) i * header.checksumSize) + ")", blockOffset);
      }
    }
  }

  private IOException fail(Exception e, long pos) {
    failed = true;
    IOException out;
    if (e instanceof ChecksumException) {
      // Before the exclusion below: ChecksumFailure asks whether this DataNode failed before.
      out = ChecksumFailure.toException(source, ((ChecksumException) e).getPos());
    } else {
      out = new IOException("direct read of " + blockName + " failed at block offset " + pos + ": " + describe(e));
    }
    ReplicaExclusions.exclude(source.replicaKey(), source.socket);
    DirectIoStatistics.fallback();
    LOG.warn("hadoopopt direct-I/O: {}; HDFS reads the block again (another local replica, or streaming)",
        out.getMessage());
    return out;
  }

  /**
   * An exception's class and message without file names: the NIO exceptions put the path in their
   * message, and HDFS logs what we throw.
   */
  static String describe(Throwable e) {
    if (e instanceof java.nio.file.FileSystemException) {
      String reason = ((java.nio.file.FileSystemException) e).getReason();
      return e.getClass().getSimpleName() + (reason == null ? "" : " (" + reason + ")");
    }
    return e.getClass().getSimpleName() + ": " + e.getMessage();
  }

  /** The whole of a small file, from offset 0. */
  private static ByteBuffer readWhole(FileChannel f) throws IOException {
    ByteBuffer b = ByteBuffer.allocate((int) f.size());
    long p = 0;
    while (b.hasRemaining()) {
      int r = f.read(b, p);
      if (r < 0) {
        break; // shorter than it was a moment ago: the checks below report the missing checksums
      }
      p += r;
    }
    b.flip();
    return b;
  }

  @Override
  public void close() {
    try {
      data.close();
    } catch (IOException ignored) {
      // read-only file: nothing to lose
    }
    if (meta != null) {
      try {
        meta.close();
      } catch (IOException ignored) {
        // read-only file: nothing to lose
      }
    }
  }

  @Override
  public boolean isLocal() {
    return true;
  }

  @Override
  public boolean isShortCircuit() {
    return true;
  }

  private static int roundUp(long n, int unit) {
    return (int) ((n + unit - 1) / unit * unit);
  }

  private static int lcm(int a, int b) {
    int x = a;
    int y = b;
    while (y != 0) {
      int t = x % y;
      x = y;
      y = t;
    }
    return a / x * b;
  }
}
