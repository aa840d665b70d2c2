package org.hadoopopt.directio;

import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.hadoopopt.directio.protocol.UnixSockets;

/**
 * A local user flooding a DataNode endpoint with silent connections ({@link HostileCallerTest}):
 * keeps {@code n} connections open without sending a byte, opening a new one for each the
 * DataNode closes, until {@code seconds} pass. Counts connections opened and closed by the
 * DataNode (written every 200 ms once {@code n} were open). Arguments: socket path, n, seconds,
 * counts file.
 */
public final class Flooder {
  private Flooder() {}

  public static void main(String[] args) throws Exception {
    Path socket = Paths.get(args[0]);
    int n = Integer.parseInt(args[1]);
    long end = System.nanoTime() + Long.parseLong(args[2]) * 1_000_000_000L;
    Path counts = Paths.get(args[3]);
    List<SocketChannel> open = new ArrayList<>();
    long opened = 0;
    long closedByPeer = 0;
    long failed = 0;
    ByteBuffer b = ByteBuffer.allocate(64);
    boolean full = false;
    long lastReport = 0;
    while (System.nanoTime() < end) {
      while (open.size() < n && System.nanoTime() < end) {
        try {
          SocketChannel c = UnixSockets.connect(socket);
          c.configureBlocking(false);
          open.add(c);
          opened++;
        } catch (java.io.IOException e) {
          failed++;
          break;
        }
      }
      for (int i = open.size() - 1; i >= 0; i--) {
        b.clear();
        int r;
        try {
          r = open.get(i).read(b);
        } catch (java.io.IOException e) {
          r = -1;
        }
        if (r < 0) {
          open.remove(i).close();
          closedByPeer++;
        }
      }
      full |= opened >= n;
      if (full && System.nanoTime() - lastReport > 200_000_000L) {
        report(counts, opened, closedByPeer, failed, true);
        lastReport = System.nanoTime();
      }
      Thread.sleep(2);
    }
    report(counts, opened, closedByPeer, failed, true);
    Properties done = AsNobody.read(counts);
    done.setProperty("done", "true");
    AsNobody.write(counts, done);
    for (SocketChannel c : open) {
      c.close();
    }
  }

  private static void report(Path counts, long opened, long closed, long failed, boolean full) throws java.io.IOException {
    Properties p = new Properties();
    p.setProperty("full", String.valueOf(full));
    p.setProperty("opened", String.valueOf(opened));
    p.setProperty("closed.by.datanode", String.valueOf(closed));
    p.setProperty("connect.failed", String.valueOf(failed));
    AsNobody.write(counts, p);
  }
}
