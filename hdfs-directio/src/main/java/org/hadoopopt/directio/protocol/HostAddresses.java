package org.hadoopopt.directio.protocol;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Set;
import java.util.TreeSet;

/**
 * The addresses of this host as the kernel shows them to this process: every address of every
 * network interface (up or not: a host whose link is cut is still itself), plus the address the
 * host name resolves to. In a network namespace
 * (several hosts on one machine) these are that namespace's own, so they tell hosts apart where
 * the file system does not. Read again at most every {@link #REFRESH_NANOS}.
 */
public final class HostAddresses {
  /** How long a reading of the interfaces is used before it is read again. */
  static final long REFRESH_NANOS = 10_000_000_000L;

  private static volatile Set<String> cached = Collections.emptySet();
  private static volatile long readAt;

  private HostAddresses() {}

  /** This host's addresses (textual, without an IPv6 scope), sorted. */
  public static Set<String> ofThisHost() {
    long now = System.nanoTime();
    Set<String> addresses = cached;
    if (addresses.isEmpty() || now - readAt > REFRESH_NANOS) {
      addresses = read();
      cached = addresses;
      readAt = now;
    }
    return addresses;
  }

  /** Whether {@code address} is one of this host's. */
  public static boolean isThisHost(String address) {
    return ofThisHost().contains(text(address));
  }

  /** An address as {@link #ofThisHost()} writes it. */
  public static String text(String address) {
    int scope = address.indexOf('%');
    return scope < 0 ? address : address.substring(0, scope);
  }

  /** The address a DataNode bound to {@code bound} names its host by: the bound one, or for a wildcard the host name's. */
  public static String forBound(InetAddress bound) {
    if (bound != null && !bound.isAnyLocalAddress()) {
      return text(bound.getHostAddress());
    }
    try {
      return text(InetAddress.getLocalHost().getHostAddress());
    } catch (UnknownHostException e) {
      return "";
    }
  }

  private static Set<String> read() {
    Set<String> found = new TreeSet<>();
    try {
      Enumeration<NetworkInterface> nics = NetworkInterface.getNetworkInterfaces();
      while (nics != null && nics.hasMoreElements()) {
        NetworkInterface nic = nics.nextElement();
        for (InetAddress a : Collections.list(nic.getInetAddresses())) {
          found.add(text(a.getHostAddress()));
        }
      }
    } catch (SocketException e) {
      // no interface list: the host name's address below is all we know
    }
    try {
      found.add(text(InetAddress.getLocalHost().getHostAddress()));
    } catch (UnknownHostException e) {
      // no name either
    }
    return Collections.unmodifiableSet(found);
  }
}
