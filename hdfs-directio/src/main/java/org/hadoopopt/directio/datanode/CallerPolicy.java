package org.hadoopopt.directio.datanode;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;

/**
 * Which local OS users (as the kernel reports the socket peer) may ask for block paths, on top of
 * the block access token. {@code *} admits every local user; the token still decides per block.
 * With block tokens off nothing ties a caller to the blocks it may read, so requests are refused
 * unless the operator says otherwise with {@link #ALLOW_WITHOUT_BLOCK_TOKENS}.
 */
public final class CallerPolicy {
  /**
   * Comma-separated OS user names allowed to use the endpoint, or {@code *} for all local users;
   * default {@value #ALLOWED_USERS_DEFAULT}. Read by the DataNode plugin.
   */
  public static final String ALLOWED_USERS = "hadoopopt.directio.datanode.allowed.users";
  public static final String ALLOWED_USERS_DEFAULT = "*";
  /**
   * Serve requests although block access tokens are off ({@code dfs.block.access.token.enable=false}):
   * then every user admitted by {@link #ALLOWED_USERS} can read the files of any block it names.
   * Default {@value #ALLOW_WITHOUT_BLOCK_TOKENS_DEFAULT}: refused (logged; clients stream). Read by
   * the DataNode plugin.
   */
  public static final String ALLOW_WITHOUT_BLOCK_TOKENS = "hadoopopt.directio.datanode.allow.without.block.tokens";
  public static final boolean ALLOW_WITHOUT_BLOCK_TOKENS_DEFAULT = false;
  /**
   * Also answer requests for a replica's file paths (the weaker mode): the reading user then opens
   * the block files itself, so it needs read permission on the data directories, and with that it
   * can read every block on the disk without any token. Default
   * {@value #SERVE_PATHS_DEFAULT}: only open descriptors are passed, and the data directories stay
   * 700. Read by the DataNode plugin.
   */
  public static final String SERVE_PATHS = "hadoopopt.directio.datanode.serve.paths";
  public static final boolean SERVE_PATHS_DEFAULT = false;

  private final boolean everyone;
  private final Set<String> users;
  private final boolean withoutTokens;
  private boolean paths;

  private CallerPolicy(boolean everyone, Set<String> users, boolean withoutTokens) {
    this.everyone = everyone;
    this.users = users;
    this.withoutTokens = withoutTokens;
  }

  private static boolean flag(Configuration conf, String key, boolean dflt) {
    String v = conf.getTrimmed(key, String.valueOf(dflt));
    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(key + " must be true or false, got '" + v + "'");
    }
    return Boolean.parseBoolean(v);
  }

  public static CallerPolicy from(Configuration conf) {
    CallerPolicy p = parse(conf);
    p.paths = flag(conf, SERVE_PATHS, SERVE_PATHS_DEFAULT);
    return p;
  }

  private static CallerPolicy parse(Configuration conf) {
    String value = conf.getTrimmed(ALLOWED_USERS, ALLOWED_USERS_DEFAULT);
    boolean withoutTokens = flag(conf, ALLOW_WITHOUT_BLOCK_TOKENS, ALLOW_WITHOUT_BLOCK_TOKENS_DEFAULT);
    if (value.isEmpty()) {
      throw new IllegalArgumentException(ALLOWED_USERS + " is empty: give user names or '*'");
    }
    if (value.equals("*")) {
      return new CallerPolicy(true, Collections.<String>emptySet(), withoutTokens);
    }
    Set<String> users = new LinkedHashSet<>();
    for (String u : value.split(",")) {
      String t = u.trim();
      if (t.isEmpty() || t.equals("*") || t.contains(" ")) {
        throw new IllegalArgumentException(ALLOWED_USERS + " has an invalid entry '" + u + "' in '" + value
            + "': use comma-separated user names, or '*' alone");
      }
      users.add(t);
    }
    return new CallerPolicy(false, Collections.unmodifiableSet(users), withoutTokens);
  }

  public static void setAllowedUsers(Configuration conf, String... users) {
    conf.set(ALLOWED_USERS, String.join(",", users));
  }

  /** Sets {@link #ALLOW_WITHOUT_BLOCK_TOKENS}. */
  public static void setAllowWithoutBlockTokens(Configuration conf, boolean allow) {
    conf.setBoolean(ALLOW_WITHOUT_BLOCK_TOKENS, allow);
  }

  /** Sets {@link #SERVE_PATHS}. */
  public static void setServePaths(Configuration conf, boolean serve) {
    conf.setBoolean(SERVE_PATHS, serve);
  }

  /** True if {@code PATHS} requests are answered with the replica's file paths. */
  public boolean servesPaths() {
    return paths;
  }

  /** True if requests may be served while block access tokens are off. */
  public boolean servesWithoutTokens() {
    return withoutTokens;
  }

  public boolean admits(String osUser) {
    return everyone || users.contains(osUser);
  }

  @Override
  public String toString() {
    return everyone ? "*" : String.join(",", users);
  }
}
