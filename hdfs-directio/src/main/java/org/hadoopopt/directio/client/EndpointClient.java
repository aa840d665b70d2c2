package org.hadoopopt.directio.client;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.directio.protocol.EndpointOwner;
import org.hadoopopt.directio.protocol.FdPassing;
import org.hadoopopt.directio.protocol.PathOwnership;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;
import org.hadoopopt.directio.protocol.UnixSockets;

/**
 * Asks one DataNode plugin socket one question, after checking that the socket is the DataNode's:
 * its real path and every folder above it belong to root or the DataNode user, and so does the
 * process listening on it (as the kernel reports it, {@code SO_PEERCRED}). Nothing, the block
 * token least of all, is sent to any other endpoint.
 */
public final class EndpointClient {
  /** An endpoint that is not the DataNode's: its path or its listening process belongs to another user. */
  public static final class UntrustedEndpointException extends IOException {
    private static final long serialVersionUID = 1L;

    UntrustedEndpointException(String why) {
      super(why);
    }
  }

  /** Longest reply accepted with descriptors (two UTF strings and a reason fit many times over). */
  static final int MAX_REPLY_BYTES = 256 * 1024;

  private EndpointClient() {}

  /** {@link #ask(Path, PathRequest, int)} with the client's default timeout. */
  public static PathReply ask(Path socket, PathRequest request) throws IOException {
    return ask(socket, request, DirectReplicaAccessorBuilder.TIMEOUT_MS_DEFAULT);
  }

  /** {@link #ask(Path, PathRequest, EndpointOwner, int)} trusting the DataNode user the default configuration names. */
  public static PathReply ask(Path socket, PathRequest request, int timeoutMs) throws IOException {
    return ask(socket, request, EndpointOwner.from(new Configuration()), timeoutMs);
  }

  /** {@link #askForDescriptors(Path, PathRequest, EndpointOwner, int)} trusting the DataNode user the default configuration names. */
  public static PathReply askForDescriptors(Path socket, PathRequest request, int timeoutMs) throws IOException {
    return askForDescriptors(socket, request, EndpointOwner.from(new Configuration()), timeoutMs);
  }

  /**
   * A channel to {@code socket} once it proved to be the DataNode's (see the class comment),
   * connected within {@code timeoutMs}; else {@link UntrustedEndpointException} saying why.
   */
  static SocketChannel connectTrusted(Path socket, EndpointOwner owner, int timeoutMs) throws IOException {
    Path real;
    try {
      real = socket.toRealPath();
    } catch (IOException e) {
      throw new IOException("endpoint " + socket + " is gone: " + e, e);
    }
    String why = PathOwnership.problem(real, owner, PathOwnership.Kind.SOCKET);
    if (why != null) {
      throw new UntrustedEndpointException(why);
    }
    SocketChannel channel = UnixSockets.connect(real, timeoutMs);
    try {
      String listener = UnixSockets.peerUser(channel);
      if (!owner.trusts(listener)) {
        throw new UntrustedEndpointException("the process listening on " + real + " runs as '" + listener
            + "', not as root or the DataNode user " + owner.describe());
      }
      return channel;
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /**
   * Asks a question whose answer carries no descriptors ({@code PATHS}, {@code HAS}, {@code VERIFY}),
   * waiting at most {@code timeoutMs} for the reply where the JNI library is loaded (Java's blocking
   * Unix-domain channels have no read timeout, so without it the wait is unbounded).
   */
  public static PathReply ask(Path socket, PathRequest request, EndpointOwner owner, int timeoutMs) throws IOException {
    if (request.op == PathRequest.Op.DESCRIPTORS) {
      throw new IllegalArgumentException("a descriptor request needs askForDescriptors: " + request);
    }
    try (SocketChannel channel = connectTrusted(socket, owner, timeoutMs)) {
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
  public static PathReply askForDescriptors(Path socket, PathRequest request, EndpointOwner owner, int timeoutMs)
      throws IOException {
    if (request.op != PathRequest.Op.DESCRIPTORS) {
      throw new IllegalArgumentException("not a descriptor request: " + request);
    }
    FdPassing.Received received;
    try (SocketChannel channel = connectTrusted(socket, owner, timeoutMs)) {
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
