package org.hadoopopt.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Real in-process HDFS plus YARN with MapReduce (ResourceManager, NodeManagers running the
 * ShuffleHandler, JobHistoryServer), shared by all tests of one class:
 * {@code @RegisterExtension static final MiniMrYarn CLUSTER = new MiniMrYarn(1);}.
 * Jobs built from {@link #conf()} run in separate task JVMs and shuffle over HTTP.
 */
public class MiniMrYarn implements BeforeAllCallback, AfterAllCallback {
  private final int nodeManagers;
  private final Configuration baseConf;
  private MiniDFSCluster dfs;
  private MiniMRYarnCluster yarn;
  private File baseDir;

  public MiniMrYarn(int nodeManagers) {
    this(nodeManagers, new Configuration());
  }

  /** @param conf settings for both clusters (e.g. NodeManager aux services), copied at start. */
  public MiniMrYarn(int nodeManagers, Configuration conf) {
    this.nodeManagers = nodeManagers;
    this.baseConf = conf;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    String name = context.getRequiredTestClass().getSimpleName();
    baseDir = Files.createTempDirectory("minimr-" + name).toFile();
    Configuration conf = new HdfsConfiguration(baseConf);
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File(baseDir, "dfs").getAbsolutePath());
    dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    dfs.waitActive();

    Configuration yarnConf = new YarnConfiguration(dfs.getConfiguration(0));
    yarnConf.set("fs.defaultFS", dfs.getFileSystem().getUri().toString());
    // The design notes: a few maps and 1-2 reduces must fit on this 2-core machine.
    yarnConf.setInt(YarnConfiguration.NM_PMEM_MB, 8192);
    yarnConf.setInt(YarnConfiguration.NM_VCORES, 8);
    yarnConf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 256);
    yarnConf.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
    // Task and AM JVMs live seconds: C1 alone compiles what they run for a fraction of the CPU
    // C2 would spend, and CPU is what the test JVMs running beside them share.
    String opts = "-Xmx512m -XX:TieredStopAtLevel=1";
    yarnConf.setInt("yarn.app.mapreduce.am.resource.mb", 768);
    yarnConf.set("yarn.app.mapreduce.am.command-opts", opts);
    yarnConf.setInt("mapreduce.map.memory.mb", 768);
    yarnConf.set("mapreduce.map.java.opts", opts);
    yarnConf.setInt("mapreduce.reduce.memory.mb", 768);
    yarnConf.set("mapreduce.reduce.java.opts", opts);
    yarnConf.set("yarn.nodemanager.disk-health-checker.max-disk-utilization-per-disk-percentage", "100.0");
    // Latency, not load: allocations ride the NodeManager's and the AM's heartbeats to the
    // ResourceManager (1 s each by default), and a verbose job client polls once a second, so
    // every test job sat idle for seconds; 100 ms costs a few cheap in-process calls.
    setUnlessGiven(yarnConf, YarnConfiguration.RM_NM_HEARTBEAT_INTERVAL_MS, "100");
    setUnlessGiven(yarnConf, "yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms", "100");
    setUnlessGiven(yarnConf, "mapreduce.client.progressmonitor.pollinterval", "100");
    // A finished application's container logs wait yarn.nodemanager.log.retain-seconds (3 h) for
    // deletion, and the NodeManager's stop waits for that pending deletion (about 17 s per
    // cluster); no test reads container logs (pass the key in the conf to keep them for debugging).
    setUnlessGiven(yarnConf, YarnConfiguration.NM_LOG_RETAIN_SECONDS, "0");
    yarn = new MiniMRYarnCluster(name, nodeManagers);
    yarn.init(yarnConf);
    yarn.start();
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    if (yarn != null) {
      yarn.stop();
      yarn = null;
    }
    if (dfs != null) {
      dfs.shutdown(true);
      dfs = null;
    }
    TestFiles.deleteRecursively(baseDir);
  }

  /** Sets {@code key} unless the test's own configuration did (Hadoop's *-default.xml do not count). */
  private void setUnlessGiven(Configuration conf, String key, String value) {
    String[] sources = baseConf.getPropertySources(key);
    if (sources == null || Arrays.stream(sources).allMatch(src -> src.endsWith("-default.xml"))) {
      conf.set(key, value);
    }
  }

  /** A copy of the configuration that submits to this YARN and reads/writes this HDFS. */
  public Configuration conf() {
    return new Configuration(yarn.getConfig());
  }

  public FileSystem fs() throws IOException {
    return dfs.getFileSystem();
  }

  public MiniMRYarnCluster yarn() {
    return yarn;
  }
}
