package org.hadoopopt.inputformats.index;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileChecksum;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;

/**
 * What a sidecar (range index, B+-tree meta) records of its data file, to tell later whether the
 * file is still the one it describes: length and modification time; the file id where the file
 * system has one (HDFS: the inode id, which a file re-created under the same name does not keep);
 * and the content, by the file system's own file checksum where it offers one (HDFS: computed by
 * the DataNodes from the stored block checksums, no data read), else by a CRC32C of sampled bytes
 * ({@link #sampledCrc}: the whole file up to {@link #SAMPLE_WHOLE_MAX} bytes, else its first and last
 * {@link #SAMPLE_EDGE} bytes and {@link #SAMPLE_BLOCKS} blocks of {@link #SAMPLE_BLOCK} bytes spread
 * evenly between). Layout (in the sidecar, big-endian):
 *
 * <pre>
 * length (8), modification time (8), file id (8, -1 = none),
 * file checksum algorithm (writeUTF, "" = none), checksum length (4), checksum bytes,
 * sampled CRC32C (4, used only without a file checksum)
 * </pre>
 */
public final class DataFileStamp {
  /** Files up to this size are sampled whole. */
  public static final int SAMPLE_WHOLE_MAX = 1 << 20;
  /** Bytes sampled at each end of a larger file. */
  public static final int SAMPLE_EDGE = 64 << 10;
  /** Blocks sampled between the ends. */
  public static final int SAMPLE_BLOCKS = 64;
  /** Bytes per sampled block. */
  public static final int SAMPLE_BLOCK = 4 << 10;
  private static final int MAX_CHECKSUM_BYTES = 1 << 16;

  private final long length;
  private final long modificationTime;
  private final long fileId;
  private final String checksumAlgorithm;
  private final byte[] checksum;
  private final int sampledCrc;

  private DataFileStamp(long length, long modificationTime, long fileId, String checksumAlgorithm, byte[] checksum,
      int sampledCrc) {
    this.length = length;
    this.modificationTime = modificationTime;
    this.fileId = fileId;
    this.checksumAlgorithm = checksumAlgorithm;
    this.checksum = checksum;
    this.sampledCrc = sampledCrc;
  }

  /** The stamp of {@code st} (a closed file of {@code fs}) as it is now. */
  public static DataFileStamp of(FileSystem fs, FileStatus st) throws IOException {
    Path p = st.getPath();
    FileChecksum sum = fs.getFileChecksum(p);
    if (sum != null) {
      return new DataFileStamp(st.getLen(), st.getModificationTime(), fileId(fs, st), sum.getAlgorithmName(),
          sum.getBytes(), 0);
    }
    return new DataFileStamp(st.getLen(), st.getModificationTime(), fileId(fs, st), "", new byte[0],
        sampledCrc(fs, p, st.getLen()));
  }

  /** The HDFS inode id of the file, or -1 where the file system has none. */
  static long fileId(FileSystem fs, FileStatus st) throws IOException {
    if (st instanceof HdfsFileStatus) {
      return ((HdfsFileStatus) st).getFileId();
    }
    if ("hdfs".equals(fs.getUri().getScheme())) { // a status that lost its HDFS type on the way (e.g. a copy)
      FileStatus fresh = fs.getFileStatus(st.getPath());
      if (fresh instanceof HdfsFileStatus) {
        return ((HdfsFileStatus) fresh).getFileId();
      }
    }
    return -1;
  }

  /** CRC32C of the sampled bytes of a file of {@code length} bytes (see the class comment). */
  public static int sampledCrc(FileSystem fs, Path p, long length) throws IOException {
    CRC32C crc = new CRC32C();
    byte[] buf = new byte[SAMPLE_EDGE];
    try (FSDataInputStream in = fs.open(p)) {
      if (length <= SAMPLE_WHOLE_MAX) {
        for (long pos = 0; pos < length; pos += buf.length) {
          int n = (int) Math.min(buf.length, length - pos);
          in.readFully(pos, buf, 0, n);
          crc.update(buf, 0, n);
        }
      } else {
        in.readFully(0, buf, 0, SAMPLE_EDGE);
        crc.update(buf, 0, SAMPLE_EDGE);
        for (int i = 1; i <= SAMPLE_BLOCKS; i++) {
          long at = length / (SAMPLE_BLOCKS + 1) * i;
          in.readFully(at, buf, 0, SAMPLE_BLOCK);
          crc.update(buf, 0, SAMPLE_BLOCK);
        }
        in.readFully(length - SAMPLE_EDGE, buf, 0, SAMPLE_EDGE);
        crc.update(buf, 0, SAMPLE_EDGE);
      }
    }
    return (int) crc.getValue();
  }

  public long length() {
    return length;
  }

  public long modificationTime() {
    return modificationTime;
  }

  /** The HDFS file id recorded, or -1. */
  public long fileId() {
    return fileId;
  }

  /** Whether the content is stamped with the file system's own checksum (else with sampled bytes). */
  public boolean hasFileChecksum() {
    return !checksumAlgorithm.isEmpty();
  }

  /**
   * How {@code now} (the data file's current status, of {@code fs}) differs from this stamp, or null
   * if it does not: cheap checks first (length, time, file id), then the content.
   */
  public String differences(FileSystem fs, FileStatus now) throws IOException {
    if (now.getLen() != length) {
      return "the data file is " + now.getLen() + " bytes, the sidecar was made for " + length;
    }
    if (now.getModificationTime() != modificationTime) {
      return "the data file was modified at " + now.getModificationTime() + ", the sidecar was made for "
          + modificationTime;
    }
    long id = fileId(fs, now);
    if (id != fileId) {
      return "the data file has file id " + id + ", the sidecar was made for file id " + fileId
          + " (the file was re-created or replaced)";
    }
    if (hasFileChecksum()) {
      FileChecksum sum = fs.getFileChecksum(now.getPath());
      if (sum == null) {
        return "the file system gives no file checksum, the sidecar recorded a " + checksumAlgorithm;
      }
      if (!sum.getAlgorithmName().equals(checksumAlgorithm)) {
        return "the file checksum is a " + sum.getAlgorithmName() + ", the sidecar recorded a " + checksumAlgorithm
            + " (read with the dfs.checksum.combine.mode the table was loaded with)";
      }
      if (!Arrays.equals(sum.getBytes(), checksum)) {
        return "the data file's checksum (" + checksumAlgorithm + ") differs from the one recorded: its content changed";
      }
      return null;
    }
    int crc = sampledCrc(fs, now.getPath(), now.getLen());
    if (crc != sampledCrc) {
      return "the data file's sampled bytes (CRC32C) differ from the ones recorded: its content changed";
    }
    return null;
  }

  public void write(DataOutput out) throws IOException {
    out.writeLong(length);
    out.writeLong(modificationTime);
    out.writeLong(fileId);
    out.writeUTF(checksumAlgorithm);
    out.writeInt(checksum.length);
    out.write(checksum);
    out.writeInt(sampledCrc);
  }

  public static DataFileStamp read(DataInput in) throws IOException {
    long length = in.readLong();
    long mtime = in.readLong();
    long id = in.readLong();
    String algorithm = in.readUTF();
    int n = in.readInt();
    if (n < 0 || n > MAX_CHECKSUM_BYTES) {
      throw new IOException("file checksum of " + n + " bytes");
    }
    byte[] sum = new byte[n];
    in.readFully(sum);
    return new DataFileStamp(length, mtime, id, algorithm, sum, in.readInt());
  }
}
