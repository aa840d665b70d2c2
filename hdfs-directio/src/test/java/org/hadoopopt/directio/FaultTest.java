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
import org.hadoopopt.directio.datanode.DirectIoDataNodePlugin;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;
import org.hadoopopt.testing.MiniDfs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.hadoopopt.testing.LogCapture;

/**
 * Faults under a direct reader: a block file corrupted, deleted or truncated, a DataNode restarted
 * or killed, the socket folder removed. The reader must still get the written bytes (a reader
 * holding passed descriptors reads on; HDFS streams what the direct path cannot read), and each
 * fallback is counted. The socket folder goes last (its test restarts the DataNodes).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
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

  /**
   * The replica files the builder reads first for block {@code index}: those of the first DataNode
   * (in socket name order) that has the replica.
   */
  static java.io.File[] localReplica(String name, int index) throws IOException {
    LocatedBlock b = DFS.cluster().getFileSystem().getClient().getLocatedBlocks(name, 0).getLocatedBlocks().get(index);
    return DirectIoTesting.replicaFiles(DFS.cluster(), DirectIoTesting.dataNodeOf(DFS.cluster(), firstHolder(b)), b.getBlock());
  }

  /** The replica length the first local DataNode holding block {@code index} answers with. */
  static long localReplicaLength(String name, int index) throws IOException {
    LocatedBlock b = DFS.cluster().getFileSystem().getClient().getLocatedBlocks(name, 0).getLocatedBlocks().get(index);
    return EndpointClient.ask(firstHolder(b), hasRequest(b)).length;
  }

  private static PathRequest hasRequest(LocatedBlock b) throws IOException {
    return DirectIoTesting.request(PathRequest.Op.HAS, b.getBlock(), b.getBlock().getGenerationStamp(),
        DirectIoTesting.tokenBytes(b));
  }

  /** The endpoint of the first DataNode (in socket name order) that has the replica of {@code b}. */
  private static Path firstHolder(LocatedBlock b) throws IOException {
    for (Path s : EndpointDirectory.sockets(SOCKETS)) {
      if (EndpointClient.ask(s, hasRequest(b)).status == PathReply.Status.FOUND) {
        return s;
      }
    }
    throw new AssertionError("no local replica of " + b.getBlock());
  }

  static void flipByte(java.io.File file, long offset) throws IOException {
    try (FileChannel ch = FileChannel.open(file.toPath(), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
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
  @Order(0)
  void corruptedBlockFileIsReadCorrectlyByFallback() throws IOException {
    byte[] data = write("/fault/corrupt", 1);
    java.io.File[] replica = localReplica("/fault/corrupt", 1);
    flipByte(replica[0], 1234);
    long fallbacks = DirectIoStatistics.fallbacks();
    long direct = DirectIoStatistics.directBytes();
    try (LogCapture log = clientLogs(); FileSystem fs = client()) {
      assertArrayEquals(data, DirectIoTesting.readSequential(fs, new org.apache.hadoop.fs.Path("/fault/corrupt"), 65536));
      assertTrue(log.text().contains("blk_" + blockId("/fault/corrupt", 1)), "the warning names the block:\n" + log.text());
      assertNoBlockFilePaths(log.text());
    }
    assertEquals(fallbacks + 1, DirectIoStatistics.fallbacks(), "one fallback for the corrupt replica");
    assertEquals(data.length, DirectIoStatistics.directBytes() - direct, "the other local replica served the block");
    FAULTS.incrementAndGet();
  }

  /**
   * A block file cut short behind its DataNode (Hadoop's {@code TestFileAppend3} TC7 truncates one
   * replica to zero bytes): the DataNode answers with the replica's length, not the file's, so the
   * client's open sees the short file and another replica serves the block. Answering with the
   * file's size made the direct reader return end of stream at once ("Unexpected EOS from the
   * reader") wherever the short replica was asked first.
   */
  @Test
  void truncatedBlockFileIsReadCorrectlyByFallback() throws IOException {
    byte[] data = write("/fault/truncated-zero", 5);
    java.io.File[] replica = localReplica("/fault/truncated-zero", 1);
    try (FileChannel ch = FileChannel.open(replica[0].toPath(), StandardOpenOption.WRITE)) {
      ch.truncate(0);
    }
    assertEquals(BLOCK, localReplicaLength("/fault/truncated-zero", 1), "the DataNode gives the replica's length");
    long fallbacks = DirectIoStatistics.fallbacks();
    long direct = DirectIoStatistics.directBytes();
    // Successive reads of a block rotate over its local replicas, so two reads meet the short one
    // once (first or second); it is then marked bad and the other replica serves the block.
    try (LogCapture log = clientLogs(); FileSystem fs = client()) {
      for (int read = 0; read < 2; read++) {
        assertArrayEquals(data, DirectIoTesting.readSequential(fs, new org.apache.hadoop.fs.Path("/fault/truncated-zero"), 65536));
      }
      assertNoBlockFilePaths(log.text());
    }
    assertEquals(fallbacks + 1, DirectIoStatistics.fallbacks(), "one fallback for the short replica");
    assertEquals(2L * data.length, DirectIoStatistics.directBytes() - direct, "the other local replica served the block");
  }

  @Test
  @Order(0)
  void blockFileCorruptedUnderAReader() throws IOException {
    byte[] data = write("/fault/corrupt-live", 2);
    java.io.File[] replica = localReplica("/fault/corrupt-live", 0);
    long fallbacks = DirectIoStatistics.fallbacks();
    long direct = DirectIoStatistics.directBytes();
    byte[] got = new byte[data.length];
    try (FileSystem fs = client(); FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path("/fault/corrupt-live"))) {
      in.readFully(got, 0, 10_000);
      assertTrue(DirectIoStatistics.directBytes() - direct >= 10_000, "the first bytes came directly");
      flipByte(replica[0], 100_000); // ahead of the reader, inside the same block
      readRest(in, got, 10_000);
    }
    assertArrayEquals(data, got);
    assertTrue(DirectIoStatistics.fallbacks() > fallbacks, "the checksum failure was counted as a fallback");
    FAULTS.incrementAndGet();
  }

  @Test
  @Order(1)
  void blockFilesDeletedUnderAReader() throws IOException {
    byte[] data = write("/fault/deleted", 3);
    java.io.File[] b0 = localReplica("/fault/deleted", 0);
    java.io.File[] b1 = localReplica("/fault/deleted", 1);
    java.io.File[] b2 = localReplica("/fault/deleted", 2);
    long fallbacks = DirectIoStatistics.fallbacks();
    long direct = DirectIoStatistics.directBytes();
    long unavailable = unavailableCount();
    byte[] got = new byte[data.length];
    try (LogCapture log = clientLogs(); FileSystem fs = client();
        FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path("/fault/deleted"))) {
      in.readFully(got, 0, 10_000);
      // The open block file stays readable through the passed descriptor; the next ones are gone.
      Files.delete(b0[0].toPath());
      Files.delete(b1[0].toPath());
      Files.delete(b2[1].toPath());
      readRest(in, got, 10_000);
      assertNoBlockFilePaths(log.text());
    }
    assertArrayEquals(data, got);
    // Blocks 1 and 2: the DataNode cannot open the missing file and says "not here"; the other
    // local replica serves them. Block 0 is read to its end through the descriptor it holds.
    assertEquals(data.length, DirectIoStatistics.directBytes() - direct, "every byte read directly");
    assertEquals(fallbacks, DirectIoStatistics.fallbacks(), "no direct read failed");
    assertEquals(unavailable + 2, unavailableCount(), "the DataNode counted the two replicas it could not open");
    FAULTS.incrementAndGet();
  }

  @Test
  @Order(2)
  void blockFileTruncatedUnderAReader() throws IOException {
    byte[] data = write("/fault/truncated", 5);
    java.io.File[] replica = localReplica("/fault/truncated", 0);
    long fallbacks = DirectIoStatistics.fallbacks();
    byte[] got = new byte[data.length];
    try (LogCapture log = clientLogs(); FileSystem fs = client();
        FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path("/fault/truncated"))) {
      in.readFully(got, 0, 10_000);
      try (FileChannel ch = FileChannel.open(replica[0].toPath(), StandardOpenOption.WRITE)) {
        ch.truncate(100_000); // ahead of the reader, inside the same block
      }
      readRest(in, got, 10_000);
      assertTrue(log.text().contains("blk_" + blockId("/fault/truncated", 0)), "the warning names the block:\n" + log.text());
      assertNoBlockFilePaths(log.text());
    }
    assertArrayEquals(data, got, "the written bytes, not the truncated file's");
    assertEquals(fallbacks + 1, DirectIoStatistics.fallbacks(), "the short block file was counted as a fallback");
    FAULTS.incrementAndGet();
  }

  @Test
  @Order(3)
  void dataNodeRestartedMidRead() throws Exception {
    byte[] data = write("/fault/restart", 4);
    int index = localReplicaNode("/fault/restart", 0);
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
    FAULTS.incrementAndGet();
  }

  @Test
  @Order(4)
  void dataNodeKilledMidReadReaderKeepsItsDescriptors() throws Exception {
    byte[] data = write("/fault/killed", 6);
    int index = localReplicaNode("/fault/killed", 0);
    byte[] got = new byte[data.length];
    long direct = DirectIoStatistics.directBytes();
    MiniDFSCluster.DataNodeProperties stopped;
    try (FileSystem fs = client(); FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path("/fault/killed"))) {
      in.readFully(got, 0, BLOCK / 2);
      stopped = DFS.cluster().stopDataNode(index);
      assertEquals(1, EndpointDirectory.sockets(SOCKETS).size(), "the stopped DataNode's endpoint is gone");
      readRest(in, got, BLOCK / 2);
    }
    assertArrayEquals(data, got);
    // Block 0 went on through the descriptors the dead DataNode had passed; the rest came from the live one.
    assertEquals(data.length, DirectIoStatistics.directBytes() - direct, "every byte read directly");
    assertTrue(DFS.cluster().restartDataNode(stopped, true), "DataNode back");
    DFS.cluster().waitActive();
    FAULTS.incrementAndGet();
  }

  @Test
  @Order(5)
  void socketFolderRemovedMidRead() throws Exception {
    byte[] data = write("/fault/nosockets", 7);
    long[] before = DirectIoStatistics.snapshot();
    byte[] got = new byte[data.length];
    try (FileSystem fs = client(); FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path("/fault/nosockets"))) {
      in.readFully(got, 0, 10_000);
      DirectIoTesting.deleteTree(SOCKETS); // the DataNodes still listen, but nobody can reach them
      readRest(in, got, 10_000);
    }
    assertArrayEquals(data, got);
    long[] after = DirectIoStatistics.snapshot();
    assertEquals(BLOCK, after[0] - before[0], "block 0 finished through its descriptors, nothing more direct");
    assertTrue(after[2] - before[2] >= 3, "blocks 1..3 were left to streaming and counted: " + (after[2] - before[2]));
    assertEquals(before[3], after[3], "no failed direct read");
    // Put the endpoints back for whatever runs later in this JVM's cluster.
    DFS.cluster().restartDataNodes(true);
    DFS.cluster().waitActive();
    assertEquals(2, EndpointDirectory.sockets(SOCKETS).size());
    FAULTS.incrementAndGet();
  }

  static final java.util.concurrent.atomic.AtomicInteger FAULTS = new java.util.concurrent.atomic.AtomicInteger();

  @AfterAll
  static void report() {
    System.out.println("FaultTest: faults injected under direct readers: " + FAULTS.get());
  }

  /** The DataNode whose replica the builder reads first for block {@code index}. */
  static int localReplicaNode(String name, int index) throws IOException {
    java.io.File data = localReplica(name, index)[0];
    for (int i = 0; i < DFS.cluster().getDataNodes().size(); i++) {
      LocatedBlock b = DFS.cluster().getFileSystem().getClient().getLocatedBlocks(name, 0).getLocatedBlocks().get(index);
      java.io.File f = DFS.cluster().getBlockFile(i, b.getBlock());
      if (f != null && f.equals(data)) {
        return i;
      }
    }
    throw new AssertionError("no DataNode holds " + data);
  }

  /** NOT_HERE answers of every running plugin of this cluster. */
  static long unavailableCount() {
    long n = 0;
    for (DataNode dn : DFS.cluster().getDataNodes()) {
      DirectIoDataNodePlugin p = DirectIoDataNodePlugin.running(EndpointDirectory.socketFor(SOCKETS, dn.getXferPort()));
      n += p == null ? 0 : p.unavailableCount();
    }
    return n;
  }
}
