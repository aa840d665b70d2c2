package org.hadoopopt.directio.protocol;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The OS user a client trusts to own the DataNodes' socket folder, their sockets and the processes
 * listening on them: the DataNode's user (and root). A client sends a block token only to an
 * endpoint such a user owns ({@link PathOwnership}, and the listener's kernel-reported user), so a
 * local user who plants a folder or socket of its own gets nothing.
 *
 * <p>Who the DataNode's user is, in this order: {@link #DATANODE_USER} if set; else the owner of
 * the DataNode's data directories ({@code dfs.datanode.data.dir} as the client's configuration
 * names them), where only root could have given that owner those directories (every folder on
 * their path owned by root or that owner and writable by nobody else, sticky or not); else this
 * process's own user (a folder it owns was made by it or root, never by another local user). Never
 * whoever created the socket folder: that is what an attacker controls.
 */
public final class EndpointOwner {
  /**
   * The OS user the local DataNodes run as; the client trusts a socket folder, socket and
   * listening process only when that user (or root) owns them. Default empty: the owner of the
   * DataNode data directories named by {@code dfs.datanode.data.dir} where their path shows root
   * gave them to it, else the client's own user. Read by the client builder and the DataNode
   * plugin (which refuses to start its endpoint when it runs as another user).
   */
  public static final String DATANODE_USER = "hadoopopt.directio.datanode.user";
  static final String DATA_DIR_KEY = "dfs.datanode.data.dir";

  private final String user;
  private final String source;

  private EndpointOwner(String user, String source) {
    this.user = user;
    this.source = source;
  }

  /** The DataNode user as the configuration and the local file system tell it. */
  public static EndpointOwner from(Configuration conf) {
    String configured = conf.getTrimmed(DATANODE_USER, "");
    if (!configured.isEmpty()) {
      if (!configured.matches("[A-Za-z0-9._][A-Za-z0-9._@$-]*")) {
        throw new IllegalArgumentException(DATANODE_USER + " must be one OS user name, got '" + LogText.of(configured)
            + "'");
      }
      return new EndpointOwner(configured, DATANODE_USER);
    }
    String fromDataDirs = dataDirOwner(conf.getTrimmedStrings(DATA_DIR_KEY));
    if (fromDataDirs != null) {
      return new EndpointOwner(fromDataDirs, "owner of the DataNode data directories in " + DATA_DIR_KEY);
    }
    return new EndpointOwner(System.getProperty("user.name"), "this process's user; set " + DATANODE_USER
        + " to the DataNodes' user");
  }

  /** Exactly {@code user} (and root), e.g. the DataNode's own user on the DataNode side. */
  public static EndpointOwner of(String user, String source) {
    return new EndpointOwner(user, source);
  }

  /** Sets {@link #DATANODE_USER}. */
  public static void setDataNodeUser(Configuration conf, String user) {
    conf.set(DATANODE_USER, user);
  }

  /** The trusted user besides root. */
  public String user() {
    return user;
  }

  /** True if {@code osUser} may own the endpoint: root or the DataNode user. */
  public boolean trusts(String osUser) {
    return "root".equals(osUser) || user.equals(osUser);
  }

  /** "'hdfs' (where that came from)", for messages. */
  public String describe() {
    return "'" + user + "' (" + source + ")";
  }

  /**
   * The one owner of the existing data directories among {@code dirs}, if root gave them to it
   * ({@link PathOwnership#grantedByRoot}); null if none exists, they disagree or a path does not
   * show it.
   */
  static String dataDirOwner(String[] dirs) {
    Map<Path, String> owners = new LinkedHashMap<>();
    for (String d : dirs) {
      Path p = dataDirPath(d);
      if (p == null || !Files.isDirectory(p)) {
        continue;
      }
      try {
        String owner = PathOwnership.grantedByRoot(p.toRealPath());
        if (owner == null) {
          return null;
        }
        owners.put(p, owner);
      } catch (IOException e) {
        return null;
      }
    }
    if (owners.isEmpty() || owners.values().stream().distinct().count() != 1) {
      return null;
    }
    return owners.values().iterator().next();
  }

  /** The local path of one {@code dfs.datanode.data.dir} entry ({@code [DISK]file:///d}, {@code /d}), or null. */
  static Path dataDirPath(String entry) {
    String e = entry.replaceFirst("^\\[[A-Za-z_]+\\]", "").trim();
    if (e.isEmpty() || e.contains("${")) {
      return null;
    }
    try {
      if (e.startsWith("file:")) {
        return Paths.get(URI.create(e));
      }
      return e.startsWith("/") ? Paths.get(e) : null;
    } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException x) {
      return null;
    }
  }
}
