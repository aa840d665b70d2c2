package org.hadoopopt.bench.ideal;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The network term of the model on one machine: TCP throughput over the loopback interface
 * (127.0.0.1, an ephemeral port), one sender thread and the receiving thread, best of a few
 * transfers. On one node this is what a shuffle or a replica sent to "another node" would cross.
 */
public final class LoopbackProbe {
  private LoopbackProbe() {}

  /** Bytes per second received over loopback; {@code bytes} per transfer, best of {@code passes}. */
  public static double measure(long bytes, int passes) throws IOException {
    double best = 0;
    for (int p = 0; p < passes; p++) {
      best = Math.max(best, once(bytes));
    }
    return best;
  }

  private static double once(long bytes) throws IOException {
    try (ServerSocketChannel server = ServerSocketChannel.open()) {
      server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      AtomicLong sent = new AtomicLong();
      IOException[] failure = new IOException[1];
      Thread sender = new Thread(() -> {
        ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
        try (SocketChannel out = SocketChannel.open(server.getLocalAddress())) {
          for (long done = 0; done < bytes; ) {
            buf.clear();
            buf.limit((int) Math.min(buf.capacity(), bytes - done));
            done += out.write(buf);
            sent.set(done);
          }
        } catch (IOException e) {
          failure[0] = e;
        }
      }, "loopback-probe-sender");
      sender.setDaemon(true);
      sender.start();
      long got = 0;
      long t0;
      try (SocketChannel in = server.accept()) {
        ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
        t0 = System.nanoTime();
        for (int r; (r = in.read(buf)) >= 0; buf.clear()) {
          got += r;
        }
      }
      double seconds = Math.max(1e-9, (System.nanoTime() - t0) / 1e9);
      try {
        sender.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("loopback probe interrupted", e);
      }
      if (failure[0] != null || got != bytes) {
        throw new IOException("loopback probe: received " + got + " of " + bytes + " bytes"
            + (failure[0] == null ? "" : " (" + failure[0] + ")"), failure[0]);
      }
      return got / seconds;
    }
  }
}
