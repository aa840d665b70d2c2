package org.hadoopopt.directio.protocol;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * A client's question to the DataNode plugin: where are the files of this replica? Carries the
 * block access token the NameNode issued for the block (its {@code Token.write} bytes).
 *
 * <p>Wire format: int {@link #MAGIC}, UTF block pool id, long block id, long generation stamp,
 * int token length ({@code <= MAX_TOKEN_BYTES}), token bytes.
 */
public final class PathRequest {
  /** "HDIO", version 1. */
  public static final int MAGIC = 0x4844494f + 1;
  static final int MAX_TOKEN_BYTES = 64 * 1024;

  public final String blockPoolId;
  public final long blockId;
  public final long generationStamp;
  public final byte[] token;

  public PathRequest(String blockPoolId, long blockId, long generationStamp, byte[] token) {
    this.blockPoolId = blockPoolId;
    this.blockId = blockId;
    this.generationStamp = generationStamp;
    this.token = token == null ? new byte[0] : token;
  }

  public void write(DataOutput out) throws IOException {
    out.writeInt(MAGIC);
    out.writeUTF(blockPoolId);
    out.writeLong(blockId);
    out.writeLong(generationStamp);
    out.writeInt(token.length);
    out.write(token);
  }

  /** Reads one request; a malformed one fails with a message saying which field is wrong. */
  public static PathRequest read(DataInput in) throws IOException {
    int magic = in.readInt();
    if (magic != MAGIC) {
      throw new IOException("not a hadoopopt direct-I/O request (magic 0x" + Integer.toHexString(magic)
          + ", expected 0x" + Integer.toHexString(MAGIC) + ")");
    }
    String bpid = in.readUTF();
    long blockId = in.readLong();
    long gs = in.readLong();
    int tokenLength = in.readInt();
    if (tokenLength < 0 || tokenLength > MAX_TOKEN_BYTES) {
      throw new IOException("token length " + tokenLength + " out of range 0.." + MAX_TOKEN_BYTES);
    }
    byte[] token = new byte[tokenLength];
    in.readFully(token);
    return new PathRequest(bpid, blockId, gs, token);
  }

  @Override
  public String toString() {
    return "BP " + blockPoolId + " blk_" + blockId + "_" + generationStamp;
  }
}
