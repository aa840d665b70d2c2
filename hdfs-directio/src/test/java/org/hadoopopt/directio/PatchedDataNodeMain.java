package org.hadoopopt.directio;

import java.io.OutputStream;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.apache.hadoop.hdfs.server.datanode.DataNode;

/**
 * Runs in a child JVM whose classpath puts the patched DataNode first (see PatchedDataNodeTest):
 * with block tokens on and the patch's key on, Hadoop's own legacy local reader gets block paths
 * for a user not in dfs.block.local-path-access.user; with the key off, it is refused (stock).
 * Prints one line per check; exits 1 on the first failure.
 */
public final class PatchedDataNodeMain {
  private PatchedDataNodeMain() {}

  public static void main(String[] args) throws Exception {
    String key = (String) DataNode.class.getField("DFS_BLOCK_LOCAL_PATH_ACCESS_BY_TOKEN_KEY").get(null);
    System.out.println("patched DataNode from " + DataNode.class.getProtectionDomain().getCodeSource().getLocation());
    Configuration conf = new HdfsConfiguration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, args[0]);
    conf.setBoolean("dfs.block.access.token.enable", true);
    conf.setBoolean(key, true);
    conf.set("dfs.block.local-path-access.user", "no-such-user-hdio");
    conf.setLong("dfs.blocksize", 1 << 20);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    int status = 1;
    try {
      cluster.waitActive();
      byte[] data = DirectIoTesting.content(3, 2 * (1 << 20) + 333);
      // Two files: the legacy reader caches block paths per process, so each phase needs its own blocks.
      Path p = new Path("/patched");
      Path q = new Path("/stock");
      for (Path f : new Path[] {p, q}) {
        try (OutputStream o = cluster.getFileSystem().create(f)) {
          o.write(data);
        }
      }
      long byToken = legacyRead(cluster, p, data, "by-token");
      cluster.getDataNodes().get(0).getConf().setBoolean(key, false);
      long stock = legacyRead(cluster, q, data, "stock");
      System.out.println("short-circuit bytes with " + key + "=true: " + byToken + ", =false: " + stock);
      if (byToken != data.length || stock != 0) {
        System.out.println("FAIL: expected " + data.length + " and 0");
      } else {
        System.out.println("PATCH OK");
        status = 0;
      }
    } finally {
      cluster.shutdown(true);
    }
    System.exit(status);
  }

  /** Reads with Hadoop's legacy local reader switched on; returns the short-circuit byte count. */
  static long legacyRead(MiniDFSCluster cluster, Path p, byte[] want, String context) throws Exception {
    Configuration c = new Configuration(cluster.getConfiguration(0));
    c.setBoolean("dfs.client.read.shortcircuit", true);
    c.setBoolean("dfs.client.use.legacy.blockreader.local", true);
    c.set("dfs.client.context", context);
    try (FileSystem fs = FileSystem.newInstance(cluster.getURI(), c); FSDataInputStream in = fs.open(p)) {
      byte[] got = new byte[want.length];
      in.readFully(got);
      if (!Arrays.equals(want, got)) {
        throw new AssertionError("wrong bytes in " + context + " read");
      }
      return ((HdfsDataInputStream) in).getReadStatistics().getTotalShortCircuitBytesRead();
    }
  }
}
