package org.hadoopopt.shmstreaming;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.RunningJob;
import org.apache.hadoop.mapred.TaskCompletionEvent;
import org.apache.hadoop.streaming.StreamJob;
import org.apache.hadoop.util.ToolRunner;

/** Runs a Hadoop Streaming job the way {@code hadoop jar hadoop-streaming.jar} does, and keeps what it did. */
final class StreamingRun {
  /** StreamJob keeps the submitted job in a protected field: we want its failure message. */
  private static final class KeptJob extends StreamJob {
    RunningJob running() {
      return running_;
    }
  }

  final int exitCode;
  final byte[] output;
  final String failure;
  /** The job's counters (null if unavailable). */
  final Counters counters;
  /** Part files written (one per map task of a map-only job). */
  final int parts;

  private StreamingRun(int exitCode, byte[] output, String failure, Counters counters, int parts) {
    this.exitCode = exitCode;
    this.output = output;
    this.failure = failure;
    this.counters = counters;
    this.parts = parts;
  }

  /** A counter's value, 0 if the job has no such counter. */
  long counter(Enum<?> name) {
    return counters == null ? 0 : counters.getCounter(name);
  }

  /** Output lines in part-file order (as bytes decoded ISO-8859-1, so any byte survives). */
  List<String> lines() {
    String s = new String(output, java.nio.charset.StandardCharsets.ISO_8859_1);
    List<String> l = new ArrayList<>(Arrays.asList(s.split("\n", -1)));
    if (!l.isEmpty() && l.get(l.size() - 1).isEmpty()) {
      l.remove(l.size() - 1);
    }
    return l;
  }

  static final class Builder {
    private final Configuration conf;
    private final Map<String, String> props = new LinkedHashMap<>();
    private final List<String> args = new ArrayList<>();
    private final Path outDir;

    Builder(Configuration conf, Path outDir) {
      this.conf = new Configuration(conf);
      this.outDir = outDir;
    }

    Builder set(String key, String value) {
      props.put(key, value);
      return this;
    }

    Builder arg(String... a) {
      args.addAll(Arrays.asList(a));
      return this;
    }

    StreamingRun run(org.apache.hadoop.fs.FileSystem fs) throws Exception {
      List<String> all = new ArrayList<>();
      for (Map.Entry<String, String> e : props.entrySet()) {
        all.add("-D");
        all.add(e.getKey() + "=" + e.getValue());
      }
      int libjars = args.indexOf("-libjars");
      if (libjars >= 0) {
        all.add(args.remove(libjars));
        all.add(args.remove(libjars));
      }
      all.addAll(args);
      all.add("-output");
      all.add(outDir.toString());
      KeptJob job = new KeptJob();
      int rc = ToolRunner.run(conf, job, all.toArray(new String[0]));
      StringBuilder failure = new StringBuilder();
      RunningJob running = job.running();
      if (running != null && rc != 0) {
        try {
          failure.append(running.getFailureInfo()).append('\n');
          for (TaskCompletionEvent ev : running.getTaskCompletionEvents(0)) {
            for (String d : running.getTaskDiagnostics(ev.getTaskAttemptId())) {
              failure.append(d).append('\n');
            }
          }
        } catch (IOException | RuntimeException e) {
          failure.append("(job status unavailable: ").append(e).append(")");
        }
      }
      Counters counters = null;
      if (running != null) {
        try {
          counters = running.getCounters();
        } catch (IOException | RuntimeException e) {
          // left null
        }
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(outDir.toString());
      int partCount = 0;
      if (rc == 0 && fs.exists(dir)) {
        org.apache.hadoop.fs.FileStatus[] parts = fs.globStatus(new org.apache.hadoop.fs.Path(dir, "part-*"));
        partCount = parts.length;
        Arrays.sort(parts);
        for (org.apache.hadoop.fs.FileStatus p : parts) {
          try (java.io.InputStream in = fs.open(p.getPath())) {
            in.transferTo(out);
          }
        }
      }
      return new StreamingRun(rc, out.toByteArray(), failure.toString(), counters, partCount);
    }
  }

  /** A LocalJobRunner configuration writing under {@code work}. */
  static Configuration localConf(Path work) {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", work.resolve("tmp").toString());
    conf.set("mapreduce.cluster.local.dir", work.resolve("local").toString());
    conf.set("mapreduce.jobtracker.staging.root.dir", work.resolve("staging").toString());
    conf.setInt("mapreduce.task.io.sort.mb", 8); // tiny data: don't zero 100 MB per map
    conf.setInt("mapreduce.client.progressmonitor.pollinterval", 100);
    conf.setInt("mapreduce.client.completion.pollinterval", 100);
    return conf;
  }

  static Path shmDir(String name) throws IOException {
    return Files.createDirectories(new File("/dev/shm/hadoopopt-test-" + name + "-" + ProcessHandle.current().pid()).toPath());
  }
}
