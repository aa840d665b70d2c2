package org.hadoopopt.directio.datanode;

import java.io.IOException;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.util.ServicePlugin;
import org.apache.hadoop.util.ShutdownHookManager;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.directio.protocol.EndpointOwner;
import org.hadoopopt.directio.protocol.HostAddresses;
import org.hadoopopt.directio.protocol.LogText;
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
 * socket ({@code <socket dir>/dn-<xferPort>.sock}): no network address reaches it. Connections are
 * accepted and their requests read by one non-blocking loop ({@link EndpointLoop}: caller's user
 * checked at accept, lengths bounded, deadline from accept, bounded table of connections); whole
 * requests go to the handler threads, where the block access token and the replica state are
 * checked by {@link BlockPathResolver}. A client whose direct read failed its checksum tells this
 * DataNode, which checks the chunk itself and reports the replica to the NameNode only if it finds
 * it bad ({@link ReplicaChecker}).
 */
public class DirectIoDataNodePlugin implements ServicePlugin {
  private static final Logger LOG = LoggerFactory.getLogger(DirectIoDataNodePlugin.class);

  /** Threads answering requests; default {@value #HANDLERS_DEFAULT}. Read by the DataNode plugin. */
  public static final String HANDLERS = "hadoopopt.directio.datanode.handlers";
  public static final int HANDLERS_DEFAULT = 4;
  /**
   * Milliseconds a caller has, counted from accept, to deliver its whole request before the
   * connection is dropped (also the bound on sending the reply); default
   * {@value #REQUEST_TIMEOUT_MS_DEFAULT}. Read by the DataNode plugin.
   */
  public static final String REQUEST_TIMEOUT_MS = "hadoopopt.directio.datanode.request.timeout.ms";
  public static final int REQUEST_TIMEOUT_MS_DEFAULT = 10000;
  /**
   * Connections the endpoint keeps open at once; when full, a new caller displaces the oldest
   * waiting connection of the local user holding the most; default
   * {@value #MAX_CONNECTIONS_DEFAULT}. Read by the DataNode plugin.
   */
  public static final String MAX_CONNECTIONS = "hadoopopt.directio.datanode.max.connections";
  public static final int MAX_CONNECTIONS_DEFAULT = 256;
  /** Pending connections the kernel queues before the endpoint accepts them. */
  private static final int BACKLOG = 1024;

  /** Running plugins by socket file, so code in the same JVM (tests, MiniDFSCluster) can observe them. */
  private static final java.util.concurrent.ConcurrentMap<Path, DirectIoDataNodePlugin> RUNNING =
      new java.util.concurrent.ConcurrentHashMap<>();

  private final AtomicLong served = new AtomicLong();
  private final AtomicLong refused = new AtomicLong();
  private final AtomicLong verified = new AtomicLong();
  private final AtomicLong unavailable = new AtomicLong();
  private final AtomicLong passed = new AtomicLong();
  private final AtomicLong lost = new AtomicLong();
  private final AtomicLong dropped = new AtomicLong();
  private final java.util.concurrent.atomic.AtomicBoolean warnedNoTokens = new java.util.concurrent.atomic.AtomicBoolean();
  private volatile ServerSocketChannel server;
  private Path socket;
  /** This DataNode's host as its FOUND replies name it (its transfer address). */
  private String hostAddress;
  private Thread acceptor;
  private EndpointLoop loop;
  private ExecutorService handlers;
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
    int maxConnections = conf.getInt(MAX_CONNECTIONS, MAX_CONNECTIONS_DEFAULT);
    if (maxConnections < 1) {
      throw new IllegalArgumentException(MAX_CONNECTIONS + " must be at least 1, got " + maxConnections);
    }
    CallerPolicy policy = CallerPolicy.from(conf);
    resolver = new BlockPathResolver(dataNode, policy);
    String me = System.getProperty("user.name");
    String configuredUser = conf.getTrimmed(EndpointOwner.DATANODE_USER, "");
    if (!configuredUser.isEmpty() && !configuredUser.equals(me)) {
      throw new IllegalStateException("hadoopopt direct-I/O endpoint not started: " + EndpointOwner.DATANODE_USER + " is '"
          + LogText.of(configuredUser) + "' but this DataNode runs as '" + me + "'; clients would refuse its socket");
    }
    try {
      hostAddress = HostAddresses.forBound(dataNode.getXferAddress().getAddress());
      Path dir = EndpointDirectory.perHost(conf) ? EndpointDirectory.forHost(conf, hostAddress) : EndpointDirectory.dir(conf);
      EndpointDirectory.prepareForServer(dir, EndpointOwner.of(me, "the user this DataNode runs as"));
      socket = EndpointDirectory.socketFor(dir, dataNode.getXferPort());
      refuseIfAnswering(socket);
      Files.deleteIfExists(socket); // left by a DataNode that died; the port is ours now
      server = UnixSockets.bind(socket, BACKLOG);
      // Any local user may connect; the peer-user policy and the token decide.
      Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-rw-rw-"));
      loop = new EndpointLoop(server, policy, timeoutMs, maxConnections, new Events());
    } catch (IOException e) {
      throw new IllegalStateException("hadoopopt direct-I/O endpoint could not start: " + e.getMessage(), e);
    }
    handlers = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
        new LinkedBlockingQueue<Runnable>(maxConnections), r -> daemon(r, "directio-handler"));
    acceptor = daemon(loop, "directio-endpoint-" + dataNode.getXferPort());
    acceptor.start();
    RUNNING.put(socket, this);
    // A DataNode stopped by a signal does not stop its plugins: remove the socket file anyway.
    ShutdownHookManager.get().addShutdownHook(shutdownHook, SHUTDOWN_HOOK_PRIORITY);
    LOG.info("hadoopopt direct-I/O endpoint listening on {} as user {} (allowed users: {}; without block tokens: {};"
        + " descriptors: {}; paths: {}; request timeout {} ms from accept; at most {} connections)", socket, me,
        conf.getTrimmed(CallerPolicy.ALLOWED_USERS, CallerPolicy.ALLOWED_USERS_DEFAULT),
        policy.servesWithoutTokens() ? "served" : "refused", FdPassing.available() ? "passed" : "unavailable",
        policy.servesPaths() ? "served (" + CallerPolicy.SERVE_PATHS + "=true)" : "refused", timeoutMs, maxConnections);
    if (!FdPassing.available()) {
      LOG.warn("hadoopopt direct-I/O: {}; descriptor requests are refused and clients stream", FdPassing.loadError());
    }
  }

  /**
   * A socket of our name that still answers belongs to a live DataNode with the same transfer port:
   * one of another host sharing this folder (network namespaces of one machine). Taking it over
   * would send that host's readers here, so the endpoint does not start.
   */
  private static void refuseIfAnswering(Path socket) throws IOException {
    if (!Files.exists(socket, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    boolean answering;
    try (java.nio.channels.SocketChannel c = UnixSockets.connect(socket, 1000)) {
      answering = true;
    } catch (IOException e) {
      answering = false; // nobody listens: a stale file, removed below
    }
    if (answering) {
      throw new IOException("another live DataNode listens on " + socket + ": DataNodes of different hosts share this"
          + " folder; hosts sharing a file system need one folder each (put " + EndpointDirectory.HOST_TOKEN + " in "
          + EndpointDirectory.SOCKET_DIR + ")");
    }
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  /** What the accept loop reports: whole requests go to the handlers; refusals and drops are counted. */
  private final class Events implements EndpointLoop.Events {
    @Override
    public void request(EndpointConnection c) {
      try {
        handlers.execute(() -> handle(c));
      } catch (RejectedExecutionException e) {
        loop.close(c); // stopping
        dropped.incrementAndGet();
      }
    }

    @Override
    public void refused(EndpointConnection c, String why) {
      refused.incrementAndGet();
      LOG.warn("hadoopopt direct-I/O: refused a request from local user {}: {}", LogText.of(c.user, 32), why);
    }

    @Override
    public void dropped(EndpointConnection c, String why) {
      dropped.incrementAndGet();
      LOG.debug("hadoopopt direct-I/O: dropped a connection from local user {}: {}", LogText.of(c.user, 32), why);
    }
  }

  /** Answers one whole request on a handler thread; every outcome, even a failure, gets a reply. */
  private void handle(EndpointConnection c) {
    String user = LogText.of(c.user, 32);
    PathRequest request = null;
    PathReply reply = null;
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    try {
      request = c.request();
      reply = resolver.resolve(request, c.user).atHost(hostAddress);
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
          FdPassing.send(c.channel, reply.toBytes(), reply.openDescriptors(), timeoutMs);
          passed.incrementAndGet();
        } finally {
          reply.closeOpen(); // the reader holds its own duplicates now
        }
      } else {
        writeFully(c.channel, reply.toBytes(), deadline);
      }
    } catch (IOException | RuntimeException e) {
      if (reply != null) {
        // Decided, but the caller left (or its own timeout passed) before the reply: it streams.
        lost.incrementAndGet();
        LOG.debug("hadoopopt direct-I/O: reply to {} for local user {} not delivered: {}", request, user, e.toString());
      } else {
        refused.incrementAndGet();
        LOG.warn("hadoopopt direct-I/O: could not answer {} from local user {}: {}",
            request == null ? "an unreadable request" : request, user, LogText.of(e.toString(), 200));
        try {
          writeFully(c.channel, PathReply.refused("the DataNode could not handle the request: "
              + e.getClass().getSimpleName()).toBytes(), deadline);
        } catch (IOException | RuntimeException ignored) {
          // the caller left
        }
      }
    } finally {
      loop.close(c);
    }
  }

  /** Writes {@code bytes} on a non-blocking channel, waiting for room at most until {@code deadlineNanos}. */
  private static void writeFully(java.nio.channels.SocketChannel channel, byte[] bytes, long deadlineNanos)
      throws IOException {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes);
    while (b.hasRemaining()) {
      if (channel.write(b) == 0) {
        if (System.nanoTime() - deadlineNanos > 0) {
          throw new java.net.SocketTimeoutException("reply not taken by the caller in time");
        }
        try {
          Thread.sleep(1);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new java.io.InterruptedIOException("stopping");
        }
      }
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

  /** Connections closed without an answer (timed out from accept, displaced, or the caller left first) since start. */
  public long droppedCount() {
    return dropped.get();
  }

  /** Connections open now at the endpoint (waiting for their request, refused and draining, or being answered). */
  public int openConnections() {
    EndpointLoop l = loop;
    return l == null ? 0 : l.openConnections();
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
    loop.stop();
    try {
      acceptor.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    closeQuietly(s);
    RUNNING.remove(socket, this);
    handlers.shutdownNow();
    try {
      Files.deleteIfExists(socket);
    } catch (IOException e) {
      LOG.warn("hadoopopt direct-I/O: could not remove socket file", e);
    }
    LOG.info("hadoopopt direct-I/O endpoint stopped ({} served, {} with descriptors passed, {} refused, {} not here,"
        + " {} checked, {} reported corrupt, {} replies not delivered, {} connections dropped unanswered)", served.get(),
        passed.get(), refused.get(), unavailable.get(), verified.get(), corruptReportedCount(), lost.get(), dropped.get());
  }

  @Override
  public void close() {
    stop();
  }
}
