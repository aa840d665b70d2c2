package org.hadoopopt.directio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.hadoopopt.directio.client.DirectIoStatistics;
import org.hadoopopt.directio.datanode.CallerPolicy;
import org.hadoopopt.directio.datanode.DirectIoDataNodePlugin;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;
import org.hadoopopt.testing.MiniDfs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.hadoopopt.testing.LogCapture;

/**
 * Block access tokens off: without a token nothing ties a request to a block the caller may read,
 * so DataNode 0 (default settings) refuses every request, logged and counted, and its clients
 * stream; DataNode 1 has {@link CallerPolicy#ALLOW_WITHOUT_BLOCK_TOKENS} set and serves, but only
 * for the replica's exact generation stamp.
 */
class TokensOffTest {
  static final Path SOCKETS = DirectIoTesting.socketDir("notok");

  @RegisterExtension
  static final MiniDfs DFS = new MiniDfs(1, DirectIoTesting.clusterConf(SOCKETS, false));

  static final org.apache.hadoop.fs.Path FILE = new org.apache.hadoop.fs.Path("/notok/f");
  static byte[] data;
  static List<LocatedBlock> blocks;

  @BeforeAll
  static void setUp() throws Exception {
    Configuration allowing = new HdfsConfiguration(DFS.cluster().getConfiguration(0));
    allowing.setBoolean(CallerPolicy.ALLOW_WITHOUT_BLOCK_TOKENS, true);
    DFS.cluster().startDataNodes(allowing, 1, true, null, null);
    DFS.cluster().waitActive();
    data = DirectIoTesting.content(7, 2 * DirectIoTesting.BLOCK + 10);
    DirectIoTesting.write(DFS.fs(), FILE, data, (short) 2);
    blocks = DFS.cluster().getFileSystem().getClient().getLocatedBlocks(FILE.toString(), 0).getLocatedBlocks();
  }

  static Path socketOf(int dn) {
    return EndpointDirectory.socketFor(SOCKETS, DFS.cluster().getDataNodes().get(dn).getXferPort());
  }

  static PathRequest request(ExtendedBlock b, long gs) {
    return DirectIoTesting.request(PathRequest.Op.DESCRIPTORS, b, gs, new byte[0]);
  }

  @Test
  void refusedByDefaultLoggedCountedAndNamingTheKey() throws IOException {
    ExtendedBlock b = blocks.get(0).getBlock();
    DirectIoDataNodePlugin plugin = DirectIoDataNodePlugin.running(socketOf(0));
    long refused = plugin.refusedCount();
    try (LogCapture log = LogCapture.of(DirectIoDataNodePlugin.class)) {
      for (long gs : new long[] {b.getGenerationStamp(), 0}) {
        DirectIoTesting.Answer a = DirectIoTesting.ask(socketOf(0), request(b, gs));
        assertEquals(PathReply.Status.REFUSED, a.status(), a.toString());
        assertEquals(0, a.descriptors);
        PathReply r = a.reply;
        assertTrue(r.reason.contains(CallerPolicy.ALLOW_WITHOUT_BLOCK_TOKENS) && r.reason.contains("blk_" + b.getBlockId()),
            r.reason);
        assertFalse(r.reason.contains("/"), r.reason);
      }
      assertTrue(log.text().contains(CallerPolicy.ALLOW_WITHOUT_BLOCK_TOKENS), log.text());
      assertFalse(log.text().contains(DFS.cluster().getDataDirectory()), log.text());
    }
    assertEquals(refused + 2, plugin.refusedCount());
  }

  @Test
  void clientOfARefusingDataNodeStreams() throws IOException {
    Path only0 = DirectIoTesting.orderedSocketDir("notok-0", List.of(socketOf(0)));
    long[] before = DirectIoStatistics.snapshot();
    try (FileSystem fs = FileSystem.newInstance(DFS.cluster().getURI(), DirectIoTesting.directClient(DFS.conf(), only0))) {
      assertArrayEquals(data, DirectIoTesting.readSequential(fs, FILE, 64 * 1024));
    }
    long[] after = DirectIoStatistics.snapshot();
    assertEquals(before[0], after[0], "nothing read directly");
    assertEquals(blocks.size(), after[4] - before[4], "one refusal per block");
  }

  @Test
  void allowedWithTheKeyButOnlyForTheReplicasGenerationStamp() throws IOException {
    ExtendedBlock b = blocks.get(0).getBlock();
    DirectIoTesting.Answer ok = DirectIoTesting.ask(socketOf(1), request(b, b.getGenerationStamp()));
    assertEquals(PathReply.Status.FOUND, ok.status(), ok.toString());
    assertEquals(2, ok.descriptors);
    assertArrayEquals(java.util.Arrays.copyOf(data, DirectIoTesting.BLOCK), ok.blockBytes);
    for (long gs : new long[] {0, b.getGenerationStamp() - 1, b.getGenerationStamp() + 1}) {
      DirectIoTesting.Answer r = DirectIoTesting.ask(socketOf(1), request(b, gs));
      assertEquals(PathReply.Status.NOT_HERE, r.status(), "generation stamp " + gs + ": " + r);
      assertEquals(0, r.descriptors);
    }
    Path only1 = DirectIoTesting.orderedSocketDir("notok-1", List.of(socketOf(1)));
    long direct = DirectIoStatistics.directBytes();
    try (FileSystem fs = FileSystem.newInstance(DFS.cluster().getURI(), DirectIoTesting.directClient(DFS.conf(), only1))) {
      assertArrayEquals(data, DirectIoTesting.readSequential(fs, FILE, 64 * 1024));
    }
    assertEquals(data.length, DirectIoStatistics.directBytes() - direct, "every byte read directly");
  }
}
