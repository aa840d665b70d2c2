package org.hadoopopt.bench.pavlo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The program arguments left after Hadoop's generic options: {@code --name value}, flags, positionals. */
public final class ToolArgs {
  /** A usage error: the program prints it with its usage line and exits with 2. */
  public static class UsageException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
      super(message);
    }
  }

  private final Map<String, String> values = new HashMap<>();
  private final Set<String> flags = new HashSet<>();
  private final List<String> positional = new ArrayList<>();

  /**
   * @param valued option names (without "--") that take a value
   * @param flagNames option names that take none
   * @param positionals exactly how many positional arguments are required
   */
  public static ToolArgs parse(String[] args, List<String> valued, List<String> flagNames, int positionals) {
    ToolArgs a = new ToolArgs();
    for (int i = 0; i < args.length; i++) {
      String s = args[i];
      if (s.startsWith("--") && s.length() > 2) {
        String name = s.substring(2);
        if (valued.contains(name)) {
          if (i + 1 >= args.length) {
            throw new UsageException(s + " needs a value");
          }
          a.values.put(name, args[++i]);
        } else if (flagNames.contains(name)) {
          a.flags.add(name);
        } else {
          throw new UsageException("unknown option " + s);
        }
      } else {
        a.positional.add(s);
      }
    }
    if (a.positional.size() != positionals) {
      throw new UsageException("expected " + positionals + " paths, got " + a.positional.size() + ": " + a.positional);
    }
    return a;
  }

  public static List<String> names(String... names) {
    return Arrays.asList(names);
  }

  public String get(String name) {
    return values.get(name);
  }

  public boolean has(String name) {
    return flags.contains(name) || values.containsKey(name);
  }

  public String positional(int i) {
    return positional.get(i);
  }
}
