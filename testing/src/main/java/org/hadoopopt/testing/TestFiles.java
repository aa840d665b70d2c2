package org.hadoopopt.testing;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IOUtils;

/** File helpers for tests: reading job output, deleting temp trees. */
public final class TestFiles {
  private TestFiles() {}

  /** The lines of every {@code part-*} file under {@code dir}, in file-name order. */
  public static List<String> readPartLines(FileSystem fs, Path dir) throws IOException {
    FileStatus[] parts = fs.globStatus(new Path(dir, "part-*"));
    if (parts == null || parts.length == 0) {
      throw new IOException("no part-* files under " + dir);
    }
    Arrays.sort(parts);
    List<String> lines = new ArrayList<>();
    for (FileStatus part : parts) {
      try (InputStream in = fs.open(part.getPath())) {
        String text = new String(IOUtils.readFullyToByteArray(new java.io.DataInputStream(in)), StandardCharsets.UTF_8);
        if (!text.isEmpty()) {
          lines.addAll(Arrays.asList(text.split("\n", -1)));
          if (lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
          }
        }
      }
    }
    return lines;
  }

  /**
   * {@code name} made unique to this test JVM among the module's concurrent ones ({@code name-fN},
   * {@code fN} the {@code test.fork} property the build sets; {@code name} where it is not set): for
   * files under {@code target/} that several test classes share, since classes of one module run
   * in several JVMs at once.
   */
  public static String perFork(String name) {
    String fork = System.getProperty("test.fork", "");
    return fork.matches("f\\d+") ? name + "-" + fork : name;
  }

  public static void deleteRecursively(File f) {
    if (f == null || !f.exists()) {
      return;
    }
    File[] children = f.listFiles();
    if (children != null) {
      for (File c : children) {
        deleteRecursively(c);
      }
    }
    f.delete();
  }
}
