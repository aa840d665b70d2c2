package org.hadoopopt.directio.datanode;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;

/**
 * Which local OS users (as the kernel reports the socket peer) may ask for block paths, on top of
 * the block access token. {@code *} admits every local user; the token still decides per block.
 */
public final class CallerPolicy {
  /**
   * Comma-separated OS user names allowed to use the endpoint, or {@code *} for all local users;
   * default {@value #ALLOWED_USERS_DEFAULT}. Read by the DataNode plugin.
   */
  public static final String ALLOWED_USERS = "hadoopopt.directio.datanode.allowed.users";
  public static final String ALLOWED_USERS_DEFAULT = "*";

  private final boolean everyone;
  private final Set<String> users;

  private CallerPolicy(boolean everyone, Set<String> users) {
    this.everyone = everyone;
    this.users = users;
  }

  public static CallerPolicy from(Configuration conf) {
    String value = conf.getTrimmed(ALLOWED_USERS, ALLOWED_USERS_DEFAULT);
    if (value.isEmpty()) {
      throw new IllegalArgumentException(ALLOWED_USERS + " is empty: give user names or '*'");
    }
    if (value.equals("*")) {
      return new CallerPolicy(true, Collections.<String>emptySet());
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
    return new CallerPolicy(false, Collections.unmodifiableSet(users));
  }

  public static void setAllowedUsers(Configuration conf, String... users) {
    conf.set(ALLOWED_USERS, String.join(",", users));
  }

  public boolean admits(String osUser) {
    return everyone || users.contains(osUser);
  }

  @Override
  public String toString() {
    return everyone ? "*" : String.join(",", users);
  }
}
