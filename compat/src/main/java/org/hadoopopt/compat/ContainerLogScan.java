package org.hadoopopt.compat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Finds the task containers' {@code syslog} files below a folder (MiniMRYarnCluster keeps them
 * under the test's working folder) written since a given time, and counts their collector lines
 * ({@link CollectorLines}). Each file's counts are kept by path and replaced when it grows, so a
 * file deleted later by the test's own clean-up still counts, and no line counts twice.
 */
final class ContainerLogScan {
  private final Path root;
  private final long sinceMillis;
  private final Map<Path, Long> sizes = new HashMap<>();
  private final Map<Path, Map<String, Long>> perFile = new HashMap<>();

  ContainerLogScan(Path root, long sinceMillis) {
    this.root = root;
    this.sinceMillis = sinceMillis;
  }

  synchronized void scan() {
    try (Stream<Path> files = Files.walk(root)) {
      files.filter(p -> p.getFileName() != null && p.getFileName().toString().equals("syslog"))
          .filter(p -> p.toString().contains("container_"))
          .forEach(this::read);
    } catch (IOException | UncheckedIOException e) {
      // a folder removed while walking: the next scan sees the rest
    }
  }

  private void read(Path file) {
    try {
      if (Files.getLastModifiedTime(file).toMillis() < sinceMillis) {
        return;
      }
      long size = Files.size(file);
      if (Long.valueOf(size).equals(sizes.get(file))) {
        return;
      }
      Map<String, Long> counts = new HashMap<>();
      try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        for (String line; (line = r.readLine()) != null; ) {
          CollectorLines.count(line, counts);
        }
      }
      sizes.put(file, size);
      perFile.put(file, counts);
    } catch (IOException | UncheckedIOException e) {
      // deleted or unreadable mid-read: keep what an earlier scan found
    }
  }

  synchronized Map<String, Long> counts() {
    Map<String, Long> sum = new TreeMap<>();
    perFile.values().forEach(m -> m.forEach((k, v) -> sum.merge(k, v, Long::sum)));
    return sum;
  }

  synchronized int files() {
    return perFile.size();
  }
}
