package org.hadoopopt.fingerprint;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopopt.fingerprint.collector.FingerprintCollector;
import org.hadoopopt.fingerprint.collector.FingerprintCounter;

/**
 * Child JVM of {@link CollectorHeapTest}: one LocalJobRunner job whose single map writes
 * {@code mb} MB of random (BytesWritable key, BytesWritable value) records (keys 10-200 bytes,
 * values 0-4,000, as Hadoop's LargeSorter makes them, smaller) through a sort buffer of
 * {@code sortMb} MB, so the buffer fills, spills, and the final spill and merge run; the reducer
 * prints each key's length, first bytes and its values' CRC. Prints the counters, a CRC of the
 * output, and the largest heap use seen.
 *
 * <p>Arguments: run name, collector ({@code stock}, {@code prefix} or {@code hash}), sortMb, mb.
 */
public final class LargeSortMain {
  static final String BYTES = "test.largesort.mb";
  static final long SEED = 20261124L;

  private LargeSortMain() {}

  /** Writes the job's map output from a seed on the line it reads. */
  public static class RandomRecordsMapper extends Mapper<LongWritable, Text, BytesWritable, BytesWritable> {
    @Override
    protected void map(LongWritable offset, Text line, Context ctx) throws IOException, InterruptedException {
      long left = ctx.getConfiguration().getLong(BYTES, 1) << 20;
      Random r = new Random(Long.parseLong(line.toString().trim()));
      BytesWritable key = new BytesWritable();
      BytesWritable value = new BytesWritable();
      byte[] k = new byte[200];
      byte[] v = new byte[4000];
      while (left > 0) {
        int kl = 10 + r.nextInt(191);
        int vl = r.nextInt(4001);
        r.nextBytes(k);
        r.nextBytes(v);
        key.set(k, 0, kl);
        value.set(v, 0, vl);
        ctx.write(key, value);
        left -= kl + vl;
      }
    }
  }

  /** Prints key length, its first 8 bytes in hex, the number of values and their CRC. */
  public static class DigestReducer extends Reducer<BytesWritable, BytesWritable, Text, Text> {
    private final Text k = new Text();
    private final Text v = new Text();

    @Override
    protected void reduce(BytesWritable key, Iterable<BytesWritable> values, Context ctx)
        throws IOException, InterruptedException {
      StringBuilder sb = new StringBuilder().append(key.getLength()).append(':');
      for (int i = 0; i < Math.min(8, key.getLength()); i++) {
        sb.append(String.format("%02x", key.getBytes()[i] & 0xff));
      }
      CRC32 crc = new CRC32();
      int n = 0;
      for (BytesWritable value : values) {
        crc.update(value.getBytes(), 0, value.getLength());
        n++;
      }
      k.set(sb.toString());
      v.set(n + ":" + Long.toHexString(crc.getValue()));
      ctx.write(k, v);
    }
  }

  /** How many records the mapper writes for {@code mb} MB from {@code seed} (an independent count). */
  static long expectedRecords(long seed, long mb) {
    long left = mb << 20;
    Random r = new Random(seed);
    byte[] k = new byte[200];
    byte[] v = new byte[4000];
    long n = 0;
    while (left > 0) {
      int kl = 10 + r.nextInt(191);
      int vl = r.nextInt(4001);
      r.nextBytes(k);
      r.nextBytes(v);
      left -= kl + vl;
      n++;
    }
    return n;
  }

  public static void main(String[] args) throws Exception {
    LocalRun run = new LocalRun(args[0]);
    String collector = args[1];
    int sortMb = Integer.parseInt(args[2]);
    int mb = Integer.parseInt(args[3]);
    HeapWatch watch = new HeapWatch();
    watch.start();

    File in = new File(run.dir(), "in");
    Files.createDirectories(in.toPath());
    Files.write(new File(in, "seed.txt").toPath(), (SEED + "\n").getBytes(StandardCharsets.UTF_8));
    Configuration conf = run.conf();
    conf.setInt(MRJobConfig.IO_SORT_MB, sortMb);
    conf.setLong(BYTES, mb);
    if (!collector.equals("stock")) {
      FingerprintCollector.enable(conf, FingerprintCollector.Mode.valueOf(collector.toUpperCase()));
    }
    Job job = Job.getInstance(conf, "large-sort-" + collector);
    job.setMapperClass(RandomRecordsMapper.class);
    job.setReducerClass(DigestReducer.class);
    job.setMapOutputKeyClass(BytesWritable.class);
    job.setMapOutputValueClass(BytesWritable.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setNumReduceTasks(1);
    File out = new File(run.dir(), "out");
    FileInputFormat.setInputPaths(job, new Path(in.getAbsolutePath()));
    FileOutputFormat.setOutputPath(job, new Path(out.getAbsolutePath()));
    boolean ok = job.waitForCompletion(false);
    watch.interrupt();
    System.out.println("PEAK heap used " + (watch.peak >> 20) + " MB of max " + (Runtime.getRuntime().maxMemory() >> 20)
        + " MB");
    if (!ok) {
      System.out.println("FAILED");
      System.exit(2);
    }
    Counters c = job.getCounters();
    CRC32 crc = new CRC32();
    List<String> lines = new ArrayList<>();
    File[] parts = out.listFiles((d, n) -> n.startsWith("part-"));
    Arrays.sort(parts);
    for (File p : parts) {
      byte[] b = Files.readAllBytes(p.toPath());
      crc.update(b);
      lines.addAll(Arrays.asList(new String(b, StandardCharsets.UTF_8).split("\n")));
    }
    Collections.sort(lines);
    CRC32 sortedCrc = new CRC32();
    for (String l : lines) {
      sortedCrc.update((l + "\n").getBytes(StandardCharsets.UTF_8));
    }
    System.out.println("RESULT records " + c.findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue()
        + " lines " + lines.size()
        + " crc " + Long.toHexString(crc.getValue())
        + " sortedCrc " + Long.toHexString(sortedCrc.getValue())
        + " fingerprintSpills " + c.findCounter(FingerprintCounter.SPILLS).getValue()
        + " fingerprintSorted " + c.findCounter(FingerprintCounter.RECORDS_SORTED).getValue()
        + " spilledRecords " + c.findCounter(TaskCounter.SPILLED_RECORDS).getValue());
    System.out.println("DONE");
  }

  /** Samples the heap in use every few milliseconds and keeps the largest value seen. */
  static final class HeapWatch extends Thread {
    volatile long peak;

    HeapWatch() {
      setDaemon(true);
    }

    @Override
    public void run() {
      MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
      while (!isInterrupted()) {
        peak = Math.max(peak, mem.getHeapMemoryUsage().getUsed());
        try {
          Thread.sleep(5);
        } catch (InterruptedException e) {
          return;
        }
      }
    }
  }
}
