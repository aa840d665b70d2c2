package org.hadoopopt.directio.datanode;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import org.hadoopopt.directio.protocol.PathRequest;

/**
 * One accepted caller of the endpoint: its kernel-reported user, the deadline its whole request
 * must arrive by (counted from accept), and the request bytes read so far. Nothing is allocated
 * for a request until its first bytes show it well formed; then exactly its bounded length.
 */
final class EndpointConnection {
  final SocketChannel channel;
  final String user;
  final long acceptedNanos;
  final long deadlineNanos;
  SelectionKey key;
  /** Refused or malformed: the reply went out; input is read and dropped until the caller closes. */
  boolean draining;
  /** Its place in {@link EndpointConnections} was given up (guarded by that table). */
  boolean released;
  private byte[] bytes;
  private int filled;
  private int frameLength = -1;

  EndpointConnection(SocketChannel channel, String user, long acceptedNanos, long timeoutNanos) {
    this.channel = channel;
    this.user = user;
    this.acceptedNanos = acceptedNanos;
    this.deadlineNanos = acceptedNanos + timeoutNanos;
  }

  /**
   * Reads what the caller sent so far; true once the whole request is here. Fails on a malformed
   * request (before anything of its claimed size is allocated) and on end of stream.
   */
  boolean readRequest() throws IOException {
    if (bytes == null) {
      bytes = new byte[PathRequest.maxHeadBytes()];
    }
    while (filled < bytes.length && (frameLength < 0 || filled < frameLength)) {
      int n = channel.read(ByteBuffer.wrap(bytes, filled, bytes.length - filled));
      if (n < 0) {
        throw new java.io.EOFException("caller closed after " + filled + " bytes, before its whole request");
      }
      if (n == 0) {
        break;
      }
      filled += n;
      if (frameLength < 0) {
        frameLength = PathRequest.frameLength(bytes, filled);
        if (frameLength > bytes.length) {
          bytes = java.util.Arrays.copyOf(bytes, frameLength); // bounded by PathRequest.MAX_BYTES
        }
      }
    }
    return frameLength >= 0 && filled >= frameLength;
  }

  /** The whole request, once {@link #readRequest} returned true. */
  PathRequest request() throws IOException {
    return PathRequest.parse(bytes, frameLength);
  }
}
