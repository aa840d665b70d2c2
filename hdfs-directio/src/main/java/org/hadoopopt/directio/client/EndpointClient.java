package org.hadoopopt.directio.client;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import org.hadoopopt.directio.protocol.FdPassing;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;
import org.hadoopopt.directio.protocol.UnixSockets;

/** Asks one DataNode plugin socket one question. */
public final class EndpointClient {
  /** Longest reply accepted with descriptors (two UTF strings and a reason fit many times over). */
  static final int MAX_REPLY_BYTES = 256 * 1024;

  private EndpointClient() {}

  /** {@link #ask(Path, PathRequest, int)} with the client's default timeout. */
  public static PathReply ask(Path socket, PathRequest request) throws IOException {
    return ask(socket, request, DirectReplicaAccessorBuilder.TIMEOUT_MS_DEFAULT);
  }

  /**
   * Asks a question whose answer carries no descriptors ({@code PATHS}, {@code HAS}, {@code VERIFY}),
   * waiting at most {@code timeoutMs} for the reply where the JNI library is loaded (Java's blocking
   * Unix-domain channels have no read timeout, so without it the wait is unbounded).
   */
  public static PathReply ask(Path socket, PathRequest request, int timeoutMs) throws IOException {
    if (request.op == PathRequest.Op.DESCRIPTORS) {
      throw new IllegalArgumentException("a descriptor request needs askForDescriptors: " + request);
    }
    try (SocketChannel channel = UnixSockets.connect(socket)) {
      send(channel, request);
      if (!FdPassing.available()) {
        return PathReply.read(new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel))));
      }
      FdPassing.Received received = FdPassing.receive(channel, MAX_REPLY_BYTES, timeoutMs);
      if (received.descriptors.length != 0) {
        received.closeDescriptors();
        throw new IOException("the DataNode's reply to " + request + " came with descriptors");
      }
      return PathReply.fromBytes(received.bytes);
    }
  }

  /**
   * Asks for a replica's open files ({@code DESCRIPTORS}). A {@code FOUND} reply comes with exactly
   * the block file's and meta file's descriptors, which the caller then owns; any other reply
   * comes with none (descriptors sent along anyway are closed). Waits at most {@code timeoutMs}
   * for the reply.
   */
  public static PathReply askForDescriptors(Path socket, PathRequest request, int timeoutMs) throws IOException {
    if (request.op != PathRequest.Op.DESCRIPTORS) {
      throw new IllegalArgumentException("not a descriptor request: " + request);
    }
    FdPassing.Received received;
    try (SocketChannel channel = UnixSockets.connect(socket)) {
      send(channel, request);
      received = FdPassing.receive(channel, MAX_REPLY_BYTES, timeoutMs);
    }
    PathReply reply;
    try {
      reply = PathReply.fromBytes(received.bytes);
    } catch (IOException | RuntimeException e) {
      received.closeDescriptors();
      throw e;
    }
    int want = reply.status == PathReply.Status.FOUND ? FdPassing.MAX_DESCRIPTORS : 0;
    if (received.descriptors.length != want) {
      received.closeDescriptors();
      throw new IOException("the DataNode's " + reply.status + " reply for " + request.blockName() + " came with "
          + received.descriptors.length + " descriptors, expected " + want);
    }
    return reply.withDescriptors(received.descriptors);
  }

  private static void send(SocketChannel channel, PathRequest request) throws IOException {
    DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(channel)));
    request.write(out);
    out.flush();
  }
}
