package org.hadoopopt.directio;

import static org.hadoopopt.directio.DirectIoTesting.BLOCK;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.hadoopopt.directio.client.DirectIoStatistics;
import org.hadoopopt.directio.client.DirectReplicaAccessorBuilder;
import org.hadoopopt.directio.client.EndpointClient;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;
import org.hadoopopt.testing.MiniDfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.hadoopopt.testing.LogCapture;

/**
 * Faults under a direct reader: a block file corrupted or deleted, a DataNode restarted. The
 * reader must still get the written bytes (HDFS streams what the direct path cannot read), and
 * each fallback is counted.
 */
class FaultTest {
  static final Path SOCKETS = DirectIoTesting.socketDir("fault");

  @RegisterExtension
  static final MiniDfs DFS = new MiniDfs(2, DirectIoTesting.clusterConf(SOCKETS, true));

  /** A client with a small window, so a fault placed ahead of the reader is read after it happened. */
  static FileSystem client() throws IOException {
    Configuration conf = DirectIoTesting.directClient(DFS.conf(), SOCKETS);
    DirectReplicaAccessorBuilder.setBufferBytes(conf, 8192);
    return FileSystem.newInstance(DFS.cluster().getURI(), conf);
  }

  static byte[] write(String name, long seed) throws IOException {
    byte[] data = DirectIoTesting.content(seed, 3 * BLOCK + 999);
    DirectIoTesting.write(DFS.fs(), new org.apache.hadoop.fs.Path(name), data, (short) 2);
    return data;
  }

  /** The replica files the builder would read for block {@code index}: the first socket that has it. */
  static PathReply localReplica(String name, int index) throws IOException {
    List<LocatedBlock> blocks = DFS.cluster().getFileSystem().getClient().getLocatedBlocks(name, 0).getLocatedBlocks();
    LocatedBlock b = blocks.get(index);
    PathRequest req = new PathRequest(b.getBlock().getBlockPoolId(), b.getBlock().getBlockId(),
        b.getBlock().getGenerationStamp(), DirectIoTesting.tokenBytes(b));
    for (Path s : EndpointDirectory.sockets(SOCKETS)) {
      PathReply r = EndpointClient.ask(s, req);
      if (r.status == PathReply.Status.FOUND) {
        return r;
      }
    }
    throw new AssertionError("no local replica of block " + index + " of " + name);
  }

  static void flipByte(String file, long offset) throws IOException {
    try (FileChannel ch = FileChannel.open(Paths.get(file), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer b = ByteBuffer.allocate(1);
      ch.read(b, offset);
      b.put(0, (byte) (b.get(0) ^ 0x5a)).rewind();
      ch.write(b, offset);
    }
  }

  static void readRest(FSDataInputStream in, byte[] got, int from) throws IOException {
    in.readFully(got, from, got.length - from);
  }

  /** The client-side loggers that could mention a replica: ours and HDFS's input stream's. */
  static LogCapture clientLogs() {
    return LogCapture.of(null, "org.hadoopopt.directio.client.DirectReplicaAccessor",
        DirectReplicaAccessorBuilder.class.getName(), "org.apache.hadoop.hdfs.DFSClient",
        "org.apache.hadoop.hdfs.DFSInputStream");
  }

  /** Client logs name blocks, never the DataNode's files. */
  static void assertNoBlockFilePaths(String text) {
    String dataDir = new java.io.File(DFS.cluster().getDataDirectory()).getAbsolutePath();
    assertFalse(text.contains(dataDir) || text.contains("/current/") || text.contains(".meta"),
        "client log names a block file:\n" + text);
  }

  static long blockId(String name, int index) throws IOException {
    return DFS.cluster().getFileSystem().getClient().getLocatedBlocks(name, 0).getLocatedBlocks().get(index).getBlock()
        .getBlockId();
  }

  @Test
  void corruptedBlockFileIsReadCorrectlyByFallback() throws IOException {
    byte[] data = write("/fault/corrupt", 1);
    PathReply replica = localReplica("/fault/corrupt", 1);
    flipByte(replica.dataPath, 1234);
    long fallbacks = DirectIoStatistics.fallbacks();
    long direct = DirectIoStatistics.directBytes();
    try (LogCapture log = clientLogs(); FileSystem fs = client()) {
      assertArrayEquals(data, DirectIoTesting.readSequential(fs, new org.apache.hadoop.fs.Path("/fault/corrupt"), 65536));
      assertTrue(log.text().contains("blk_" + blockId("/fault/corrupt", 1)), "the warning names the block:\n" + log.text());
      assertNoBlockFilePaths(log.text());
    }
    assertEquals(fallbacks + 1, DirectIoStatistics.fallbacks(), "one fallback for the corrupt replica");
    assertEquals(data.length, DirectIoStatistics.directBytes() - direct, "the other local replica served the block");
  }

  @Test
  void blockFileCorruptedUnderAReader() throws IOException {
    byte[] data = write("/fault/corrupt-live", 2);
    PathReply replica = localReplica("/fault/corrupt-live", 0);
    long fallbacks = DirectIoStatistics.fallbacks();
    long direct = DirectIoStatistics.directBytes();
    byte[] got = new byte[data.length];
    try (FileSystem fs = client(); FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path("/fault/corrupt-live"))) {
      in.readFully(got, 0, 10_000);
      assertTrue(DirectIoStatistics.directBytes() - direct >= 10_000, "the first bytes came directly");
      flipByte(replica.dataPath, 100_000); // ahead of the reader, inside the same block
      readRest(in, got, 10_000);
    }
    assertArrayEquals(data, got);
    assertTrue(DirectIoStatistics.fallbacks() > fallbacks, "the checksum failure was counted as a fallback");
  }

  @Test
  void blockFilesDeletedUnderAReader() throws IOException {
    byte[] data = write("/fault/deleted", 3);
    PathReply b0 = localReplica("/fault/deleted", 0);
    PathReply b1 = localReplica("/fault/deleted", 1);
    PathReply b2 = localReplica("/fault/deleted", 2);
    long fallbacks = DirectIoStatistics.fallbacks();
    byte[] got = new byte[data.length];
    try (LogCapture log = clientLogs(); FileSystem fs = client();
        FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path("/fault/deleted"))) {
      in.readFully(got, 0, 10_000);
      // The open block file stays readable (Linux keeps it until closed); the next ones are gone.
      Files.delete(Paths.get(b0.dataPath));
      Files.delete(Paths.get(b1.dataPath));
      Files.delete(Paths.get(b2.metaPath));
      readRest(in, got, 10_000);
      assertTrue(log.text().contains("blk_" + blockId("/fault/deleted", 2)), "the warning names the block:\n" + log.text());
      assertNoBlockFilePaths(log.text());
    }
    assertArrayEquals(data, got);
    // Block 1: the DataNode sees its file is gone and says so, the other local replica serves it.
    // Block 2: the DataNode still lists it, our open of the missing meta file fails: a fallback.
    assertTrue(DirectIoStatistics.fallbacks() >= fallbacks + 1, "the missing meta file caused a fallback");
  }

  @Test
  void dataNodeRestartedMidRead() throws Exception {
    byte[] data = write("/fault/restart", 4);
    PathReply b0 = localReplica("/fault/restart", 0);
    DataNode serving = null;
    for (DataNode dn : DFS.cluster().getDataNodes()) {
      if (b0.dataPath.startsWith(dn.getFSDataset().getVolumeList().get(0).getBaseURI().getPath())
          || b0.dataPath.contains("/data" + (2 * DFS.cluster().getDataNodes().indexOf(dn) + 1) + "/")) {
        serving = dn;
      }
    }
    assertNotNull(serving, "the DataNode holding " + b0.dataPath);
    int index = DFS.cluster().getDataNodes().indexOf(serving);
    byte[] got = new byte[data.length];
    long direct = DirectIoStatistics.directBytes();
    try (FileSystem fs = client(); FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path("/fault/restart"))) {
      in.readFully(got, 0, BLOCK / 2);
      assertTrue(DirectIoStatistics.directBytes() - direct >= BLOCK / 2);
      assertTrue(DFS.cluster().restartDataNode(index, true), "DataNode restarted");
      readRest(in, got, BLOCK / 2);
    }
    DFS.cluster().waitActive();
    assertArrayEquals(data, got);
    assertEquals(2, EndpointDirectory.sockets(SOCKETS).size(), "the restarted DataNode listens again");
  }
}
