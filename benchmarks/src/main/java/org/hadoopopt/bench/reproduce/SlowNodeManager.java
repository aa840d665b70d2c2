package org.hadoopopt.bench.reproduce;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;

/**
 * A second YARN NodeManager for a running cluster, on this machine, whose processes (the
 * NodeManager and every container it starts) share a CPU quota ({@link CpuLimit}): a slow node
 * beside the cluster's own. It runs with the cluster's configuration (HADOOP_CONF_DIR) except its
 * own ports (ephemeral), folders and memory; the quota can change while it runs, so the same node
 * is slow or as fast as the machine allows. {@link #close} stops it (it unregisters from the
 * ResourceManager), kills what is left of its containers and removes its group and folders.
 */
final class SlowNodeManager implements AutoCloseable {
  private final File dir;
  private final CpuLimit cpu;
  private final Process process;
  private final NodeReport report;

  private SlowNodeManager(File dir, CpuLimit cpu, Process process, NodeReport report) {
    this.dir = dir;
    this.cpu = cpu;
    this.process = process;
    this.report = report;
  }

  /**
   * Starts the NodeManager in folder {@code dir} with {@code memoryMb} of container memory and
   * waits until the ResourceManager lists it running.
   *
   * @param confDir the cluster's configuration folder (its yarn-site.xml and mapred-site.xml are
   *     copied with this node's own ports and folders)
   */
  static SlowNodeManager start(File confDir, File dir, int memoryMb, YarnClient yarn) throws IOException,
      InterruptedException {
    FileUtil.fullyDelete(dir);
    File conf = new File(dir, "conf");
    File logs = new File(dir, "logs");
    if (!conf.mkdirs() || !logs.mkdirs()) {
      throw new IOException("cannot create " + conf + " and " + logs);
    }
    for (String f : new String[] {"core-site.xml", "hdfs-site.xml", "log4j.properties"}) {
      File from = new File(confDir, f);
      if (from.isFile()) {
        Files.copy(from.toPath(), new File(conf, f).toPath());
      }
    }
    site(confDir, conf, "mapred-site.xml", memoryMb, dir);
    site(confDir, conf, "yarn-site.xml", memoryMb, dir);
    List<String> before = running(yarn).stream().map(r -> r.getNodeId().toString()).collect(Collectors.toList());
    CpuLimit cpu = CpuLimit.create("hadoopopt-slow-node-" + ProcessHandle.current().pid());
    Process p = null;
    try {
      List<String> cmd = new ArrayList<>();
      cmd.add(new File(System.getProperty("java.home"), "bin/java").getPath());
      cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
          .filter(a -> a.startsWith("--add-opens") || a.equals("-XX:+IgnoreUnrecognizedVMOptions"))
          .collect(Collectors.toList()));
      cmd.add("-Xmx512m");
      cmd.add("-Dhadoop.log.dir=" + logs);
      cmd.add("-Dyarn.log.dir=" + logs);
      cmd.add("-Djava.io.tmpdir=" + new File(dir, "tmp"));
      // this node's configuration first, so its site files win over the cluster's on the class path
      cmd.add("-cp");
      cmd.add(conf + File.pathSeparator + System.getProperty("java.class.path"));
      cmd.add("org.apache.hadoop.yarn.server.nodemanager.NodeManager");
      new File(dir, "tmp").mkdirs();
      p = new ProcessBuilder(cpu.wrap(cmd)).redirectErrorStream(true)
          .redirectOutput(new File(logs, "nodemanager.out")).start();
      NodeReport mine = awaitRegistration(yarn, before, p, logs);
      return new SlowNodeManager(dir, cpu, p, mine);
    } catch (IOException | InterruptedException | RuntimeException e) {
      stop(p);
      cpu.close();
      throw e;
    }
  }

  /** The copy of the cluster's {@code name} with this node's ports, folders, memory and shuffle port. */
  private static void site(File confDir, File conf, String name, int memoryMb, File dir) throws IOException {
    Configuration c = new Configuration(false);
    File from = new File(confDir, name);
    if (from.isFile()) {
      c.addResource(new Path(from.toURI()));
    }
    c.set("yarn.nodemanager.hostname", "127.0.0.1");
    c.set("yarn.nodemanager.address", "127.0.0.1:0");
    c.set("yarn.nodemanager.localizer.address", "127.0.0.1:0");
    c.set("yarn.nodemanager.webapp.address", "127.0.0.1:0");
    c.set("yarn.nodemanager.local-dirs", new File(dir, "nm-local").getPath());
    c.set("yarn.nodemanager.log-dirs", new File(dir, "logs/containers").getPath());
    c.setInt("yarn.nodemanager.resource.memory-mb", memoryMb);
    c.setBoolean("yarn.nodemanager.recovery.enabled", false);
    // the containers' log folders say which attempts ran here: kept until close deletes the folder
    c.setLong("yarn.nodemanager.log.retain-seconds", 3600);
    c.setBoolean("yarn.log-aggregation-enable", false);
    // the cluster's NodeManager holds the shuffle port: this node's shuffle takes an ephemeral one,
    // which the containers learn from the NodeManager
    c.setInt("mapreduce.shuffle.port", 0);
    try (OutputStream o = Files.newOutputStream(new File(conf, name).toPath())) {
      c.writeXml(o);
    }
  }

  private static List<NodeReport> running(YarnClient yarn) throws IOException {
    try {
      return yarn.getNodeReports(NodeState.RUNNING);
    } catch (org.apache.hadoop.yarn.exceptions.YarnException e) {
      throw new IOException(e);
    }
  }

  private static NodeReport awaitRegistration(YarnClient yarn, List<String> before, Process p, File logs)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < deadline) {
      if (!p.isAlive()) {
        throw new IOException("the slow NodeManager exited with " + p.exitValue() + " (log: " + logs + ")");
      }
      for (NodeReport r : running(yarn)) {
        if (!before.contains(r.getNodeId().toString())) {
          return r;
        }
      }
      Thread.sleep(500);
    }
    throw new IOException("the slow NodeManager did not register within 180 s (log: " + logs + ")");
  }

  /** The node as the ResourceManager lists it (its id and web address name its containers' node). */
  NodeReport report() {
    return report;
  }

  /** The containers this node has run for application {@code appId} (their log folders). */
  int containers(String appId) {
    String[] c = new File(dir, "logs/containers/" + appId).list((d, n) -> n.startsWith("container_"));
    return c == null ? 0 : c.length;
  }

  /** Gives the node {@code cores} cores' time; 0: as much as the machine has. */
  void setCores(double cores) throws IOException {
    cpu.setCores(cores);
  }

  long throttledPeriods() throws IOException {
    return cpu.throttledPeriods();
  }

  String describe() {
    return String.format(Locale.ROOT, "NodeManager %s in %s", report.getNodeId(), cpu.describe());
  }

  private static void stop(Process p) throws InterruptedException {
    if (p == null) {
      return;
    }
    p.destroy(); // SIGTERM: the NodeManager stops its containers and unregisters
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      p.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Override
  public void close() throws IOException {
    try {
      cpu.setCores(0); // a throttled node stops slowly
      stop(process);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      cpu.close();
      FileUtil.fullyDelete(new File(dir, "nm-local"));
    }
  }
}
