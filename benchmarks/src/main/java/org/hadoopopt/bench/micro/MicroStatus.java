package org.hadoopopt.bench.micro;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * OUT/micro-status.tsv: one line per part run into the folder (part, status, detail), which
 * {@link MicroSummary} reads. Parts run earlier into the same folder stay; a part run again
 * replaces its line.
 */
public final class MicroStatus {
  private final File file;

  public MicroStatus(File file) {
    this.file = file;
  }

  /** Drops the lines of these parts (they are about to be measured again). */
  void forget(List<String> parts) throws IOException {
    if (!file.isFile()) {
      return;
    }
    List<String> keep = new ArrayList<>();
    for (String l : Files.readAllLines(file.toPath(), StandardCharsets.UTF_8)) {
      if (!parts.contains(l.split("\t", 2)[0])) {
        keep.add(l);
      }
    }
    Files.write(file.toPath(), keep, StandardCharsets.UTF_8);
  }

  void add(String part, String status, String detail) throws IOException {
    String line = part + "\t" + status + "\t" + detail.replace('\t', ' ').replace('\n', ' ') + "\n";
    Files.write(file.toPath(), line.getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }
}
