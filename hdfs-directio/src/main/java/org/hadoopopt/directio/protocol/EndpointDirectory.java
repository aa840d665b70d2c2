package org.hadoopopt.directio.protocol;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * The folder where each DataNode's plugin puts its Unix-domain socket ({@code dn-<xferPort>.sock}),
 * so that a client finds the DataNodes of its own host without being told their ports. Both
 * sides read {@link #SOCKET_DIR}; they must agree.
 *
 * <p>Hosts that share a file system (network namespaces of one machine, each a host with an
 * address of its own) must not share a folder: a client would take another host's DataNode for
 * its own. A folder naming {@link #HOST_TOKEN} is one folder per host: each DataNode replaces the
 * token with its host's address ({@link HostAddresses#forBound}), each client with every address
 * of its own host ({@link HostAddresses#ofThisHost}), and asks only the folders that exist.
 *
 * <p>Why the ownership checks: a client sends block tokens to the sockets in this folder, so the
 * folder, the sockets and every folder above them must belong to root or the DataNode's user
 * ({@link EndpointOwner}, {@link PathOwnership}); else another local user could plant an impostor.
 */
public final class EndpointDirectory {
  /**
   * Folder of the DataNode plugins' sockets; default {@value #SOCKET_DIR_DEFAULT} (beside HDFS's
   * own documented domain-socket path, in the DataNode user's folder: not a place every user can
   * write to). Read by both sides.
   */
  public static final String SOCKET_DIR = "hadoopopt.directio.socket.dir";
  public static final String SOCKET_DIR_DEFAULT = "/var/lib/hadoop-hdfs/hadoopopt-directio";
  /** In {@link #SOCKET_DIR}: replaced by the host's address, one folder per host. */
  public static final String HOST_TOKEN = "_HOST";

  private static final String PREFIX = "dn-";
  private static final String SUFFIX = ".sock";

  private EndpointDirectory() {}

  /** The folder {@link #SOCKET_DIR} names; with {@link #HOST_TOKEN} in it, use {@link #forHost} or {@link #ofThisHost}. */
  public static Path dir(Configuration conf) {
    String value = conf.getTrimmed(SOCKET_DIR, SOCKET_DIR_DEFAULT);
    if (value.isEmpty() || !value.startsWith("/")) {
      throw new IllegalArgumentException(SOCKET_DIR + " must be an absolute path, got '" + value + "'");
    }
    return Paths.get(value);
  }

  /** Whether {@link #SOCKET_DIR} is one folder per host ({@link #HOST_TOKEN} in it). */
  public static boolean perHost(Configuration conf) {
    return dir(conf).toString().contains(HOST_TOKEN);
  }

  /** The folder of the host with address {@code address}: {@link #SOCKET_DIR} with {@link #HOST_TOKEN} replaced. */
  public static Path forHost(Configuration conf, String address) {
    String a = HostAddresses.text(address);
    if (a.isEmpty() || a.contains("/") || a.startsWith(".")) {
      throw new IllegalArgumentException("no usable host address for " + SOCKET_DIR + " " + dir(conf) + ": '"
          + LogText.of(a, 64) + "'");
    }
    return Paths.get(dir(conf).toString().replace(HOST_TOKEN, a));
  }

  /**
   * Client side: the folders of this host's DataNodes: {@link #SOCKET_DIR} itself, or with
   * {@link #HOST_TOKEN} the folder of each address of this host that exists (none: empty list).
   */
  public static List<Path> ofThisHost(Configuration conf) {
    if (!perHost(conf)) {
      return Collections.singletonList(dir(conf));
    }
    List<Path> dirs = new ArrayList<>();
    for (String a : HostAddresses.ofThisHost()) {
      Path d = forHost(conf, a);
      if (Files.isDirectory(d)) {
        dirs.add(d);
      }
    }
    return dirs;
  }

  public static void setSocketDir(Configuration conf, String dir) {
    conf.set(SOCKET_DIR, dir);
  }

  /** The socket file of the DataNode whose data transfer port is {@code xferPort}. */
  public static Path socketFor(Path dir, int xferPort) {
    return dir.resolve(PREFIX + xferPort + SUFFIX);
  }

  /** The socket files now in {@code dir}, sorted; empty if the folder does not exist. */
  public static List<Path> sockets(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return Collections.emptyList();
    }
    List<Path> found = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, PREFIX + "*" + SUFFIX)) {
      for (Path p : ds) {
        found.add(p);
      }
    }
    Collections.sort(found);
    return found;
  }

  /**
   * DataNode side: creates {@code dir} (mode 755) if needed and checks that it, and every folder
   * above it, could only have been made by root or this DataNode's user ({@code me}); else clients
   * would refuse it, so the endpoint does not start. A folder made first by another local user is
   * never used, whatever its mode.
   */
  public static void prepareForServer(Path dir, EndpointOwner me) throws IOException {
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) && !Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
      // The umask may have taken bits away: readers of every local user must reach the socket.
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    String owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).getName();
    if (!owner.equals(me.user())) {
      throw new IOException(SOCKET_DIR + " folder " + dir + " is owned by '" + owner + "', not by the DataNode user '"
          + me.user() + "': remove it (another local user may have made it) or name another folder");
    }
    String why = PathOwnership.problem(dir, me, PathOwnership.Kind.FOLDER);
    if (why != null) {
      throw new IOException(SOCKET_DIR + " folder " + dir + " would not be trusted by clients: " + why);
    }
  }
}
