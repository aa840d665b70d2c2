package org.hadoopopt.directio.protocol;

import java.io.DataInput;
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
 * <p>Wire format: int {@link #MAGIC}, byte op, UTF block pool id, long block id, long generation
 * stamp, long block offset (0 for {@link Op#PATHS}), int token length ({@code <= MAX_TOKEN_BYTES}),
 * token bytes.
 */
public final class PathRequest {
  /** "HDIO", version 3. */
  public static final int MAGIC = 0x4844494f + 3;
  static final int MAX_TOKEN_BYTES = 64 * 1024;

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
    out.writeInt(MAGIC);
    out.writeByte(op.ordinal());
    out.writeUTF(blockPoolId);
    out.writeLong(blockId);
    out.writeLong(generationStamp);
    out.writeLong(offset);
    out.writeInt(token.length);
    out.write(token);
  }

  /** Reads one request; a malformed one fails with a message saying which field is wrong. */
  public static PathRequest read(DataInput in) throws IOException {
    int magic = in.readInt();
    if (magic != MAGIC) {
      throw new IOException("not a hadoopopt direct-I/O request of this version (magic 0x" + Integer.toHexString(magic)
          + ", expected 0x" + Integer.toHexString(MAGIC) + ")");
    }
    int op = in.readUnsignedByte();
    if (op >= Op.values().length) {
      throw new IOException("unknown request op " + op);
    }
    String bpid = in.readUTF();
    long blockId = in.readLong();
    long gs = in.readLong();
    long offset = in.readLong();
    int tokenLength = in.readInt();
    if (tokenLength < 0 || tokenLength > MAX_TOKEN_BYTES) {
      throw new IOException("token length " + tokenLength + " out of range 0.." + MAX_TOKEN_BYTES);
    }
    byte[] token = new byte[tokenLength];
    in.readFully(token);
    return new PathRequest(Op.values()[op], bpid, blockId, gs, offset, token);
  }

  /** The block as HDFS names it: pool, id and generation stamp. */
  public String blockName() {
    return blockPoolId + ":blk_" + blockId + "_" + generationStamp;
  }

  @Override
  public String toString() {
    return op + " " + blockName() + (op == Op.VERIFY ? " at block offset " + offset : "");
  }
}
