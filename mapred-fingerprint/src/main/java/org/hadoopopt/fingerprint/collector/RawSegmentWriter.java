package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.IFileOutputStream;

/**
 * One uncompressed IFile segment written from raw key and value bytes: records (vint key length,
 * vint value length, key, value) gathered in a buffer and handed to the checksum stream in large
 * writes, then the two EOF markers and the CRC32 trailer; the bytes, raw length and on-disk length
 * are {@code IFile.Writer}'s. The writer goes through a per-byte, unbuffered stream for each
 * length vint, which the hash-grouping profile showed as the spill's largest cost.
 */
final class RawSegmentWriter {
  /** Bytes gathered before each write to the checksum stream. */
  static final int BUFFER_BYTES = 64 << 10;
  private static final int EOF_MARKER = -1;

  private final FSDataOutputStream rawOut;
  private final IFileOutputStream checksumOut;
  private final long start;
  private byte[] buf = new byte[BUFFER_BYTES];
  private int used;
  private long rawLength;
  private long records;
  private long onDiskLength = -1;

  /** Starts a segment at the stream's position (the stream is shared by the partitions' segments). */
  RawSegmentWriter(FSDataOutputStream out) throws IOException {
    rawOut = out;
    checksumOut = new IFileOutputStream(out);
    start = out.getPos();
  }

  void append(byte[] k, int ko, int kl, byte[] v, int vo, int vl) throws IOException {
    int need = kl + vl + 10; // two vints of at most 5 bytes each
    if (buf.length - used < need) {
      flushBuffer();
      if (buf.length < need) {
        buf = new byte[need];
      }
    }
    int at = used;
    at += RawWrites.writeVInt(buf, at, kl);
    at += RawWrites.writeVInt(buf, at, vl);
    System.arraycopy(k, ko, buf, at, kl);
    at += kl;
    System.arraycopy(v, vo, buf, at, vl);
    at += vl;
    rawLength += at - used;
    used = at;
    records++;
  }

  /** Ends the segment (EOF markers, checksum), without closing the stream; counts its records. */
  void close(Counters.Counter writtenRecords) throws IOException {
    if (buf.length - used < 2) {
      flushBuffer();
    }
    int at = used;
    at += RawWrites.writeVInt(buf, at, EOF_MARKER);
    at += RawWrites.writeVInt(buf, at, EOF_MARKER);
    rawLength += at - used;
    used = at;
    flushBuffer();
    checksumOut.finish();
    onDiskLength = rawOut.getPos() - start;
    if (writtenRecords != null) {
      writtenRecords.increment(records);
    }
  }

  private void flushBuffer() throws IOException {
    if (used > 0) {
      checksumOut.write(buf, 0, used);
      used = 0;
    }
  }

  /** Bytes of the records and EOF markers, as the index records them (IFile.Writer's raw length). */
  long rawLength() {
    return rawLength;
  }

  /** Bytes on disk with the checksum trailer, after {@link #close} (IFile.Writer's compressed length). */
  long onDiskLength() {
    return onDiskLength;
  }
}
