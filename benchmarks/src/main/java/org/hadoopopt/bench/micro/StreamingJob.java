package org.hadoopopt.bench.micro;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
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
    FileSystem fs = out.getFileSystem(conf);
    FileStatus[] parts = fs.globStatus(new Path(out, "part-*"));
    Arrays.sort(parts);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (FileStatus p : parts) {
      try (InputStream in = fs.open(p.getPath())) {
        in.transferTo(bytes);
      }
    }
    return bytes.toByteArray();
  }
}
