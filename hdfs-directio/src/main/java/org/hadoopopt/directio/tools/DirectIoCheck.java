package org.hadoopopt.directio.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.directio.client.DirectIoStatistics;
import org.hadoopopt.directio.client.DirectReplicaAccessorBuilder;

/**
 * Checks direct reads on a cluster: reads each file with the builder switched on, in 128 KB
 * reads, and prints one line per file and mode:
 * {@code mode path bytes md5 directBytes shortCircuitBytes fallbacks foreignHostReplies refusals}
 * (tab-separated; {@code foreignHostReplies}: replicas offered by another host's DataNode and
 * streamed instead; {@code refusals}: direct opens the DataNode refused, for its user policy or an
 * invalid block token, and streamed instead).
 * {@code -all-modes} reads each file verified, unverified and with O_DIRECT, in one JVM.
 *
 * <p>{@code hadoop org.hadoopopt.directio.tools.DirectIoCheck [-D k=v]... [-noverify | -all-modes] PATH...}
 */
public class DirectIoCheck extends Configured implements Tool {
  @Override
  public int run(String[] args) throws IOException {
    boolean verify = true;
    boolean allModes = false;
    List<Path> paths = new ArrayList<>();
    for (String a : args) {
      if (a.equals("-noverify")) {
        verify = false;
      } else if (a.equals("-all-modes")) {
        allModes = true;
      } else {
        paths.add(new Path(a));
      }
    }
    if (paths.isEmpty()) {
      System.err.println("usage: DirectIoCheck [-D key=value]... [-noverify | -all-modes] PATH...");
      return 2;
    }
    DirectReplicaAccessorBuilder.enable(getConf());
    if (!allModes) {
      checkAll(getConf(), verify, paths);
      return 0;
    }
    Configuration buffered = new Configuration(getConf());
    DirectReplicaAccessorBuilder.setODirect(buffered, false);
    Configuration oDirect = new Configuration(getConf());
    DirectReplicaAccessorBuilder.setODirect(oDirect, true);
    checkAll(buffered, true, paths);
    checkAll(buffered, false, paths);
    checkAll(oDirect, true, paths);
    return 0;
  }

  private static void checkAll(Configuration conf, boolean verify, List<Path> paths) throws IOException {
    PrintStream out = System.out;
    String mode = (verify ? "verify," : "noverify,") + (DirectReplicaAccessorBuilder.oDirect(conf) ? "o_direct" : "buffered");
    try (FileSystem fs = FileSystem.newInstance(paths.get(0).toUri(), conf)) {
      fs.setVerifyChecksum(verify);
      for (Path p : paths) {
        out.println(mode + "\t" + check(fs, p));
      }
    }
  }

  /** One file's line after the mode: the fields of the class comment, counted over this read alone. */
  public static String check(FileSystem fs, Path p) throws IOException {
    MessageDigest md5;
    try {
      md5 = MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    long direct = DirectIoStatistics.directBytes();
    long fallbacks = DirectIoStatistics.fallbacks();
    long foreign = DirectIoStatistics.foreignHostReplies();
    long refusals = DirectIoStatistics.refusals();
    long total = 0;
    long shortCircuit = -1;
    byte[] buf = new byte[128 * 1024];
    try (FSDataInputStream in = fs.open(p)) {
      int n;
      while ((n = in.read(buf)) > 0) {
        md5.update(buf, 0, n);
        total += n;
      }
      if (in instanceof HdfsDataInputStream) {
        shortCircuit = ((HdfsDataInputStream) in).getReadStatistics().getTotalShortCircuitBytesRead();
      }
    }
    StringBuilder hex = new StringBuilder();
    for (byte b : md5.digest()) {
      hex.append(String.format("%02x", b));
    }
    return p + "\t" + total + "\t" + hex + "\t" + (DirectIoStatistics.directBytes() - direct) + "\t" + shortCircuit
        + "\t" + (DirectIoStatistics.fallbacks() - fallbacks) + "\t" + (DirectIoStatistics.foreignHostReplies() - foreign)
        + "\t" + (DirectIoStatistics.refusals() - refusals);
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new DirectIoCheck(), args));
  }
}
