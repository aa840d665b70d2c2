package org.hadoopopt.directio.protocol;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * The DataNode plugin's answer: to {@code PATHS}, the replica's data and checksum files, or why
 * not; to {@code VERIFY}, what the DataNode's own check of the chunk found. Reasons are meant for
 * the caller's log and never carry a path.
 *
 * <p>Wire format: byte status; for {@link Status#FOUND} UTF data path, UTF meta path, long
 * replica length, long replica generation stamp; otherwise UTF reason.
 */
public final class PathReply {
  /** What the DataNode decided. */
  public enum Status {
    /** The replica is finalized here and the caller may read it. */
    FOUND,
    /** No usable (finalized, same or newer generation stamp) replica on this DataNode. */
    NOT_HERE,
    /** The caller failed a check: token, user, block tokens off, or request format. */
    REFUSED,
    /** VERIFY: the DataNode found the chunk bad itself and reported the replica to the NameNode. */
    CORRUPT,
    /** VERIFY: the DataNode read the chunk and it matches its checksum; nothing reported. */
    INTACT
  }

  public final Status status;
  public final String dataPath;
  public final String metaPath;
  public final long length;
  public final long generationStamp;
  public final String reason;

  private PathReply(Status status, String dataPath, String metaPath, long length, long gs, String reason) {
    this.status = status;
    this.dataPath = dataPath;
    this.metaPath = metaPath;
    this.length = length;
    this.generationStamp = gs;
    this.reason = reason;
  }

  public static PathReply found(String dataPath, String metaPath, long length, long generationStamp) {
    return new PathReply(Status.FOUND, dataPath, metaPath, length, generationStamp, null);
  }

  public static PathReply notHere(String reason) {
    return new PathReply(Status.NOT_HERE, null, null, -1, -1, reason);
  }

  public static PathReply refused(String reason) {
    return new PathReply(Status.REFUSED, null, null, -1, -1, reason);
  }

  public static PathReply corrupt(String reason) {
    return new PathReply(Status.CORRUPT, null, null, -1, -1, reason);
  }

  public static PathReply intact(String reason) {
    return new PathReply(Status.INTACT, null, null, -1, -1, reason);
  }

  public void write(DataOutput out) throws IOException {
    out.writeByte(status.ordinal());
    if (status == Status.FOUND) {
      out.writeUTF(dataPath);
      out.writeUTF(metaPath);
      out.writeLong(length);
      out.writeLong(generationStamp);
    } else {
      out.writeUTF(reason);
    }
  }

  public static PathReply read(DataInput in) throws IOException {
    int s = in.readUnsignedByte();
    if (s >= Status.values().length) {
      throw new IOException("unknown reply status " + s + " from the direct-I/O endpoint");
    }
    Status status = Status.values()[s];
    if (status == Status.FOUND) {
      return found(in.readUTF(), in.readUTF(), in.readLong(), in.readLong());
    }
    return new PathReply(status, null, null, -1, -1, in.readUTF());
  }

  @Override
  public String toString() {
    return status + (reason != null ? ": " + reason : "");
  }
}
