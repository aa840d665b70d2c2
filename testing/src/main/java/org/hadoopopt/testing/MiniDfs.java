package org.hadoopopt.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real in-process HDFS (NameNode + DataNodes) shared by all tests of one class:
 * {@code @RegisterExtension static final MiniDfs DFS = new MiniDfs(1);}. Started before the
 * first test, shut down after the last.
 */
public class MiniDfs implements BeforeAllCallback, AfterAllCallback {
  private final int dataNodes;
  private final Configuration baseConf;
  private MiniDFSCluster cluster;
  private File baseDir;

  public MiniDfs(int dataNodes) {
    this(dataNodes, new HdfsConfiguration());
  }

  /** @param conf settings for the cluster (e.g. DataNode plugins), copied at start. */
  public MiniDfs(int dataNodes, Configuration conf) {
    this.dataNodes = dataNodes;
    this.baseConf = conf;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    baseDir = Files.createTempDirectory("minidfs-" + context.getRequiredTestClass().getSimpleName()).toFile();
    Configuration conf = new HdfsConfiguration(baseConf);
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, baseDir.getAbsolutePath());
    cluster = new MiniDFSCluster.Builder(conf).numDataNodes(dataNodes).build();
    cluster.waitActive();
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    if (cluster != null) {
      cluster.shutdown(true);
      cluster = null;
    }
    TestFiles.deleteRecursively(baseDir);
  }

  public MiniDFSCluster cluster() {
    return cluster;
  }

  /** A copy of the client configuration pointing at this HDFS. */
  public Configuration conf() {
    return new Configuration(cluster.getConfiguration(0));
  }

  public FileSystem fs() throws IOException {
    return cluster.getFileSystem();
  }
}
