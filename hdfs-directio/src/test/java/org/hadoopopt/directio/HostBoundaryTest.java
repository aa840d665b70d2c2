package org.hadoopopt.directio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.hadoopopt.directio.client.DirectIoStatistics;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.directio.protocol.HostAddresses;
import org.hadoopopt.directio.protocol.UnixSockets;
import org.hadoopopt.testing.LogCapture;
import org.junit.jupiter.api.Test;

/**
 * What "this host" means to the direct-I/O client where hosts share a file system (network
 * namespaces of one machine): per-host socket folders ({@code _HOST}), a DataNode of another host
 * answering in this host's folder (its replica is streamed, counted, never read directly), and a
 * DataNode refusing to take over a live socket of another DataNode. The DataNode "of another host"
 * listens on 127.0.0.2: a loopback address no interface of this machine carries, so it is not one
 * of this host's addresses while staying reachable.
 */
class HostBoundaryTest {
  private static final String OTHER_HOST = "127.0.0.2";

  @Test
  void perHostFoldersAreOnlyThisHostsOwn() throws Exception {
    Path root = DirectIoTesting.socketDir("hb-folders");
    Configuration conf = new Configuration(false);
    EndpointDirectory.setSocketDir(conf, root.resolve(EndpointDirectory.HOST_TOKEN).toString());
    assertTrue(EndpointDirectory.perHost(conf));
    assertEquals(root.resolve("127.0.0.1"), EndpointDirectory.forHost(conf, "127.0.0.1"));
    assertTrue(HostAddresses.isThisHost("127.0.0.1"), HostAddresses.ofThisHost().toString());
    assertFalse(HostAddresses.isThisHost(OTHER_HOST), HostAddresses.ofThisHost().toString());
    assertEquals(List.of(), EndpointDirectory.ofThisHost(conf), "no folder made yet");
    Files.createDirectories(root.resolve("127.0.0.1"));
    Files.createDirectories(root.resolve(OTHER_HOST));
    Files.createDirectories(root.resolve("10.254.254.9"));
    assertEquals(List.of(root.resolve("127.0.0.1")), EndpointDirectory.ofThisHost(conf),
        "only the folder of an address of this host");
    for (String bad : new String[] {"", "../x", ".."}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EndpointDirectory.forHost(conf, bad));
      assertTrue(e.getMessage().contains(EndpointDirectory.SOCKET_DIR), e.getMessage());
    }
    Configuration plain = new Configuration(false);
    EndpointDirectory.setSocketDir(plain, root.toString());
    assertFalse(EndpointDirectory.perHost(plain));
    assertEquals(List.of(root), EndpointDirectory.ofThisHost(plain), "without _HOST: the folder itself");
  }

  @Test
  void anotherHostsDataNodeInTheFolderIsStreamedNeverReadDirectly() throws Exception {
    Path shared = DirectIoTesting.socketDir("hb-shared");
    Configuration conf = DirectIoTesting.clusterConf(shared, true);
    try (MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build()) {
      startOtherHostDataNode(cluster);
      DataNode here = cluster.getDataNodes().get(0);
      DataNode there = cluster.getDataNodes().get(1);
      assertEquals(OTHER_HOST, there.getXferAddress().getAddress().getHostAddress());
      assertEquals(2, EndpointDirectory.sockets(shared).size(), "both DataNodes listen in the one shared folder");

      DistributedFileSystem fs0 = writer(cluster);
      byte[] local = DirectIoTesting.content(21, 2 * DirectIoTesting.BLOCK + 17);
      byte[] remote = DirectIoTesting.content(22, 3 * DirectIoTesting.BLOCK + 99);
      org.apache.hadoop.fs.Path l = new org.apache.hadoop.fs.Path("/hb/local");
      org.apache.hadoop.fs.Path r = new org.apache.hadoop.fs.Path("/hb/remote");
      DirectIoTesting.writeOn(fs0, l, local, favored(fs0, here));
      DirectIoTesting.writeOn(fs0, r, remote, favored(fs0, there));
      assertEquals(OTHER_HOST, fs0.getClient().getLocatedBlocks(r.toString(), 0).get(0).getLocations()[0].getHostName());

      Configuration client = DirectIoTesting.directClient(conf, shared);
      client.setBoolean("dfs.client.use.datanode.hostname", true); // streams reach 127.0.0.2 by its name
      long direct = DirectIoStatistics.directBytes();
      long foreign = DirectIoStatistics.foreignHostReplies();
      try (LogCapture log = LogCapture.of(org.hadoopopt.directio.client.DirectReplicaAccessorBuilder.class);
          FileSystem fs = FileSystem.newInstance(cluster.getURI(), client)) {
        assertArrayEquals(remote, DirectIoTesting.readSequential(fs, r, 64 * 1024), "the other host's blocks, streamed");
        assertEquals(0, DirectIoStatistics.directBytes() - direct, "nothing of the other host read directly");
        assertEquals(4, DirectIoStatistics.foreignHostReplies() - foreign, "each of its 4 blocks offered and refused");
        assertTrue(log.text().contains("is on host " + OTHER_HOST + ", not this one"), log.text());
        assertEquals(1, log.text().split("not this one", -1).length - 1, "warned once for the socket: " + log.text());
        assertArrayEquals(local, DirectIoTesting.readSequential(fs, l, 64 * 1024), "this host's blocks");
        assertEquals(local.length, DirectIoStatistics.directBytes() - direct, "read directly");
      }
    }
  }

  @Test
  void perHostFolderOfADataNodeIsKeyedByItsAddress() throws Exception {
    Path root = DirectIoTesting.socketDir("hb-perhost");
    Configuration conf = DirectIoTesting.clusterConf(root.resolve(EndpointDirectory.HOST_TOKEN), true);
    try (MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build()) {
      startOtherHostDataNode(cluster);
      DataNode here = cluster.getDataNodes().get(0);
      DataNode there = cluster.getDataNodes().get(1);
      assertEquals(List.of(EndpointDirectory.socketFor(root.resolve("127.0.0.1"), here.getXferPort())),
          EndpointDirectory.sockets(root.resolve("127.0.0.1")));
      assertEquals(List.of(EndpointDirectory.socketFor(root.resolve(OTHER_HOST), there.getXferPort())),
          EndpointDirectory.sockets(root.resolve(OTHER_HOST)));

      DistributedFileSystem fs0 = writer(cluster);
      byte[] data = DirectIoTesting.content(23, 3 * DirectIoTesting.BLOCK + 5);
      org.apache.hadoop.fs.Path r = new org.apache.hadoop.fs.Path("/hb/there");
      org.apache.hadoop.fs.Path l = new org.apache.hadoop.fs.Path("/hb/here");
      DirectIoTesting.writeOn(fs0, r, data, favored(fs0, there));
      DirectIoTesting.writeOn(fs0, l, data, favored(fs0, here));
      Configuration client = DirectIoTesting.directClient(conf, root.resolve(EndpointDirectory.HOST_TOKEN));
      client.setBoolean("dfs.client.use.datanode.hostname", true);
      long direct = DirectIoStatistics.directBytes();
      long foreign = DirectIoStatistics.foreignHostReplies();
      try (FileSystem fs = FileSystem.newInstance(cluster.getURI(), client)) {
        assertArrayEquals(data, DirectIoTesting.readSequential(fs, r, 64 * 1024));
        assertEquals(0, DirectIoStatistics.directBytes() - direct, "the other host's folder is not asked");
        assertEquals(0, DirectIoStatistics.foreignHostReplies() - foreign, "nor is its DataNode");
        assertArrayEquals(data, DirectIoTesting.readSequential(fs, l, 64 * 1024));
        assertEquals(data.length, DirectIoStatistics.directBytes() - direct, "this host's folder is");
      }
    }
  }

  /** A second DataNode, of "another host": bound to and named by {@link #OTHER_HOST} only. */
  private static void startOtherHostDataNode(MiniDFSCluster cluster) throws java.io.IOException {
    Configuration other = new HdfsConfiguration(cluster.getConfiguration(0));
    other.set("dfs.datanode.address", OTHER_HOST + ":0");
    other.set("dfs.datanode.ipc.address", OTHER_HOST + ":0");
    other.set("dfs.datanode.http.address", OTHER_HOST + ":0");
    other.set("dfs.datanode.hostname", OTHER_HOST);
    // host names as configured (the last true), not MiniDFSCluster's 127.0.0.1
    cluster.startDataNodes(other, 1, null, true, null, null, null, null, null, false, true, true, null, null, null);
    cluster.waitActive();
  }

  /** A client that reaches DataNodes by their names (the one on 127.0.0.2 listens there only). */
  private static DistributedFileSystem writer(MiniDFSCluster cluster) throws java.io.IOException {
    Configuration c = new HdfsConfiguration(cluster.getConfiguration(0));
    c.setBoolean("dfs.client.use.datanode.hostname", true);
    return (DistributedFileSystem) FileSystem.newInstance(cluster.getURI(), c);
  }

  /** The favored-node address of {@code dn} as the NameNode keys it (the address it registered from). */
  private static InetSocketAddress favored(DistributedFileSystem fs, DataNode dn) throws java.io.IOException {
    for (org.apache.hadoop.hdfs.protocol.DatanodeInfo d
        : fs.getClient().datanodeReport(org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType.LIVE)) {
      if (d.getXferPort() == dn.getXferPort()) {
        return new InetSocketAddress(d.getIpAddr(), d.getXferPort());
      }
    }
    throw new AssertionError("DataNode on port " + dn.getXferPort() + " not live");
  }

  @Test
  void aDataNodeDoesNotTakeOverALiveSocket() throws Exception {
    Path shared = DirectIoTesting.socketDir("hb-live");
    Files.createDirectories(shared);
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Path socket = EndpointDirectory.socketFor(shared, port);
    Configuration conf = DirectIoTesting.clusterConf(shared, true);
    conf.set("dfs.datanode.address", "127.0.0.1:" + port);
    try (ServerSocketChannel live = UnixSockets.bind(socket, 4);
        LogCapture log = LogCapture.of(org.apache.log4j.Level.WARN, "org.apache.hadoop.hdfs.server.datanode");
        MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).checkDataNodeAddrConfig(true).build()) {
      assertTrue(log.text().contains("another live DataNode listens on " + socket), log.text());
      assertTrue(log.text().contains(EndpointDirectory.HOST_TOKEN), log.text());
      assertTrue(Files.exists(socket), "the live socket is left alone");
      assertEquals(port, cluster.getDataNodes().get(0).getXferPort());
    }
  }
}
