package org.hadoopopt.fingerprint;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.zip.CRC32;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.FileOutputFormat;
import org.apache.hadoop.mapred.JobClient;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapTask;
import org.apache.hadoop.mapred.RunningJob;
import org.apache.hadoop.mapred.lib.IdentityMapper;
import org.apache.hadoop.mapred.lib.IdentityReducer;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormatCounter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormatCounter;

/**
 * Child JVM of {@link PatchedTaskStatisticsTest}: runs the four record paths the per-thread
 * statistics patch touches (old and new API, map-only and with a reduce) on the LocalJobRunner
 * and prints, per job, the input and output byte counters and a CRC of the output, plus where
 * {@code MapTask} was loaded from; then the fingerprint-sort patch's jobs
 * ({@link PatchedFingerprintSortJobs}), sharing the child JVM.
 */
public final class PatchedTaskStatisticsMain {
  private PatchedTaskStatisticsMain() {}

  public static void main(String[] args) throws Exception {
    LocalRun run = new LocalRun(args[0]);
    File base = run.dir();
    System.out.println("MapTask from " + MapTask.class.getProtectionDomain().getCodeSource().getLocation());
    File in = new File(base, "in");
    Files.createDirectories(in.toPath());
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      text.append("line ").append(i * 7919 % 20_011).append(" of the input\n");
    }
    Files.write(new File(in, "a.txt").toPath(), text.toString().getBytes(StandardCharsets.UTF_8));
    for (int reduces : new int[] {0, 1}) {
      JobConf old = new JobConf(run.conf());
      old.setMapperClass(IdentityMapper.class);
      old.setReducerClass(IdentityReducer.class);
      old.setNumReduceTasks(reduces);
      old.setOutputKeyClass(LongWritable.class);
      old.setOutputValueClass(Text.class);
      File out = new File(base, "old-" + reduces);
      FileInputFormat.setInputPaths(old, new Path(in.getAbsolutePath()));
      FileOutputFormat.setOutputPath(old, new Path(out.getAbsolutePath()));
      RunningJob r = JobClient.runJob(old);
      print("old API, " + reduces + " reduce(s)", r.getCounters().getCounter(FileInputFormatCounter.BYTES_READ),
          r.getCounters().getCounter(FileOutputFormatCounter.BYTES_WRITTEN), out);

      Job job = Job.getInstance(run.conf());
      job.setMapperClass(Mapper.class);
      job.setReducerClass(Reducer.class);
      job.setNumReduceTasks(reduces);
      job.setOutputKeyClass(LongWritable.class);
      job.setOutputValueClass(Text.class);
      out = new File(base, "new-" + reduces);
      org.apache.hadoop.mapreduce.lib.input.FileInputFormat.setInputPaths(job, new Path(in.getAbsolutePath()));
      org.apache.hadoop.mapreduce.lib.output.FileOutputFormat.setOutputPath(job, new Path(out.getAbsolutePath()));
      if (!job.waitForCompletion(false)) {
        throw new IOException("new-API job with " + reduces + " reduce(s) failed");
      }
      Counters c = job.getCounters();
      print("new API, " + reduces + " reduce(s)", c.findCounter(FileInputFormatCounter.BYTES_READ).getValue(),
          c.findCounter(FileOutputFormatCounter.BYTES_WRITTEN).getValue(), out);
    }
    PatchedFingerprintSortJobs.runAll(run);
    System.out.println("DONE");
  }

  private static void print(String job, long read, long written, File out) throws IOException {
    CRC32 crc = new CRC32();
    File[] parts = out.listFiles((d, n) -> n.startsWith("part-"));
    Arrays.sort(parts);
    for (File p : parts) {
      crc.update(Files.readAllBytes(p.toPath()));
    }
    System.out.println("JOB " + job + ": bytes read " + read + ", bytes written " + written + ", output crc "
        + Long.toHexString(crc.getValue()));
  }
}
