package org.hadoopopt.fingerprint;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopopt.fingerprint.collector.FingerprintCounter;

/** Runs jobs on the LocalJobRunner under target/ and reads back their part files. */
final class LocalRun {
  private static final AtomicInteger SEQ = new AtomicInteger();
  private final File base;

  LocalRun(String name) throws IOException {
    base = new File("target/local-jobs/" + name);
    org.hadoopopt.testing.TestFiles.deleteRecursively(base);
    Files.createDirectories(base.toPath());
  }

  /** This run's directory (inputs, outputs, the runner's local and staging dirs). */
  File dir() {
    return base;
  }

  /** A configuration for the local job runner and local file system. */
  Configuration conf() {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    conf.set("mapreduce.framework.name", "local");
    conf.set("hadoop.tmp.dir", new File(base, "tmp").getAbsolutePath());
    conf.set("mapreduce.cluster.local.dir", new File(base, "local").getAbsolutePath());
    conf.set("mapreduce.jobtracker.staging.root.dir", new File(base, "staging").getAbsolutePath());
    conf.setInt("mapreduce.client.completion.pollinterval", 50); // default 5 s per job
    conf.setInt("mapreduce.client.progressmonitor.pollinterval", 50);
    return conf;
  }

  /** Writes input files (one map task each) and returns their directory. */
  Path input(String name, String... contents) throws IOException {
    File dir = new File(base, "in-" + name);
    Files.createDirectories(dir.toPath());
    for (int i = 0; i < contents.length; i++) {
      Files.write(new File(dir, "f" + i + ".txt").toPath(), contents[i].getBytes(StandardCharsets.UTF_8));
    }
    return new Path(dir.getAbsolutePath());
  }

  /** Runs the job on {@code in} and returns its output. */
  Output run(Job job, Path in) throws Exception {
    Path out = new Path(new File(base, "out-" + SEQ.incrementAndGet()).getAbsolutePath());
    FileInputFormat.setInputPaths(job, in);
    FileOutputFormat.setOutputPath(job, out);
    if (!job.waitForCompletion(false)) {
      throw new AssertionError("job " + job.getJobName() + " failed");
    }
    File[] parts = new File(out.toUri().getPath()).listFiles((d, n) -> n.startsWith("part-"));
    Arrays.sort(parts);
    List<byte[]> bytes = new ArrayList<>();
    for (File p : parts) {
      bytes.add(Files.readAllBytes(p.toPath()));
    }
    return new Output(bytes, job.getCounters());
  }

  /** The part files of a finished job and its counters. */
  static final class Output {
    final List<byte[]> parts;
    final Counters counters;

    Output(List<byte[]> parts, Counters counters) {
      this.parts = parts;
      this.counters = counters;
    }

    long counter(TaskCounter c) {
      return counters.findCounter(c).getValue();
    }

    long fingerprintSpills() {
      return counters.findCounter(FingerprintCounter.SPILLS).getValue();
    }

    /** All lines of all parts, sorted. */
    List<String> sortedLines() {
      List<String> lines = lines();
      Collections.sort(lines);
      return lines;
    }

    /** All lines in part order. */
    List<String> lines() {
      List<String> lines = new ArrayList<>();
      for (byte[] p : parts) {
        String s = new String(p, StandardCharsets.UTF_8);
        if (!s.isEmpty()) {
          lines.addAll(Arrays.asList(s.split("\n")));
        }
      }
      return lines;
    }
  }
}
