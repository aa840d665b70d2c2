package org.hadoopopt.directio;

import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.hadoopopt.directio.protocol.UnixSockets;

/**
 * The attacker's listener of {@link PlantedEndpointTest}, run as another OS user: optionally
 * creates the socket folder first (mode 755, its own), binds a DataNode's socket name in it and
 * counts the connections it gets and every byte sent to it (a block token among them). Each
 * connection is read until the caller closes or is silent for 300 ms, then closed without a reply.
 * Arguments: socket path, {@code create} or {@code existing}, counts file.
 */
public final class PlantedListener {
  private PlantedListener() {}

  public static void main(String[] args) throws Exception {
    Path socket = Paths.get(args[0]);
    Path counts = Paths.get(args[2]);
    if (args[1].equals("create")) {
      Files.createDirectories(socket.getParent());
      Files.setPosixFilePermissions(socket.getParent(), PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    AtomicLong connections = new AtomicLong();
    AtomicLong bytes = new AtomicLong();
    ServerSocketChannel server = UnixSockets.bind(socket);
    Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-rw-rw-"));
    report(counts, connections, bytes, true);
    while (true) {
      SocketChannel c = server.accept();
      connections.incrementAndGet();
      report(counts, connections, bytes, true);
      Thread t = new Thread(() -> drain(c, counts, connections, bytes));
      t.setDaemon(true);
      t.start();
    }
  }

  private static void drain(SocketChannel c, Path counts, AtomicLong connections, AtomicLong bytes) {
    try (SocketChannel ch = c) {
      ch.configureBlocking(false);
      ByteBuffer b = ByteBuffer.allocate(4096);
      long quietSince = System.nanoTime();
      while (System.nanoTime() - quietSince < 300_000_000L) {
        b.clear();
        int n = ch.read(b);
        if (n < 0) {
          break;
        }
        if (n > 0) {
          bytes.addAndGet(n);
          report(counts, connections, bytes, true);
          quietSince = System.nanoTime();
        } else {
          Thread.sleep(5);
        }
      }
    } catch (Exception e) {
      // the caller went away
    }
  }

  private static void report(Path counts, AtomicLong connections, AtomicLong bytes, boolean ready) throws java.io.IOException {
    Properties p = new Properties();
    p.setProperty("ready", String.valueOf(ready));
    p.setProperty("connections", String.valueOf(connections.get()));
    p.setProperty("bytes", String.valueOf(bytes.get()));
    AsNobody.write(counts, p);
  }
}
