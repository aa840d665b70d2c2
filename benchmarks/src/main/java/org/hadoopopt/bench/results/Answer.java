package org.hadoopopt.bench.results;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A task's answer: the lines of all its {@code part-*} files, sorted (variants may split or order
 * lines across reducers differently, e.g. the hash fingerprint groups keys without ordering
 * them; the lines themselves must be byte-identical).
 */
public final class Answer {
  private final List<String> lines;
  private final String sha256;

  public Answer(List<String> lines) {
    List<String> sorted = new ArrayList<>(lines);
    Collections.sort(sorted);
    this.lines = Collections.unmodifiableList(sorted);
    this.sha256 = digest(this.lines);
  }

  /** Reads DIR/part-* (UTF-8 lines). */
  public static Answer read(FileSystem fs, Path dir) throws IOException {
    FileStatus[] parts = fs.globStatus(new Path(dir, "part-*"));
    if (parts == null || parts.length == 0) {
      throw new IOException("no part-* files in " + dir);
    }
    Arrays.sort(parts);
    List<String> lines = new ArrayList<>();
    for (FileStatus f : parts) {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(f.getPath()), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null;) {
          lines.add(line);
        }
      }
    }
    return new Answer(lines);
  }

  public List<String> lines() {
    return lines;
  }

  public String sha256() {
    return sha256;
  }

  /** Null if equal, else where the two sorted answers first differ, quoting both lines. */
  public String firstDifference(Answer other) {
    int n = Math.min(lines.size(), other.lines.size());
    for (int i = 0; i < n; i++) {
      if (!lines.get(i).equals(other.lines.get(i))) {
        return "sorted line " + (i + 1) + ": expected '" + lines.get(i) + "' but got '" + other.lines.get(i) + "'";
      }
    }
    if (lines.size() != other.lines.size()) {
      return "expected " + lines.size() + " lines but got " + other.lines.size() + "; first extra line: '"
          + (lines.size() > n ? lines.get(n) : other.lines.get(n)) + "'";
    }
    return null;
  }

  /** SHA-256 (hex) of LINES in their order, each followed by a newline. */
  public static String digest(List<String> lines) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      for (String l : lines) {
        md.update(l.getBytes(StandardCharsets.UTF_8));
        md.update((byte) '\n');
      }
      StringBuilder b = new StringBuilder();
      for (byte x : md.digest()) {
        b.append(String.format("%02x", x & 0xff));
      }
      return b.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
