package org.hadoopopt.directio.tools;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.directio.client.DirectIoStatistics;
import org.hadoopopt.directio.client.DirectReplicaAccessorBuilder;
import org.hadoopopt.directio.mapreduce.ScanInputFormat;

/**
 * Shows where each map read its split from: the no-op scan ({@link ScanInputFormat}) with a mapper
 * that reports, per split, the host it ran on (YARN's {@code NM_HOST}) and the HDFS bytes its JVM
 * read while it ran, directly and otherwise (streamed); the driver adds the hosts of the split's
 * block replicas (as the NameNode names them).
 * Prints one line per map and a verdict line:
 * {@code maps M, direct B on the map's own host in D maps, streamed S in T maps, direct reads off
 * the map's host: X} (X must be 0). Exit code 0 when X is 0 and every byte was read.
 *
 * <p>{@code hadoop org.hadoopopt.directio.tools.ScanHostsJob [-D k=v]... INPUT[,INPUT...] OUTPUT}
 */
public class ScanHostsJob extends Configured implements Tool {
  /** Reads its split (the input format does) and reports where and how in its cleanup. */
  public static class WhereMapper extends Mapper<LongWritable, NullWritable, Text, Text> {
    private long directBefore;
    private long readBefore;

    @Override
    protected void setup(Context context) {
      directBefore = DirectIoStatistics.directBytes();
      readBefore = hdfsBytesRead();
    }

    @Override
    protected void map(LongWritable key, NullWritable value, Context context) {
      // the input format reads; nothing to do
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      FileSplit split = (FileSplit) context.getInputSplit();
      String host = System.getenv("NM_HOST");
      context.write(new Text(split.getPath() + "@" + split.getStart()), new Text((host == null ? "local" : host) + "\t"
          + (hdfsBytesRead() - readBefore) + "\t" + (DirectIoStatistics.directBytes() - directBefore)));
    }

    @SuppressWarnings("deprecation")
    private static long hdfsBytesRead() {
      long n = 0;
      for (FileSystem.Statistics s : FileSystem.getAllStatistics()) {
        if ("hdfs".equals(s.getScheme())) {
          n += s.getBytesRead();
        }
      }
      return n;
    }
  }

  @Override
  public int run(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: ScanHostsJob [-D key=value]... INPUT OUTPUT");
      return 2;
    }
    DirectReplicaAccessorBuilder.enable(getConf());
    Job job = Job.getInstance(getConf(), "scan hosts");
    job.setJarByClass(ScanHostsJob.class);
    job.setInputFormatClass(ScanInputFormat.class);
    job.setMapperClass(WhereMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    FileInputFormat.addInputPaths(job, args[0]);
    Path out = new Path(args[1]);
    FileOutputFormat.setOutputPath(job, out);
    if (!job.waitForCompletion(false)) {
      System.err.println("scan job failed");
      return 1;
    }
    long maps = 0;
    long directMaps = 0;
    long streamedMaps = 0;
    long direct = 0;
    long streamed = 0;
    long offHost = 0;
    FileSystem fs = out.getFileSystem(getConf());
    System.out.println("split\tmap host\treplica hosts\tbytes read\tdirect\tstreamed");
    for (FileStatus part : fs.listStatus(out, p -> p.getName().startsWith("part-"))) {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(part.getPath()), StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          String[] f = line.split("\t");
          String where = f[0];
          int at = where.lastIndexOf('@');
          Path file = new Path(where.substring(0, at));
          String replicas = String.join(",", fs.getFileBlockLocations(file, Long.parseLong(where.substring(at + 1)), 1)[0]
              .getHosts());
          String host = f[1];
          long bytes = Long.parseLong(f[2]);
          long d = Long.parseLong(f[3]);
          maps++;
          direct += d;
          streamed += bytes - d;
          directMaps += d > 0 ? 1 : 0;
          streamedMaps += d < bytes ? 1 : 0;
          if (d > 0 && !Arrays.asList(replicas.split(",")).contains(host)) {
            offHost += d;
          }
          System.out.println(file.getName() + "@" + where.substring(at + 1) + "\t" + host + "\t" + replicas + "\t" + bytes
              + "\t" + d + "\t" + (bytes - d));
        }
      }
    }
    System.out.println("maps " + maps + ", direct " + direct + " bytes on the map's own host in " + directMaps
        + " maps, streamed " + streamed + " bytes in " + streamedMaps + " maps, direct reads off the map's host: " + offHost);
    return offHost == 0 ? 0 : 1;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new ScanHostsJob(), args));
  }
}
