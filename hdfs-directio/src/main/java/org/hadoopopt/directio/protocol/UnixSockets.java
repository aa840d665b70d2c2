package org.hadoopopt.directio.protocol;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.ProtocolFamily;
import java.net.SocketAddress;
import java.net.SocketOption;
import java.net.StandardProtocolFamily;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * Unix-domain stream sockets (JDK 16+) and their peer credentials ({@code SO_PEERCRED}), reached by
 * reflection because the plugin is compiled with {@code --release 11} but runs on Java 17.
 *
 * <p>Why Unix-domain sockets and not loopback TCP: only a process on this host can connect to a
 * socket file (no network path reaches it), the kernel tells us the peer's uid, and the socket
 * file's permissions add a second gate. Loopback TCP would need the uid recovered from
 * {@code /proc/net/tcp}, which races with the connection and is Linux-only too.
 */
public final class UnixSockets {
  private UnixSockets() {}

  /** True when this JVM has Unix-domain socket channels (Java 16+). */
  public static boolean available() {
    try {
      family();
      Class.forName("java.net.UnixDomainSocketAddress");
      return true;
    } catch (ReflectiveOperationException | IllegalArgumentException e) {
      return false;
    }
  }

  private static ProtocolFamily family() {
    return StandardProtocolFamily.valueOf("UNIX");
  }

  /** The {@code UnixDomainSocketAddress} of {@code path}. */
  public static SocketAddress address(Path path) throws IOException {
    try {
      Method of = Class.forName("java.net.UnixDomainSocketAddress").getMethod("of", Path.class);
      return (SocketAddress) of.invoke(null, path);
    } catch (ReflectiveOperationException | IllegalArgumentException e) {
      throw unsupported(e);
    }
  }

  /** Closes channels whose connect took too long (one daemon thread per JVM, started on first use). */
  private static final class Watchdog {
    static final java.util.concurrent.ScheduledThreadPoolExecutor TIMER = timer();

    private static java.util.concurrent.ScheduledThreadPoolExecutor timer() {
      java.util.concurrent.ScheduledThreadPoolExecutor t = new java.util.concurrent.ScheduledThreadPoolExecutor(1, r -> {
        Thread th = new Thread(r, "directio-connect-timeout");
        th.setDaemon(true);
        return th;
      });
      t.setRemoveOnCancelPolicy(true);
      return t;
    }
  }

  /** A server channel bound to the socket file {@code path} (which must not exist), with the JDK's default backlog. */
  public static ServerSocketChannel bind(Path path) throws IOException {
    return bind(path, 0);
  }

  /** A server channel bound to the socket file {@code path} (which must not exist), with {@code backlog} pending connections. */
  public static ServerSocketChannel bind(Path path, int backlog) throws IOException {
    ServerSocketChannel server = invokeOpen(ServerSocketChannel.class);
    try {
      server.bind(address(path), backlog);
      return server;
    } catch (IOException | RuntimeException e) {
      server.close();
      throw e;
    }
  }

  /** A blocking channel connected to the socket file {@code path}, without a time limit. */
  public static SocketChannel connect(Path path) throws IOException {
    SocketChannel channel = invokeOpen(SocketChannel.class);
    try {
      channel.connect(address(path));
      return channel;
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /**
   * A blocking channel connected to {@code path} within {@code timeoutMs}. A Unix-domain connect
   * waits while the listener's backlog is full, and Java gives it no timeout: a timer closes the
   * channel, which ends the wait, when the time is up.
   */
  public static SocketChannel connect(Path path, int timeoutMs) throws IOException {
    SocketChannel channel = invokeOpen(SocketChannel.class);
    java.util.concurrent.ScheduledFuture<?> watchdog = Watchdog.TIMER.schedule(() -> closeQuietly(channel), timeoutMs,
        java.util.concurrent.TimeUnit.MILLISECONDS);
    try {
      channel.connect(address(path));
    } catch (java.nio.channels.AsynchronousCloseException e) {
      throw new java.net.SocketTimeoutException("no connection to " + path + " within " + timeoutMs + " ms");
    } catch (IOException | RuntimeException e) {
      watchdog.cancel(false);
      channel.close();
      throw e;
    }
    if (!watchdog.cancel(false)) { // the timer has closed, or is closing, the channel
      channel.close();
      throw new java.net.SocketTimeoutException("no connection to " + path + " within " + timeoutMs + " ms");
    }
    return channel;
  }

  private static void closeQuietly(java.io.Closeable c) {
    try {
      c.close();
    } catch (IOException ignored) {
      // the connect it ends reports the timeout
    }
  }

  /** The user name the kernel reports for the process at the other end of {@code channel}. */
  public static String peerUser(SocketChannel channel) throws IOException {
    try {
      @SuppressWarnings("unchecked")
      SocketOption<Object> peerCred = (SocketOption<Object>) Class.forName("jdk.net.ExtendedSocketOptions")
          .getField("SO_PEERCRED").get(null);
      Object principal = channel.getOption(peerCred); // jdk.net.UnixDomainPrincipal
      Object user = principal.getClass().getMethod("user").invoke(principal);
      return ((java.security.Principal) user).getName();
    } catch (ReflectiveOperationException | IllegalArgumentException | UnsupportedOperationException e) {
      throw unsupported(e);
    }
  }

  private static <T> T invokeOpen(Class<T> cls) throws IOException {
    try {
      return cls.cast(cls.getMethod("open", ProtocolFamily.class).invoke(null, family()));
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof IOException) {
        throw (IOException) e.getCause();
      }
      throw unsupported(e.getCause());
    } catch (ReflectiveOperationException | IllegalArgumentException e) {
      throw unsupported(e);
    }
  }

  private static IOException unsupported(Throwable cause) {
    return new IOException("Unix-domain sockets with SO_PEERCRED need Java 16 or later on Linux/macOS; this JVM is "
        + System.getProperty("java.version"), cause);
  }
}
