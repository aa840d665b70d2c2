package org.hadoopopt.directio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.Socket;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSClient;
import org.apache.hadoop.hdfs.DFSInputStream;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.datatransfer.Sender;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.BlockOpResponseProto;
import org.apache.hadoop.hdfs.protocol.proto.DataTransferProtos.Status;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier.AccessMode;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenSecretManager;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.test.GenericTestUtils;
import org.hadoopopt.directio.client.DirectIoStatistics;
import org.hadoopopt.testing.MiniDfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The scenario of Hadoop's {@code TestPread#testPreadFailureWithChangedBlockLocations} with block
 * tokens on: a stream is opened, the block's second replica is moved to a third DataNode (a
 * REPLACE_BLOCK carrying a REPLACE and COPY token the NameNode's key signed, as the Balancer's; Hadoop's test
 * sends a dummy token, which every DataNode refuses once tokens are on, plugin or not), the first
 * DataNode of the stream's stale locations is stopped, and a positional read through the stale
 * stream must return the file's bytes, read directly from the replica's new DataNode.
 */
class ChangedLocationsTest {
  static final Path SOCKETS = DirectIoTesting.socketDir("moved");

  @RegisterExtension
  static final MiniDfs DFS = new MiniDfs(3, conf());

  private static Configuration conf() {
    Configuration conf = DirectIoTesting.clusterConf(SOCKETS, true);
    conf.setInt("dfs.heartbeat.interval", 1);
    return conf;
  }

  @Test
  @Timeout(120)
  void preadThroughStaleLocationsAfterMoveAndStop() throws Exception {
    MiniDFSCluster cluster = DFS.cluster();
    byte[] data = DirectIoTesting.content(31, 20_000);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/moved/file");
    DirectIoTesting.write(cluster.getFileSystem(), p, data, (short) 2);

    try (DFSClient client = new DFSClient(cluster.getURI(), DirectIoTesting.directClient(DFS.conf(), SOCKETS))) {
      GenericTestUtils.waitFor(() -> locations(client, p).size() == 2, 200, 20_000);
      DFSInputStream in = client.open(p.toString());
      LocatedBlock lb = client.getLocatedBlocks(p.toString(), 0).get(0);
      DatanodeInfo[] stale = lb.getLocations();
      DatanodeInfo destination = null;
      for (DatanodeInfo node : cluster.getNameNodeRpc().getDatanodeReport(DatanodeReportType.LIVE)) {
        if (!Arrays.asList(stale).contains(node)) {
          destination = node;
        }
      }
      assertNotNull(destination);
      DatanodeInfo source = stale[1];
      assertEquals(Status.SUCCESS, replace(cluster, lb.getBlock(), source, destination), "replica moved");
      DatanodeInfo dest = destination;
      GenericTestUtils.waitFor(() -> {
        List<DatanodeInfo> now = locations(client, p);
        return now.contains(dest) && !now.contains(source);
      }, 200, 30_000);

      cluster.stopDataNode(stale[0].getXferAddr());
      long opens = DirectIoStatistics.directOpens();
      long bytes = DirectIoStatistics.directBytes();
      byte[] got = new byte[data.length];
      int n = in.read(0, got, 0, got.length);
      in.close();
      assertEquals(data.length, n);
      assertArrayEquals(data, got);
      assertTrue(DirectIoStatistics.directOpens() > opens, "read directly");
      assertEquals(data.length, DirectIoStatistics.directBytes() - bytes, "every byte read directly");
    }
  }

  private static List<DatanodeInfo> locations(DFSClient client, org.apache.hadoop.fs.Path p) {
    try {
      return Arrays.asList(client.getLocatedBlocks(p.toString(), 0).get(0).getLocations());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Asks {@code destination} to copy the block from {@code source} with a REPLACE token; its reply. */
  private static Status replace(MiniDFSCluster cluster, ExtendedBlock block, DatanodeInfo source,
      DatanodeInfo destination) throws Exception {
    BlockTokenSecretManager keys = cluster.getNamesystem().getBlockManager().getBlockTokenSecretManager();
    Token<BlockTokenIdentifier> token = keys.generateToken(block, EnumSet.of(AccessMode.REPLACE, AccessMode.COPY),
        new StorageType[] {StorageType.DEFAULT}, new String[0]);
    try (Socket sock = new Socket()) {
      sock.connect(NetUtils.createSocketAddr(destination.getXferAddr()), 10_000);
      sock.setSoTimeout(30_000);
      DataOutputStream out = new DataOutputStream(sock.getOutputStream());
      new Sender(out).replaceBlock(block, StorageType.DEFAULT, token, source.getDatanodeUuid(), source, null);
      out.flush();
      DataInputStream reply = new DataInputStream(sock.getInputStream());
      BlockOpResponseProto proto;
      do {
        proto = BlockOpResponseProto.parseDelimitedFrom(reply);
      } while (proto.getStatus() == Status.IN_PROGRESS);
      return proto.getStatus();
    }
  }
}
