package org.hadoopopt.bench.micro;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.streaming.StreamJob;
import org.apache.hadoop.util.ToolRunner;

/** One Hadoop Streaming job run the way {@code hadoop jar hadoop-streaming.jar} runs it; returns its output. */
final class StreamingJob {
  private StreamingJob() {}

  /**
   * Runs Streaming with {@code -D} for each of {@code props}, then {@code args}, writing to
   * {@code out}; returns the part files' bytes in part order. A failed job throws, naming it.
   */
  static byte[] run(Configuration conf, Map<String, String> props, List<String> args, Path out) throws Exception {
    submit(conf, props, args, out);
    return read(conf, out);
  }

  /** The part files' bytes in part order. */
  static byte[] read(Configuration conf, Path out) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (FileStatus p : parts(conf, out)) {
      try (InputStream in = out.getFileSystem(conf).open(p.getPath())) {
        in.transferTo(bytes);
      }
    }
    return bytes.toByteArray();
  }

  /** Runs Streaming as {@link #run} does; a failed job throws, naming it. */
  static void submit(Configuration conf, Map<String, String> props, List<String> args, Path out) throws Exception {
    List<String> all = new ArrayList<>();
    for (Map.Entry<String, String> e : props.entrySet()) {
      all.add("-D");
      all.add(e.getKey() + "=" + e.getValue());
    }
    all.addAll(args);
    all.add("-output");
    all.add(out.toString());
    int rc = ToolRunner.run(new Configuration(conf), new StreamJob(), all.toArray(new String[0]));
    if (rc != 0) {
      throw new IOException("Streaming job exited " + rc + ": " + all);
    }
  }

  /** The job's part files in part order. */
  static FileStatus[] parts(Configuration conf, Path out) throws IOException {
    FileStatus[] parts = out.getFileSystem(conf).globStatus(new Path(out, "part-*"));
    Arrays.sort(parts);
    return parts;
  }

  /**
   * The SHA-256 of the part files' bytes in part order and their length ({@code "sha256:HEX, N bytes"}): how a run's
   * output is compared with another's when it is too large to hold (a job of a gigabyte).
   */
  static String digest(Configuration conf, Path out) throws IOException {
    MessageDigest sha = sha256();
    long n = 0;
    byte[] buf = new byte[1 << 16];
    for (FileStatus p : parts(conf, out)) {
      try (InputStream in = out.getFileSystem(conf).open(p.getPath())) {
        for (int r; (r = in.read(buf)) > 0;) {
          sha.update(buf, 0, r);
          n += r;
        }
      }
    }
    return digestText(sha, n);
  }

  /** {@link #digest} of bytes held in memory. */
  static String digest(byte[] bytes) {
    MessageDigest sha = sha256();
    sha.update(bytes);
    return digestText(sha, bytes.length);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("no SHA-256 in this JVM", e);
    }
  }

  private static String digestText(MessageDigest sha, long n) {
    StringBuilder hex = new StringBuilder("sha256:");
    for (byte b : sha.digest()) {
      hex.append(String.format("%02x", b));
    }
    return hex.append(", ").append(n).append(" bytes").toString();
  }
}
