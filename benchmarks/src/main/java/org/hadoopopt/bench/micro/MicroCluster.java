package org.hadoopopt.bench.micro;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hadoopopt.directio.datanode.DirectIoDataNodePlugin;
import org.hadoopopt.directio.protocol.EndpointDirectory;

/**
 * The HDFS+YARN the cluster parts share: an embedded one ({@code bin/cluster}, real daemons, with
 * the direct I/O DataNode plugin when its jar is built), started on first use and stopped by
 * {@link #close}, or a running cluster's configuration folder.
 */
final class MicroCluster implements AutoCloseable {
  /** First port of the embedded cluster (it takes 100). */
  static final int BASE_PORT = 19800;

  private final File home;
  private final String given;
  private final File dir;
  private final File log;
  private File confDir;
  private boolean started;
  private String failure;

  /** @param given "embedded" or a Hadoop configuration folder */
  MicroCluster(File home, String given, File dir, File log) {
    this.home = home;
    this.given = given;
    this.dir = dir;
    this.log = log;
  }

  /** The configuration folder of the running cluster, starting the embedded one on first use. */
  File confDir() throws IOException, InterruptedException {
    if (confDir != null) {
      return confDir;
    }
    if (failure != null) {
      throw new IOException(failure);
    }
    if (!given.equals("embedded")) {
      // absolute: the parts run in their own working folder
      confDir = new File(given).getAbsoluteFile();
      return confDir;
    }
    failure = "the cluster did not start (see logs/cluster.log)"; // until it is up
    List<String> cmd = new ArrayList<>(Arrays.asList(new File(home, "bin/cluster").getPath(), "start", "--dir",
        dir.getPath(), "--base-port", Integer.toString(BASE_PORT)));
    cmd.addAll(directIoOptions());
    System.err.printf("  starting HDFS+YARN (bin/cluster, %s, ports %d..%d)...%n", dir, BASE_PORT, BASE_PORT + 99);
    started = true;
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log)).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    if (p.waitFor() != 0 || !out.startsWith("export HADOOP_CONF_DIR=")) {
      throw new IOException(failure);
    }
    failure = null;
    confDir = new File(out.substring("export HADOOP_CONF_DIR=".length()));
    return confDir;
  }

  /**
   * bin/cluster's options that load the direct I/O DataNode plugin (conf/hdfs-directio-datanode-site.xml's
   * keys) when its jar is built; none otherwise (the dfsio part's direct read is then declined and counted).
   */
  private List<String> directIoOptions() {
    File[] jars = new File(home, "hdfs-directio/target").listFiles((d, n) -> n.startsWith("hadoopopt-hdfs-directio-")
        && n.endsWith(".jar") && !n.contains("-sources") && !n.contains("-tests"));
    if (jars == null || jars.length == 0) {
      return new ArrayList<>();
    }
    return Arrays.asList("--extra-classpath", jars[0].getPath(),
        "--set", "dfs.datanode.plugins=" + DirectIoDataNodePlugin.class.getName(),
        "--set", EndpointDirectory.SOCKET_DIR + "=" + EndpointDirectory.SOCKET_DIR_DEFAULT + "-" + BASE_PORT,
        "--set", "dfs.block.access.token.enable=true",
        "--set", "dfs.datanode.data.dir.perm=750");
  }

  @Override
  public void close() throws IOException, InterruptedException {
    if (!started) {
      return;
    }
    Process p = new ProcessBuilder(new File(home, "bin/cluster").getPath(), "stop", "--dir", dir.getPath())
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log)).start();
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new IOException("bin/cluster stop did not finish (see " + log + ")");
    }
  }
}
