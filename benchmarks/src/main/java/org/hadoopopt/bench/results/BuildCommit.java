package org.hadoopopt.bench.results;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The commit the benchmarks jar was built from, as the build wrote it into the jar
 * ({@code build-commit.txt}: {@code git rev-parse HEAD}, with {@code +changes} when the work tree
 * differed from it). Read from the jar rather than from a checkout because {@code hadoop jar}
 * runs the classes from a temporary copy, far from any git folder.
 */
public final class BuildCommit {
  /** The resource beside this class that the build writes. */
  public static final String RESOURCE = "build-commit.txt";

  private BuildCommit() {
  }

  /** @return the commit, or "unknown" when the jar has no stamp (built outside a git checkout) */
  public static String get() {
    try (InputStream in = BuildCommit.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return "unknown";
      }
      String s = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
      return s.isEmpty() ? "unknown" : s;
    } catch (IOException e) {
      return "unknown";
    }
  }
}
