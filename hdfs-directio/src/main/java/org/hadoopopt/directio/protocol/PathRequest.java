package org.hadoopopt.directio.protocol;

import java.io.DataOutput;
import java.io.IOException;

/**
 * A client's question to the DataNode plugin about one replica: open its block and {@code .meta}
 * files and pass the descriptors ({@link Op#DESCRIPTORS}, the default way to read), where are those
 * files ({@link Op#PATHS}, served only where the operator allows it), do you hold it
 * ({@link Op#HAS}), or "my direct read of it failed its checksum at this offset"
 * ({@link Op#VERIFY}: the DataNode checks that chunk itself and, if it is bad, reports the replica
 * to the NameNode). Carries the block access token the NameNode issued for the block (its
 * {@code Token.write} bytes).
 *
 * <p>Wire format: int {@link #MAGIC}, byte op, UTF block pool id (at most {@link #MAX_POOL_ID_BYTES}
 * bytes), long block id, long generation stamp, long block offset (0 for {@link Op#PATHS}), int
 * token length (at most {@link #MAX_TOKEN_BYTES}), token bytes. Every length is bounded before
 * anything is allocated for it: a whole request is at most {@link #MAX_BYTES} bytes, and
 * {@link #frameLength} tells from its first bytes how long it is (or that it is malformed).
 */
public final class PathRequest {
  /** "HDIO", version 4 (FOUND replies name the DataNode's host). */
  public static final int MAGIC = 0x4844494f + 4;
  /** Longest block access token accepted (HDFS's are a few hundred bytes). */
  public static final int MAX_TOKEN_BYTES = 16 * 1024;
  /** Longest block-pool id accepted, in UTF-8 bytes (HDFS's are about 40). */
  public static final int MAX_POOL_ID_BYTES = 255;
  /** Bytes before the pool id: magic, op, the id's length. */
  private static final int HEAD_BYTES = 4 + 1 + 2;
  /** Bytes between the pool id and the token: block id, generation stamp, offset, token length. */
  private static final int MIDDLE_BYTES = 8 + 8 + 8 + 4;
  /** Longest request accepted. */
  public static final int MAX_BYTES = HEAD_BYTES + MAX_POOL_ID_BYTES + MIDDLE_BYTES + MAX_TOKEN_BYTES;

  /** What the client asks. */
  public enum Op {
    /** The replica's files, to read them directly. */
    PATHS,
    /** Check the checksum chunk at {@link PathRequest#offset}; report the replica if it is bad. */
    VERIFY,
    /** Open the replica's files and pass their descriptors with the reply ({@code SCM_RIGHTS}). */
    DESCRIPTORS,
    /** Only whether a usable replica is here (same checks, nothing opened or named). */
    HAS
  }

  public final Op op;
  public final String blockPoolId;
  public final long blockId;
  public final long generationStamp;
  public final long offset;
  public final byte[] token;

  /** A {@link Op#PATHS} request. */
  public PathRequest(String blockPoolId, long blockId, long generationStamp, byte[] token) {
    this(Op.PATHS, blockPoolId, blockId, generationStamp, 0, token);
  }

  /** A request of {@code op} other than {@link Op#VERIFY} (whose offset matters). */
  public PathRequest(Op op, String blockPoolId, long blockId, long generationStamp, byte[] token) {
    this(op, blockPoolId, blockId, generationStamp, 0, token);
  }

  private PathRequest(Op op, String blockPoolId, long blockId, long generationStamp, long offset, byte[] token) {
    this.op = op;
    this.blockPoolId = blockPoolId;
    this.blockId = blockId;
    this.generationStamp = generationStamp;
    this.offset = offset;
    this.token = token == null ? new byte[0] : token;
  }

  /** A {@link Op#VERIFY} request: the direct read found a bad checksum at block offset {@code offset}. */
  public static PathRequest verify(String blockPoolId, long blockId, long generationStamp, long offset, byte[] token) {
    return new PathRequest(Op.VERIFY, blockPoolId, blockId, generationStamp, offset, token);
  }

  public void write(DataOutput out) throws IOException {
    if (token.length > MAX_TOKEN_BYTES) {
      throw new IOException("block token of " + token.length + " bytes is longer than a direct-I/O request carries ("
          + MAX_TOKEN_BYTES + ")");
    }
    out.writeInt(MAGIC);
    out.writeByte(op.ordinal());
    out.writeUTF(blockPoolId);
    out.writeLong(blockId);
    out.writeLong(generationStamp);
    out.writeLong(offset);
    out.writeInt(token.length);
    out.write(token);
  }

  /**
   * Parses one whole request of {@code length} bytes (as {@link #frameLength} measured it); a
   * malformed one fails with a message saying which field is wrong.
   */
  public static PathRequest parse(byte[] frame, int length) throws IOException {
    if (frameLength(frame, length) != length) {
      throw new IOException("request of " + length + " bytes is not one whole request");
    }
    java.io.DataInputStream in = new java.io.DataInputStream(new java.io.ByteArrayInputStream(frame, 0, length));
    in.skipBytes(4); // magic, checked
    int op = in.readUnsignedByte();
    byte[] poolId = new byte[in.readUnsignedShort()];
    in.readFully(poolId);
    // Written with writeUTF; HDFS pool ids are ASCII, where modified UTF-8 and UTF-8 agree.
    String bpid = new String(poolId, java.nio.charset.StandardCharsets.UTF_8);
    long blockId = in.readLong();
    long gs = in.readLong();
    long offset = in.readLong();
    byte[] token = new byte[in.readInt()];
    in.readFully(token);
    return new PathRequest(Op.values()[op], bpid, blockId, gs, offset, token);
  }

  /**
   * The length of the request whose first {@code available} bytes are in {@code head} (from
   * index 0), or -1 if more bytes are needed to tell; fails if what is there already shows a
   * malformed request (wrong magic, unknown op, a pool id or token longer than allowed). Reads
   * nothing of size: the caller allocates for the request only once its length is known and
   * bounded by {@link #MAX_BYTES}.
   */
  public static int frameLength(byte[] head, int available) throws IOException {
    if (available < 4) {
      return -1;
    }
    int magic = ((head[0] & 0xff) << 24) | ((head[1] & 0xff) << 16) | ((head[2] & 0xff) << 8) | (head[3] & 0xff);
    if (magic != MAGIC) {
      throw new IOException("not a hadoopopt direct-I/O request of this version (magic 0x" + Integer.toHexString(magic)
          + ", expected 0x" + Integer.toHexString(MAGIC) + ")");
    }
    if (available < 5) {
      return -1;
    }
    if ((head[4] & 0xff) >= Op.values().length) {
      throw new IOException("unknown request op " + (head[4] & 0xff));
    }
    if (available < HEAD_BYTES) {
      return -1;
    }
    int poolIdBytes = ((head[5] & 0xff) << 8) | (head[6] & 0xff);
    if (poolIdBytes > MAX_POOL_ID_BYTES) {
      throw new IOException("block-pool id of " + poolIdBytes + " bytes, more than " + MAX_POOL_ID_BYTES);
    }
    int tokenAt = HEAD_BYTES + poolIdBytes + MIDDLE_BYTES;
    if (available < tokenAt) {
      return -1;
    }
    int tokenLength = ((head[tokenAt - 4] & 0xff) << 24) | ((head[tokenAt - 3] & 0xff) << 16)
        | ((head[tokenAt - 2] & 0xff) << 8) | (head[tokenAt - 1] & 0xff);
    if (tokenLength < 0 || tokenLength > MAX_TOKEN_BYTES) {
      throw new IOException("token length " + tokenLength + " out of range 0.." + MAX_TOKEN_BYTES);
    }
    return tokenAt + tokenLength;
  }

  /** Bytes a request's head needs at most before {@link #frameLength} can tell its length. */
  public static int maxHeadBytes() {
    return HEAD_BYTES + MAX_POOL_ID_BYTES + MIDDLE_BYTES;
  }

  /** The block as HDFS names it: pool, id and generation stamp (the pool id escaped and bounded for logs). */
  public String blockName() {
    return LogText.of(blockPoolId, 64) + ":blk_" + blockId + "_" + generationStamp;
  }

  @Override
  public String toString() {
    return op + " " + blockName() + (op == Op.VERIFY ? " at block offset " + offset : "");
  }
}
