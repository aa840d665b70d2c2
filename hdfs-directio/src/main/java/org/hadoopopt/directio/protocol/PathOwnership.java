package org.hadoopopt.directio.protocol;

import java.io.IOException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Files;
import java.util.Map;

/**
 * Checks that nobody but root and one user could have made, moved or replaced any part of a path,
 * as HDFS does for its domain-socket path (every component owned by root or the expected user,
 * none writable by others or a non-root group) but from the reader's side, for the socket folder,
 * each socket and every folder above them. A folder writable by everyone but sticky (such as
 * {@code /tmp}) is accepted above the endpoint: its entries can be renamed or removed only by their
 * owners, and each entry below it must belong to root or the expected user.
 *
 * <p>Symbolic links are resolved first and the real path is checked; the caller connects to that
 * real path, so a link cannot be swapped between the check and the connect.
 */
public final class PathOwnership {
  private static final int S_IFMT = 0170000;
  private static final int S_IFSOCK = 0140000;
  private static final int S_IFDIR = 0040000;
  private static final int STICKY = 01000;
  private static final int GROUP_WRITE = 020;
  private static final int OTHERS_WRITE = 02;

  private PathOwnership() {}

  /** What must be at the end of the path. */
  public enum Kind {
    FOLDER, SOCKET
  }

  /**
   * Null if {@code path} (resolved) is a {@code kind} that only root or {@code owner}'s user could
   * have put there, else why not (naming the component, its owner and mode).
   */
  public static String problem(Path path, EndpointOwner owner, Kind kind) {
    Path real;
    try {
      real = path.toRealPath();
    } catch (NoSuchFileException e) {
      return path + " does not exist";
    } catch (IOException e) {
      return path + " cannot be resolved: " + e;
    }
    Path at = real.getRoot();
    for (int i = 0; i <= real.getNameCount(); i++) {
      if (i > 0) {
        at = at.resolve(real.getName(i - 1));
      }
      Map<String, Object> a;
      try {
        a = Files.readAttributes(at, "unix:mode,uid,gid", LinkOption.NOFOLLOW_LINKS);
      } catch (IOException | UnsupportedOperationException e) {
        return "cannot read the owner and mode of " + at + ": " + e;
      }
      int mode = (Integer) a.get("mode");
      String user = userName((Integer) a.get("uid"), at);
      boolean last = i == real.getNameCount();
      if (!owner.trusts(user)) {
        return at + (at.equals(path) || !last ? "" : " (the real path of " + path + ")") + " is owned by '" + user
            + "', not by root or the DataNode user " + owner.describe();
      }
      // Write permission on a socket is permission to connect to it, not to replace it.
      boolean sticky = (mode & STICKY) != 0 || (last && kind == Kind.SOCKET);
      if ((mode & OTHERS_WRITE) != 0 && !sticky) {
        return at + " is writable by every user (mode " + octal(mode) + ")";
      }
      if ((mode & GROUP_WRITE) != 0 && !sticky && ((Integer) a.get("gid")) != 0) {
        return at + " is writable by its group, gid " + a.get("gid") + " (mode " + octal(mode) + ")";
      }
      if (last) {
        int type = mode & S_IFMT;
        if (kind == Kind.SOCKET && type != S_IFSOCK) {
          return at + " is not a socket";
        }
        if (kind == Kind.FOLDER && type != S_IFDIR) {
          return at + " is not a folder";
        }
      } else if ((mode & S_IFMT) != S_IFDIR) {
        return at + " is not a folder";
      }
    }
    return null;
  }

  /**
   * The owner of {@code real} (a path without symbolic links) if only root could have given it
   * that owner: every component owned by root or that owner, none writable by anyone else (a
   * sticky folder writable by all does not count: anyone can create entries there). Else null.
   */
  static String grantedByRoot(Path real) throws IOException {
    String owner = Files.getOwner(real, LinkOption.NOFOLLOW_LINKS).getName();
    Path at = real.getRoot();
    for (int i = 0; i <= real.getNameCount(); i++) {
      if (i > 0) {
        at = at.resolve(real.getName(i - 1));
      }
      Map<String, Object> a = Files.readAttributes(at, "unix:mode,gid,owner", LinkOption.NOFOLLOW_LINKS);
      int mode = (Integer) a.get("mode");
      String user = ((java.nio.file.attribute.UserPrincipal) a.get("owner")).getName();
      if (!user.equals("root") && !user.equals(owner)) {
        return null;
      }
      if ((mode & OTHERS_WRITE) != 0 || ((mode & GROUP_WRITE) != 0 && ((Integer) a.get("gid")) != 0)) {
        return null;
      }
    }
    return owner;
  }

  /** Names of uids seen, so each path check does not look every owner up again. */
  private static final java.util.concurrent.ConcurrentMap<Integer, String> NAMES =
      new java.util.concurrent.ConcurrentHashMap<>();

  private static String userName(int uid, Path ownedByIt) {
    if (uid == 0) {
      return "root";
    }
    String name = NAMES.get(uid);
    if (name == null) {
      try {
        name = Files.getOwner(ownedByIt, LinkOption.NOFOLLOW_LINKS).getName();
      } catch (IOException e) {
        return String.valueOf(uid);
      }
      if (NAMES.size() < 1024) {
        NAMES.put(uid, name);
      }
    }
    return name;
  }

  private static String octal(int mode) {
    return String.format("%04o", mode & 07777);
  }
}
