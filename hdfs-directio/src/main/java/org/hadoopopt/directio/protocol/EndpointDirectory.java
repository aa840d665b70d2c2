package org.hadoopopt.directio.protocol;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;

/**
 * The folder where each DataNode's plugin puts its Unix-domain socket ({@code dn-<xferPort>.sock}),
 * so that a client finds the DataNodes of its own host without being told their ports. Both
 * sides read {@link #SOCKET_DIR}; they must agree.
 *
 * <p>Why the ownership checks: a client trusts the paths a socket in this folder hands out, so
 * the folder must be writable only by its owner (the DataNode user), else another local user
 * could plant an impostor socket.
 */
public final class EndpointDirectory {
  /** Folder of the DataNode plugins' sockets; default {@value #SOCKET_DIR_DEFAULT}. Read by both sides. */
  public static final String SOCKET_DIR = "hadoopopt.directio.socket.dir";
  public static final String SOCKET_DIR_DEFAULT = "/tmp/hadoopopt-directio";

  private static final String PREFIX = "dn-";
  private static final String SUFFIX = ".sock";

  private EndpointDirectory() {}

  public static Path dir(Configuration conf) {
    String value = conf.getTrimmed(SOCKET_DIR, SOCKET_DIR_DEFAULT);
    if (value.isEmpty() || !value.startsWith("/")) {
      throw new IllegalArgumentException(SOCKET_DIR + " must be an absolute path, got '" + value + "'");
    }
    return Paths.get(value);
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
   * DataNode side: creates {@code dir} (mode 755) if needed and checks it is ours and writable
   * by nobody else.
   */
  public static void prepareForServer(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      Files.createDirectories(dir);
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    String owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).getName();
    String me = System.getProperty("user.name");
    if (!owner.equals(me)) {
      throw new IOException(SOCKET_DIR + " folder " + dir + " is owned by " + owner + ", not by the DataNode user " + me);
    }
    String why = untrustedReason(dir);
    if (why != null) {
      throw new IOException(why);
    }
  }

  /** Client side: null if the folder can be trusted, else why not (names the folder and the key). */
  public static String untrustedReason(Path dir) throws IOException {
    PosixFileAttributes attrs = Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (!attrs.isDirectory()) {
      return SOCKET_DIR + " " + dir + " is not a folder (a symbolic link is not accepted)";
    }
    Set<PosixFilePermission> perms = attrs.permissions();
    if (perms.contains(PosixFilePermission.GROUP_WRITE) || perms.contains(PosixFilePermission.OTHERS_WRITE)) {
      return SOCKET_DIR + " folder " + dir + " is writable by group or others ("
          + PosixFilePermissions.toString(perms) + "); make it rwxr-xr-x, owned by the DataNode user";
    }
    return null;
  }

  /** Client side: true if the socket file belongs to the folder's owner (the DataNode user). */
  public static boolean ownedLikeDir(Path socket) throws IOException {
    return Files.getOwner(socket, LinkOption.NOFOLLOW_LINKS).equals(
        Files.getOwner(socket.getParent(), LinkOption.NOFOLLOW_LINKS));
  }
}
