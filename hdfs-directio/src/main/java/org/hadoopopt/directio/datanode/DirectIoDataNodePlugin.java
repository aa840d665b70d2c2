package org.hadoopopt.directio.datanode;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.util.ServicePlugin;
import org.apache.hadoop.util.ShutdownHookManager;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.directio.protocol.FdPassing;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;
import org.hadoopopt.directio.protocol.UnixSockets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * DataNode plugin ({@code dfs.datanode.plugins}) that opens a replica's block and {@code .meta}
 * files for a local reader holding the block's access token and passes it the open descriptors
 * over its socket, so the reader reads them directly without any permission on the data
 * directories (file paths only where {@link CallerPolicy#SERVE_PATHS} allows). It listens only on a Unix-domain
 * socket ({@code <socket dir>/dn-<xferPort>.sock}): no network address reaches it. Each
 * connection carries one request; the kernel-reported peer user, the block access token and the
 * replica state are checked by {@link BlockPathResolver}. A client whose direct read failed its
 * checksum tells this DataNode, which checks the chunk itself and reports the replica to the
 * NameNode only if it finds it bad ({@link ReplicaChecker}).
 */
public class DirectIoDataNodePlugin implements ServicePlugin {
  private static final Logger LOG = LoggerFactory.getLogger(DirectIoDataNodePlugin.class);

  /** Threads answering requests; default {@value #HANDLERS_DEFAULT}. Read by the DataNode plugin. */
  public static final String HANDLERS = "hadoopopt.directio.datanode.handlers";
  public static final int HANDLERS_DEFAULT = 4;
  /** Milliseconds a caller has to send its request before the connection is dropped; default {@value #REQUEST_TIMEOUT_MS_DEFAULT}. */
  public static final String REQUEST_TIMEOUT_MS = "hadoopopt.directio.datanode.request.timeout.ms";
  public static final int REQUEST_TIMEOUT_MS_DEFAULT = 10000;

  /** Running plugins by socket file, so code in the same JVM (tests, MiniDFSCluster) can observe them. */
  private static final java.util.concurrent.ConcurrentMap<Path, DirectIoDataNodePlugin> RUNNING =
      new java.util.concurrent.ConcurrentHashMap<>();

  private final AtomicLong served = new AtomicLong();
  private final AtomicLong refused = new AtomicLong();
  private final AtomicLong verified = new AtomicLong();
  private final AtomicLong unavailable = new AtomicLong();
  private final AtomicLong passed = new AtomicLong();
  private final AtomicLong lost = new AtomicLong();
  private final java.util.concurrent.atomic.AtomicBoolean warnedNoTokens = new java.util.concurrent.atomic.AtomicBoolean();
  private volatile ServerSocketChannel server;
  private Path socket;
  private Thread acceptor;
  private ExecutorService handlers;
  private ScheduledExecutorService timer;
  private BlockPathResolver resolver;
  private int timeoutMs;
  private final Runnable shutdownHook = this::stopFromHook;
  /** After the DataNode's own hooks (higher runs first), before log4j's. */
  private static final int SHUTDOWN_HOOK_PRIORITY = 5;

  public static void setAllowedUsers(Configuration conf, String... users) {
    CallerPolicy.setAllowedUsers(conf, users);
  }

  @Override
  public void start(Object service) {
    if (!(service instanceof DataNode)) {
      throw new IllegalArgumentException(getClass().getName() + " is a DataNode plugin (dfs.datanode.plugins), got "
          + (service == null ? "null" : service.getClass().getName()));
    }
    DataNode dataNode = (DataNode) service;
    Configuration conf = dataNode.getConf();
    int threads = conf.getInt(HANDLERS, HANDLERS_DEFAULT);
    if (threads < 1) {
      throw new IllegalArgumentException(HANDLERS + " must be at least 1, got " + threads);
    }
    timeoutMs = conf.getInt(REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS_DEFAULT);
    if (timeoutMs < 1) {
      throw new IllegalArgumentException(REQUEST_TIMEOUT_MS + " must be positive, got " + timeoutMs);
    }
    CallerPolicy policy = CallerPolicy.from(conf);
    resolver = new BlockPathResolver(dataNode, policy);
    try {
      Path dir = EndpointDirectory.dir(conf);
      EndpointDirectory.prepareForServer(dir);
      socket = EndpointDirectory.socketFor(dir, dataNode.getXferPort());
      Files.deleteIfExists(socket); // left by a DataNode that died; the port is ours now
      server = UnixSockets.bind(socket);
      // Any local user may connect; the peer-user policy and the token decide.
      Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-rw-rw-"));
    } catch (IOException e) {
      throw new IllegalStateException("hadoopopt direct-I/O endpoint could not start: " + e.getMessage(), e);
    }
    handlers = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<Runnable>(256),
        r -> daemon(r, "directio-handler"));
    timer = new ScheduledThreadPoolExecutor(1, r -> daemon(r, "directio-timeout"));
    acceptor = daemon(this::acceptLoop, "directio-acceptor-" + dataNode.getXferPort());
    acceptor.start();
    RUNNING.put(socket, this);
    // A DataNode stopped by a signal does not stop its plugins: remove the socket file anyway.
    ShutdownHookManager.get().addShutdownHook(shutdownHook, SHUTDOWN_HOOK_PRIORITY);
    LOG.info("hadoopopt direct-I/O endpoint listening on {} (allowed users: {}; without block tokens: {};"
        + " descriptors: {}; paths: {})", socket,
        conf.getTrimmed(CallerPolicy.ALLOWED_USERS, CallerPolicy.ALLOWED_USERS_DEFAULT),
        policy.servesWithoutTokens() ? "served" : "refused", FdPassing.available() ? "passed" : "unavailable",
        policy.servesPaths() ? "served (" + CallerPolicy.SERVE_PATHS + "=true)" : "refused");
    if (!FdPassing.available()) {
      LOG.warn("hadoopopt direct-I/O: {}; descriptor requests are refused and clients stream", FdPassing.loadError());
    }
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  private void acceptLoop() {
    ServerSocketChannel s = server;
    while (s != null && s.isOpen()) {
      SocketChannel channel;
      try {
        channel = s.accept();
      } catch (ClosedChannelException e) {
        return;
      } catch (IOException e) {
        LOG.warn("hadoopopt direct-I/O: accept failed", e);
        continue;
      }
      try {
        handlers.execute(() -> handle(channel));
      } catch (RejectedExecutionException e) {
        closeQuietly(channel); // overloaded or stopping: the client falls back to streaming
      }
    }
  }

  private void handle(SocketChannel channel) {
    // Blocking Unix channels have no read timeout: close the channel if the request is late.
    ScheduledFuture<?> deadline = timer.schedule(() -> closeQuietly(channel), timeoutMs, TimeUnit.MILLISECONDS);
    String user = "?";
    PathRequest request = null;
    PathReply reply = null;
    try {
      user = UnixSockets.peerUser(channel);
      DataInputStream in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel)));
      request = PathRequest.read(in);
      reply = resolver.resolve(request, user);
      if (reply.status == PathReply.Status.REFUSED) {
        refused.incrementAndGet();
        logRefusal(request, user, reply);
      } else if (reply.status == PathReply.Status.FOUND) {
        served.incrementAndGet();
      } else if (reply.status == PathReply.Status.NOT_HERE) {
        unavailable.incrementAndGet();
      } else if (reply.status == PathReply.Status.CORRUPT || reply.status == PathReply.Status.INTACT) {
        verified.incrementAndGet();
      }
      if (reply.open != null) {
        try {
          // The timer must not close (and free for reuse) the socket descriptor under the native send.
          if (!deadline.cancel(false)) {
            throw new IOException("request timed out before its reply");
          }
          FdPassing.send(channel, reply.toBytes(), reply.openDescriptors(), timeoutMs);
          passed.incrementAndGet();
        } finally {
          reply.closeOpen(); // the reader holds its own duplicates now
        }
      } else {
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(channel)));
        reply.write(out);
        out.flush();
      }
    } catch (IOException | RuntimeException e) {
      if (reply != null) {
        // Decided, but the caller left (or its own timeout passed) before the reply: it streams.
        lost.incrementAndGet();
        LOG.debug("hadoopopt direct-I/O: reply to {} for local user {} not delivered: {}", request, user, e.toString());
      } else {
        refused.incrementAndGet();
        LOG.warn("hadoopopt direct-I/O: dropped a request from local user {} ({}): {}", user,
            request == null ? "unreadable request" : request, e.toString());
      }
    } finally {
      deadline.cancel(false);
      closeQuietly(channel);
    }
  }

  private void logRefusal(PathRequest request, String user, PathReply reply) {
    // With tokens off every request is refused: say so once, loudly, not once per block read.
    boolean noTokens = !resolver.tokensRequired(request.blockPoolId);
    if (!noTokens || warnedNoTokens.compareAndSet(false, true)) {
      LOG.warn("hadoopopt direct-I/O: refused {} for local user {}: {}{}", request, user, reply.reason,
          noTokens ? " (further refusals for this reason are logged at DEBUG)" : "");
    } else {
      LOG.debug("hadoopopt direct-I/O: refused {} for local user {}: {}", request, user, reply.reason);
    }
  }

  private static void closeQuietly(java.io.Closeable c) {
    try {
      c.close();
    } catch (IOException ignored) {
      // closing a socket we are done with
    }
  }

  /** The plugin of this JVM listening on {@code socket}, or null. */
  public static DirectIoDataNodePlugin running(Path socket) {
    return RUNNING.get(socket);
  }

  /** The socket file this plugin listens on (null before start). */
  public Path endpoint() {
    return socket;
  }

  /** Requests answered with a replica (descriptors passed, paths, or "here") since start. */
  public long servedCount() {
    return served.get();
  }

  /** Requests refused (policy, token, tokens off, or malformed) since start. */
  public long refusedCount() {
    return refused.get();
  }

  /** Replies sent with the replica's open descriptors since start. */
  public long passedCount() {
    return passed.get();
  }

  /** Replies decided but not delivered (the caller had gone, or the send timed out) since start. */
  public long lostCount() {
    return lost.get();
  }

  /** Requests answered "not here" (no such replica, another generation, not finalized, files unopenable) since start. */
  public long unavailableCount() {
    return unavailable.get();
  }

  /** VERIFY requests this DataNode checked (the chunk read and compared with its checksum) since start. */
  public long verifiedCount() {
    return verified.get();
  }

  /** Replicas this DataNode confirmed corrupt after a local direct read and reported to the NameNode. */
  public long corruptReportedCount() {
    return resolver.checker().reportedCount();
  }

  private void stopFromHook() {
    stop(false);
  }

  @Override
  public void stop() {
    stop(true);
  }

  private synchronized void stop(boolean removeHook) {
    if (removeHook) {
      try {
        ShutdownHookManager.get().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException e) {
        // the JVM is already shutting down and runs the hook
      }
    }
    ServerSocketChannel s = server;
    server = null;
    if (s == null) {
      return;
    }
    closeQuietly(s);
    RUNNING.remove(socket, this);
    try {
      acceptor.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    handlers.shutdownNow();
    timer.shutdownNow();
    try {
      Files.deleteIfExists(socket);
    } catch (IOException e) {
      LOG.warn("hadoopopt direct-I/O: could not remove socket file", e);
    }
    LOG.info("hadoopopt direct-I/O endpoint stopped ({} served, {} with descriptors passed, {} refused, {} not here,"
        + " {} checked, {} reported corrupt, {} replies not delivered)", served.get(), passed.get(), refused.get(),
        unavailable.get(), verified.get(), corruptReportedCount(), lost.get());
  }

  @Override
  public void close() {
    stop();
  }
}
