package org.hadoopopt.directio.protocol;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * The DataNode plugin's answer: to {@code DESCRIPTORS}, the replica found (its open block and meta
 * files travel with the reply as descriptors); to {@code PATHS}, the replica's data and checksum
 * files; to {@code HAS}, found or not; to {@code VERIFY}, what the DataNode's own check of the
 * chunk found. Reasons are meant for the caller's log and never carry a path.
 *
 * <p>Wire format: byte status; for {@link Status#FOUND} UTF data path, UTF meta path (both empty
 * unless the request was {@code PATHS}), long replica length, long replica generation stamp, UTF
 * host (the address of the DataNode's host, {@link HostAddresses}; empty where it cannot tell);
 * otherwise UTF reason. The descriptors are not part of these bytes: they are attached to the
 * first byte of the reply ({@link FdPassing}).
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
  /**
   * FOUND: the address of the answering DataNode's host (its transfer address, the one its socket
   * folder is keyed by); the client reads the replica only if that address is its own host's.
   * Empty where the DataNode cannot tell (bound to every address); null for other replies.
   */
  public final String host;
  /** DataNode side: the replica's open block and meta files, to pass and then close; else null. */
  public final java.io.FileInputStream[] open;
  /** Client side: the descriptors received with the reply (block file, meta file); else empty. */
  public final java.io.FileDescriptor[] descriptors;

  private PathReply(Status status, String dataPath, String metaPath, long length, long gs, String reason) {
    this(status, dataPath, metaPath, length, gs, reason, status == Status.FOUND ? "" : null, null,
        new java.io.FileDescriptor[0]);
  }

  private PathReply(Status status, String dataPath, String metaPath, long length, long gs, String reason, String host,
      java.io.FileInputStream[] open, java.io.FileDescriptor[] descriptors) {
    this.status = status;
    this.host = host;
    this.dataPath = dataPath;
    this.metaPath = metaPath;
    this.length = length;
    this.generationStamp = gs;
    this.reason = reason;
    this.open = open;
    this.descriptors = descriptors;
  }

  /** A found replica whose files this DataNode opened, to pass as descriptors. */
  public static PathReply foundOpen(java.io.FileInputStream data, java.io.FileInputStream meta, long length,
      long generationStamp) {
    return new PathReply(Status.FOUND, "", "", length, generationStamp, null, "",
        new java.io.FileInputStream[] {data, meta}, new java.io.FileDescriptor[0]);
  }

  /** A found replica, neither opened nor named (the answer to {@code HAS}). */
  public static PathReply foundHere(long length, long generationStamp) {
    return found("", "", length, generationStamp);
  }

  /** This reply as received, with the descriptors that came with it. */
  public PathReply withDescriptors(java.io.FileDescriptor[] received) {
    return new PathReply(status, dataPath, metaPath, length, generationStamp, reason, host, null, received);
  }

  /** DataNode side: this reply naming {@code hostAddress} as the DataNode's host (FOUND replies only). */
  public PathReply atHost(String hostAddress) {
    if (status != Status.FOUND) {
      return this;
    }
    return new PathReply(status, dataPath, metaPath, length, generationStamp, reason, hostAddress, open, descriptors);
  }

  /** DataNode side: the open files' descriptors, in wire order (block file, meta file). */
  public java.io.FileDescriptor[] openDescriptors() throws IOException {
    java.io.FileDescriptor[] fds = new java.io.FileDescriptor[open.length];
    for (int i = 0; i < open.length; i++) {
      fds[i] = open[i].getFD();
    }
    return fds;
  }

  /** DataNode side: closes the opened files (after they were passed, or when they could not be). */
  public void closeOpen() {
    if (open == null) {
      return;
    }
    for (java.io.FileInputStream in : open) {
      try {
        in.close();
      } catch (IOException ignored) {
        // read-only file
      }
    }
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
      out.writeUTF(host == null ? "" : host);
    } else {
      out.writeUTF(reason);
    }
  }

  /** The reply's wire bytes. */
  public byte[] toBytes() throws IOException {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    java.io.DataOutputStream out = new java.io.DataOutputStream(b);
    write(out);
    out.flush();
    return b.toByteArray();
  }

  /** Parses a whole reply; bytes left over are a protocol error. */
  public static PathReply fromBytes(byte[] bytes) throws IOException {
    java.io.ByteArrayInputStream b = new java.io.ByteArrayInputStream(bytes);
    PathReply reply;
    try {
      reply = read(new java.io.DataInputStream(b));
    } catch (java.io.EOFException e) {
      throw new IOException("truncated reply (" + bytes.length + " bytes) from the direct-I/O endpoint", e);
    }
    if (b.available() != 0) {
      throw new IOException(b.available() + " bytes after the reply from the direct-I/O endpoint");
    }
    return reply;
  }

  public static PathReply read(DataInput in) throws IOException {
    int s = in.readUnsignedByte();
    if (s >= Status.values().length) {
      throw new IOException("unknown reply status " + s + " from the direct-I/O endpoint");
    }
    Status status = Status.values()[s];
    if (status == Status.FOUND) {
      return found(in.readUTF(), in.readUTF(), in.readLong(), in.readLong()).atHost(in.readUTF());
    }
    return new PathReply(status, null, null, -1, -1, in.readUTF());
  }

  @Override
  public String toString() {
    return status + (reason != null ? ": " + reason : "");
  }
}
