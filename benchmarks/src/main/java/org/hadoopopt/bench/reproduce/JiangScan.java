package org.hadoopopt.bench.reproduce;

import java.io.File;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.hadoopopt.bench.micro.NoOpScanMapper;
import org.hadoopopt.bench.pavlo.HadoopOptKeys;
import org.hadoopopt.bench.tools.Jobs;
import org.hadoopopt.bench.tools.TaskJars;
import org.hadoopopt.directio.mapreduce.DirectIoCounter;
import org.hadoopopt.directio.mapreduce.ScanInputFormat;
import org.hadoopopt.directio.protocol.EndpointDirectory;

/**
 * The scan Jiang et al. time: a map-only job whose reader pulls 128 KB chunks of its split and
 * does nothing with them (hdfs-directio's {@link ScanInputFormat}), splits following the file's
 * blocks, speculation as asked, direct local reads when the DataNode runs the plugin.
 */
final class JiangScan {
  /** One timed scan: seconds and the counters that prove what it read. */
  static final class Run {
    final double seconds;
    final long maps;
    final long launchedMaps;
    final long directBytes;
    final long streamedBytes;

    Run(double seconds, Counters c) {
      this.seconds = seconds;
      this.maps = c.findCounter(NoOpScanMapper.Counter.MAP_TASKS).getValue();
      this.launchedMaps = c.findCounter(JobCounter.TOTAL_LAUNCHED_MAPS).getValue();
      this.directBytes = c.findCounter(DirectIoCounter.DIRECT_BYTES).getValue();
      this.streamedBytes = c.findCounter(DirectIoCounter.STREAMED_BYTES).getValue();
    }
  }

  /** The no-op mapper of the chunk reader's records; counts its task as the line scan does. */
  public static class ChunkMapper extends Mapper<LongWritable, NullWritable, NullWritable, NullWritable> {
    @Override
    protected void setup(Context context) {
      context.getCounter(NoOpScanMapper.Counter.MAP_TASKS).increment(1);
    }

    @Override
    protected void map(LongWritable key, NullWritable value, Context context) {
      // no-op: the paper's reader measures reading and per-task cost only
    }
  }

  private JiangScan() {}

  /**
   * Whether reads of this file system can go direct: HDFS, the plugin's client on the classpath
   * and a DataNode socket in the socket folder. Returns why not, or null.
   */
  static String directIoMissing(Configuration conf) {
    if (HadoopOptKeys.missing(HadoopOptKeys.DIRECTIO_BUILDER, "hdfs-directio") != null) {
      return "the hdfs-directio jar is not on the classpath";
    }
    try {
      if (!"hdfs".equals(FileSystem.get(conf).getUri().getScheme())) {
        return "the file system is not HDFS";
      }
    } catch (IOException e) {
      return "cannot reach the file system: " + e.getMessage();
    }
    File[] socks = new File(conf.get(EndpointDirectory.SOCKET_DIR, EndpointDirectory.SOCKET_DIR_DEFAULT))
        .listFiles((d, n) -> n.startsWith("dn-") && n.endsWith(".sock"));
    return socks == null || socks.length == 0 ? "no DataNode runs the direct I/O plugin (no dn-*.sock in "
        + conf.get(EndpointDirectory.SOCKET_DIR, EndpointDirectory.SOCKET_DIR_DEFAULT) + ")" : null;
  }

  /** Runs the scan of {@code input} once; {@code direct} switches the direct I/O client on. */
  static Run scan(Configuration base, Path input, boolean direct, boolean speculative) throws Exception {
    Configuration conf = new Configuration(base);
    conf.setLong(FileInputFormat.SPLIT_MINSIZE, 1);
    conf.setLong(FileInputFormat.SPLIT_MAXSIZE, Long.MAX_VALUE); // splits follow blocks
    conf.setBoolean(MRJobConfig.MAP_SPECULATIVE, speculative);
    TaskJars.ship(conf, ScanInputFormat.class.getName());
    if (direct) {
      HadoopOptKeys.directIo(conf);
    }
    Job job = Job.getInstance(conf, "jiang-scan " + input.getName() + (speculative ? " speculative" : ""));
    job.setJarByClass(JiangScan.class);
    job.setInputFormatClass(ScanInputFormat.class);
    job.setMapperClass(ChunkMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(NullOutputFormat.class);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
    FileInputFormat.addInputPath(job, input);
    long t0 = System.nanoTime();
    Jobs.run(job);
    return new Run((System.nanoTime() - t0) / 1e9, job.getCounters());
  }
}
