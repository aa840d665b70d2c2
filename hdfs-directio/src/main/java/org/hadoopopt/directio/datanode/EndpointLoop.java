package org.hadoopopt.directio.datanode;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.UnixSockets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The endpoint's one network thread: a non-blocking accept and read loop over a {@link Selector}.
 * Each accepted caller's OS user is checked first ({@code SO_PEERCRED}); a caller the policy does
 * not admit gets its refusal before a byte of its request is read. An admitted caller's request is
 * read as it arrives, bounded by its own length fields ({@link EndpointConnection}), and handed to
 * the handler pool only once whole, so handlers never wait on a caller. Every connection must
 * deliver its request within the request timeout counted from accept; the table of connections is
 * bounded and displaces a flooding user's own oldest connection first ({@link EndpointConnections}).
 * Silent or hostile callers therefore hold neither a thread nor an honest caller's place.
 */
final class EndpointLoop implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(EndpointLoop.class);
  /** Connections accepted per turn of the loop, so reads of earlier callers are not starved by a flood. */
  private static final int ACCEPTS_PER_TURN = 64;
  /**
   * How long accepting pauses after a failed accept (typically the process is out of descriptors):
   * the listening socket stays readable while callers wait, so retrying at once would spin the loop.
   */
  private static final long ACCEPT_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
  /** At most one warning about failed accepts this often; the ones between are counted into it. */
  private static final long ACCEPT_WARN_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);

  /** What the loop reports to the plugin. */
  interface Events {
    /** A whole request arrived on {@code c}: answer it (off this thread), then {@link #close} it. */
    void request(EndpointConnection c);

    /** {@code c} was refused before its request was read or because it was malformed; its reply is on its way. */
    void refused(EndpointConnection c, String why);

    /** {@code c} was closed without an answer: timed out, displaced, turned away, or the caller left. */
    void dropped(EndpointConnection c, String why);
  }

  private final ServerSocketChannel server;
  private final Selector selector;
  private final CallerPolicy policy;
  private final long timeoutNanos;
  private final EndpointConnections connections;
  private final Events events;
  private final ByteBuffer discard = ByteBuffer.allocate(4096);
  private final SelectionKey acceptKey;
  /** While accepting is paused: when it resumes ({@link System#nanoTime()}); else 0 with {@link #acceptPaused} false. */
  private long acceptResumesAt;
  private boolean acceptPaused;
  private long failedAcceptsUnreported;
  private long lastAcceptWarning;
  private volatile boolean running = true;
  private volatile Thread thread;

  EndpointLoop(ServerSocketChannel server, CallerPolicy policy, int timeoutMs, int maxConnections, Events events)
      throws IOException {
    this.server = server;
    this.policy = policy;
    this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    this.connections = new EndpointConnections(maxConnections);
    this.events = events;
    this.selector = Selector.open();
    server.configureBlocking(false);
    this.acceptKey = server.register(selector, SelectionKey.OP_ACCEPT);
    this.lastAcceptWarning = System.nanoTime() - ACCEPT_WARN_EVERY_NANOS;
  }

  @Override
  public void run() {
    thread = Thread.currentThread();
    try {
      while (running) {
        long waitNanos = connections.nanosToNextDeadline(System.nanoTime());
        if (acceptPaused) {
          long untilResume = Math.max(0, acceptResumesAt - System.nanoTime());
          waitNanos = waitNanos < 0 ? untilResume : Math.min(waitNanos, untilResume);
        }
        if (waitNanos < 0) {
          selector.select();
        } else {
          selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNanos) + 1));
        }
        Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
        while (keys.hasNext()) {
          SelectionKey key = keys.next();
          keys.remove();
          if (!key.isValid()) {
            continue;
          }
          if (key.isAcceptable()) {
            acceptSome();
          } else if (key.isReadable()) {
            read((EndpointConnection) key.attachment());
          }
        }
        long now = System.nanoTime();
        if (acceptPaused && now - acceptResumesAt >= 0) {
          acceptPaused = false;
          acceptKey.interestOps(SelectionKey.OP_ACCEPT);
        }
        for (EndpointConnection c = connections.takeExpired(now); c != null; c = connections.takeExpired(now)) {
          closeChannel(c);
          events.dropped(c, c.draining ? "refused caller kept its connection open past the request timeout"
              : "no whole request within the request timeout (" + (now - c.acceptedNanos) / 1_000_000 + " ms after accept)");
        }
      }
    } catch (ClosedSelectorException e) {
      // stopped
    } catch (IOException | RuntimeException e) {
      if (running) {
        LOG.error("hadoopopt direct-I/O: the endpoint's accept loop failed; clients stream from now on", e);
      }
    } finally {
      closeAll();
    }
  }

  private void acceptSome() {
    for (int i = 0; i < ACCEPTS_PER_TURN; i++) {
      SocketChannel channel;
      try {
        channel = server.accept();
      } catch (IOException e) {
        pauseAccepting(e);
        return;
      }
      if (channel == null) {
        return;
      }
      accept(channel);
    }
  }

  /**
   * Stops accepting for {@link #ACCEPT_PAUSE_NANOS} after a failed accept. Waiting callers stay in the
   * listen backlog (or are refused by the kernel once it is full) and connections already accepted
   * keep being served; the warnings are rate-limited so a descriptor shortage cannot flood the log.
   */
  private void pauseAccepting(IOException e) {
    long now = System.nanoTime();
    acceptPaused = true;
    acceptResumesAt = now + ACCEPT_PAUSE_NANOS;
    acceptKey.interestOps(0);
    failedAcceptsUnreported++;
    if (now - lastAcceptWarning >= ACCEPT_WARN_EVERY_NANOS) {
      LOG.warn("hadoopopt direct-I/O: accept failed ({} failure(s) since the last warning, {} connections open): {};"
          + " accepting pauses {} ms at each failure", failedAcceptsUnreported, connections.open(), e.toString(),
          TimeUnit.NANOSECONDS.toMillis(ACCEPT_PAUSE_NANOS));
      failedAcceptsUnreported = 0;
      lastAcceptWarning = now;
    }
  }

  private void accept(SocketChannel channel) {
    String user;
    try {
      channel.configureBlocking(false);
      user = UnixSockets.peerUser(channel);
    } catch (IOException | RuntimeException e) {
      closeQuietly(channel);
      return;
    }
    EndpointConnection c = new EndpointConnection(channel, user, System.nanoTime(), timeoutNanos);
    EndpointConnection displaced = connections.admit(c);
    if (displaced == c) {
      closeQuietly(channel);
      events.dropped(c, "every connection place is taken by requests being answered");
      return;
    }
    if (displaced != null) {
      closeChannel(displaced);
      events.dropped(displaced, "displaced by a newer connection while its request had not arrived");
    }
    try {
      c.key = channel.register(selector, SelectionKey.OP_READ, c);
    } catch (IOException e) {
      close(c);
      return;
    }
    if (!policy.admits(user)) {
      refuse(c, "local user '" + user + "' is not in " + CallerPolicy.ALLOWED_USERS);
    }
  }

  private void read(EndpointConnection c) {
    try {
      if (c.draining) {
        discard.clear();
        if (c.channel.read(discard) < 0) {
          close(c);
        }
        return;
      }
      if (c.readRequest()) {
        c.key.cancel();
        connections.handedOff(c);
        events.request(c);
      }
    } catch (java.io.EOFException e) {
      // The caller stopped sending (it may still read): tell it why before closing.
      try {
        c.channel.write(ByteBuffer.wrap(PathReply.refused("incomplete request: " + e.getMessage()).toBytes()));
      } catch (IOException ignored) {
        // it has gone
      }
      close(c);
      events.dropped(c, e.getMessage());
    } catch (IOException e) {
      if (c.channel.isOpen()) {
        refuse(c, "malformed request: " + e.getMessage());
      }
    }
  }

  /** Sends {@code why} as a refusal, stops reading requests from {@code c} and drains it until the caller closes. */
  private void refuse(EndpointConnection c, String why) {
    c.draining = true;
    events.refused(c, why);
    try {
      ByteBuffer reply = ByteBuffer.wrap(PathReply.refused(why).toBytes());
      c.channel.write(reply); // a few hundred bytes into an empty socket buffer
      c.channel.shutdownOutput();
    } catch (IOException e) {
      close(c);
    }
  }

  /** Closes {@code c} and frees its place (from any thread). */
  void close(EndpointConnection c) {
    closeChannel(c);
    connections.closed(c);
    if (Thread.currentThread() != thread) {
      // A channel still registered with the selector is really closed (the caller sees the end of
      // the reply) only once the selector has dropped its cancelled key: make it do so now.
      selector.wakeup();
    }
  }

  private static void closeChannel(EndpointConnection c) {
    closeQuietly(c.channel);
  }

  /** Connections open now. */
  int openConnections() {
    return connections.open();
  }

  /** Ends the loop; open connections are closed by it. */
  void stop() {
    running = false;
    selector.wakeup();
  }

  private void closeAll() {
    try {
      for (SelectionKey k : selector.keys()) {
        if (k.attachment() instanceof EndpointConnection) {
          close((EndpointConnection) k.attachment());
        }
      }
      selector.close();
    } catch (IOException | ClosedSelectorException ignored) {
      // stopping
    }
  }

  private static void closeQuietly(java.io.Closeable c) {
    try {
      c.close();
    } catch (IOException ignored) {
      // a socket we are done with
    }
  }
}
