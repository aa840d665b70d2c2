package org.hadoopopt.directio.client;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;
import org.hadoopopt.directio.protocol.UnixSockets;

/** Asks one DataNode plugin socket one question. */
public final class EndpointClient {
  private EndpointClient() {}

  public static PathReply ask(Path socket, PathRequest request) throws IOException {
    try (SocketChannel channel = UnixSockets.connect(socket)) {
      DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(channel)));
      request.write(out);
      out.flush();
      return PathReply.read(new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel))));
    }
  }
}
