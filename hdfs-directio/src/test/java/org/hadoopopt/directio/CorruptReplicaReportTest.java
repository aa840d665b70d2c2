package org.hadoopopt.directio;

import static org.hadoopopt.directio.DirectIoTesting.BLOCK;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.ReplicaAccessor;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.log4j.Level;
import org.hadoopopt.directio.client.DirectIoStatistics;
import org.hadoopopt.directio.client.DirectReplicaAccessorBuilder;
import org.hadoopopt.directio.client.EndpointClient;
import org.hadoopopt.directio.datanode.DirectIoDataNodePlugin;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;
import org.hadoopopt.testing.MiniDfs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.hadoopopt.testing.LogCapture;

/**
 * Which replica the NameNode hears is corrupt, direct reads against stock reads in the same
 * cluster: three DataNodes on one host (all "local"), replication 3, block tokens on. Each
 * scenario corrupts some replicas of a file's first block on disk, reads the file once through our
 * client and once (another file, same corruption) through a stock client, and counts the
 * NameNode's corrupt-replica reports (its own DEBUG log of each report) and records, by DataNode.
 * Ours must report every corrupt replica it read and never a healthy one, and return the bytes
 * written.
 */
class CorruptReplicaReportTest {
  static final Path SOCKETS = DirectIoTesting.socketDir("crr");
  static final Pattern REPORT = Pattern.compile("(blk_\\d+)_\\d+ (?:added as corrupt|to add as corrupt) on [^ ]*:(\\d+) ");

  @RegisterExtension
  static final MiniDfs DFS = new MiniDfs(3, DirectIoTesting.clusterConf(SOCKETS, true));

  static final Map<String, int[]> TOTALS = new TreeMap<>();
  /** A DataNode sends queued bad-block reports with its heartbeats (every 3 s by default). */
  static final long HEARTBEAT_MS = 3500;
  static int scenario;

  /** What the NameNode heard about one block: reports (by DataNode index) and records. */
  static final class Heard {
    final List<Integer> reports = new ArrayList<>();
    Set<Integer> records = new TreeSet<>();

    @Override
    public String toString() {
      return "reports " + reports + ", records " + records;
    }
  }

  static MiniDFSCluster cluster() {
    return DFS.cluster();
  }

  /** Client settings shared by both readers: HDFS's retry back-off shortened (it only adds waiting). */
  static Configuration clientBase() {
    Configuration conf = DFS.conf();
    conf.setInt("dfs.client.retry.window.base", 10);
    return conf;
  }

  static Path socketOf(int dn) {
    return EndpointDirectory.socketFor(SOCKETS, cluster().getDataNodes().get(dn).getXferPort());
  }

  static LocatedBlock firstBlock(String file) throws IOException {
    return cluster().getFileSystem().getClient().getLocatedBlocks(file, 0).getLocatedBlocks().get(0);
  }

  /** Writes a 2-block file with 3 replicas and corrupts its first block's replica on each of {@code bad}. */
  static byte[] writeCorrupted(String file, Set<Integer> bad, long seed) throws IOException {
    byte[] data = DirectIoTesting.content(seed, BLOCK + 1000);
    DirectIoTesting.write(DFS.fs(), new org.apache.hadoop.fs.Path(file), data, (short) 3);
    ExtendedBlock b = firstBlock(file).getBlock();
    for (int dn : bad) {
      DirectIoTesting.flipByte(cluster().getBlockFile(dn, b), 1234);
    }
    return data;
  }

  static Heard heard(LogCapture log, ExtendedBlock b) {
    Heard h = new Heard();
    Matcher m = REPORT.matcher(log.text());
    while (m.find()) {
      if (m.group(1).equals("blk_" + b.getBlockId())) {
        h.reports.add(DirectIoTesting.dataNodeIndex(cluster(), Integer.parseInt(m.group(2))));
      }
    }
    h.records = DirectIoTesting.corruptReplicaRecords(cluster(), b);
    return h;
  }

  /** Waits (at most 30 s) until the NameNode records every DataNode of {@code want} as corrupt. */
  static void awaitRecords(ExtendedBlock b, Set<Integer> want) throws InterruptedException {
    long end = System.currentTimeMillis() + 30_000;
    while (!DirectIoTesting.corruptReplicaRecords(cluster(), b).containsAll(want) && System.currentTimeMillis() < end) {
      Thread.sleep(100);
    }
  }

  static long corruptReported(Set<Integer> dns) {
    long n = 0;
    for (int dn : dns) {
      n += DirectIoDataNodePlugin.running(socketOf(dn)).corruptReportedCount();
    }
    return n;
  }

  static void count(String key, Heard h) {
    int[] t = TOTALS.computeIfAbsent(key, k -> new int[2]);
    t[0] += h.reports.size();
    t[1] += h.records.size();
  }

  /**
   * One scenario: our client reads a file whose replicas on {@code bad} are corrupt, asking the
   * local DataNodes in the order bad ones first (so its direct read meets each corrupt replica);
   * a stock client reads a second file corrupted the same way.
   */
  static void scenario(Integer... badDns) throws Exception {
    Set<Integer> bad = new TreeSet<>(Arrays.asList(badDns));
    int n = ++scenario;
    List<Path> order = new ArrayList<>();
    for (int dn : bad) {
      order.add(socketOf(dn));
    }
    for (int dn = 0; dn < 3; dn++) {
      if (!bad.contains(dn)) {
        order.add(socketOf(dn));
      }
    }
    String ours = "/crr/ours-" + n;
    String stock = "/crr/stock-" + n;
    byte[] oursData = writeCorrupted(ours, bad, 10 * n);
    byte[] stockData = writeCorrupted(stock, bad, 10 * n + 1);
    ExtendedBlock oursBlock = firstBlock(ours).getBlock();
    ExtendedBlock stockBlock = firstBlock(stock).getBlock();

    Heard oursHeard;
    Heard stockHeard;
    long[] before = DirectIoStatistics.snapshot();
    long reportedBefore = corruptReported(bad);
    try (LogCapture log = LogCapture.of(Level.DEBUG, "BlockStateChange")) {
      Path dir = DirectIoTesting.orderedSocketDir("crr-" + n, order);
      try (FileSystem fs = FileSystem.newInstance(cluster().getURI(), DirectIoTesting.directClient(clientBase(), dir))) {
        assertArrayEquals(oursData, DirectIoTesting.readSequential(fs, new org.apache.hadoop.fs.Path(ours), 65536),
            "direct read of " + ours + " with corrupt replicas on " + bad);
      }
      try (FileSystem fs = FileSystem.newInstance(cluster().getURI(), clientBase())) {
        assertArrayEquals(stockData, DirectIoTesting.readSequential(fs, new org.apache.hadoop.fs.Path(stock), 65536),
            "stock read of " + stock + " with corrupt replicas on " + bad);
      }
      awaitRecords(oursBlock, bad);
      Thread.sleep(HEARTBEAT_MS); // reports a DataNode queued after the first one reached the NameNode
      oursHeard = heard(log, oursBlock);
      stockHeard = heard(log, stockBlock);
    }
    long[] after = DirectIoStatistics.snapshot();
    System.out.println("corrupt-replica reports, corrupt replicas on DataNodes " + bad + ": ours " + oursHeard
        + "; stock " + stockHeard);
    count("ours", oursHeard);
    count("stock", stockHeard);

    // Our client read every corrupt replica directly, and the rest of the file directly too.
    assertEquals(bad.size(), after[3] - before[3], "one fallback per corrupt replica read");
    assertEquals(oursData.length, after[0] - before[0], "every byte came from a local block file");
    assertEquals(reportedBefore + bad.size(), corruptReported(bad),
        "each DataNode with a corrupt replica checked and reported it");
    assertEquals(bad.size(), after[6] - before[6], "the client saw each DataNode confirm");
    assertEquals(0, after[5] - before[5], "no ChecksumException: every replica is local, HDFS may have chosen another");
    assertEquals(bad, oursHeard.records, "the NameNode records exactly the corrupt replicas: " + oursHeard);
    assertTrue(bad.containsAll(oursHeard.reports), "a healthy replica was reported: " + oursHeard);
    assertTrue(bad.containsAll(stockHeard.records) && bad.containsAll(stockHeard.reports),
        "stock reported a healthy replica: " + stockHeard);
  }

  @Test
  void eachReplicaCorruptInTurn() throws Exception {
    scenario(0);
    scenario(1);
    scenario(2);
  }

  @Test
  void twoReplicasCorruptAtOnce() throws Exception {
    scenario(0, 1);
    scenario(1, 2);
  }

  /**
   * Re-reading a block meets every corrupt local replica, as re-reading through HDFS's own replica
   * choice does (Hadoop's {@code TestClientReportBadBlock} re-reads a file with positional reads
   * until the NameNode has dropped its two corrupt replicas). Replicas on DataNodes 0 and 2 corrupt,
   * the builder's name order 0, 1, 2 (the healthy one in the middle): three positional reads of
   * the block must get both corrupt replicas, and only those, recorded by the NameNode, every byte
   * right and direct. If each read after the first were served by the same healthy replica,
   * DataNode 2's replica would never be read, nor reported.
   */
  @Test
  void rereadingABlockMeetsEveryCorruptReplica() throws Exception {
    int n = ++scenario;
    Set<Integer> bad = new TreeSet<>(Arrays.asList(0, 2));
    String file = "/crr/reread-" + n;
    byte[] data = writeCorrupted(file, bad, 10 * n);
    ExtendedBlock blk = firstBlock(file).getBlock();
    long[] before = DirectIoStatistics.snapshot();
    long reportedBefore = corruptReported(bad);
    Path dir = DirectIoTesting.orderedSocketDir("crr-" + n, Arrays.asList(socketOf(0), socketOf(1), socketOf(2)));
    int reads = 3;
    try (FileSystem fs = FileSystem.newInstance(cluster().getURI(), DirectIoTesting.directClient(clientBase(), dir))) {
      for (int i = 0; i < reads; i++) {
        try (org.apache.hadoop.fs.FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path(file))) {
          byte[] buf = new byte[4096];
          in.readFully(2, buf); // covers the corrupt chunk at block offset 1024
          assertArrayEquals(Arrays.copyOfRange(data, 2, 2 + buf.length), buf, "positional read " + i + " of " + file);
        }
      }
    }
    awaitRecords(blk, bad);
    long[] after = DirectIoStatistics.snapshot();
    assertEquals(bad, DirectIoTesting.corruptReplicaRecords(cluster(), blk),
        "after " + reads + " positional reads the NameNode records exactly the corrupt replicas");
    assertEquals(reportedBefore + bad.size(), corruptReported(bad), "each corrupt replica's DataNode checked and reported it");
    assertEquals(bad.size(), after[3] - before[3], "one fallback per corrupt replica read");
    assertEquals(reads * 4096L, after[0] - before[0], "every byte returned came from a local block file");
  }

  /** A file with one replica, on {@code dn}, corrupted at block offset 1234. */
  static String singleReplica(String file, int dn) throws IOException {
    byte[] data = DirectIoTesting.content(file.hashCode(), BLOCK / 2);
    DistributedFileSystem fs = cluster().getFileSystem();
    DirectIoTesting.writeOn(fs, new org.apache.hadoop.fs.Path(file), data,
        new java.net.InetSocketAddress("127.0.0.1", cluster().getDataNodes().get(dn).getXferPort()));
    LocatedBlock b = firstBlock(file);
    assertEquals(1, b.getLocations().length);
    assertEquals(cluster().getDataNodes().get(dn).getXferPort(), b.getLocations()[0].getXferPort());
    DirectIoTesting.flipByte(cluster().getBlockFile(dn, b.getBlock()), 1234);
    return file;
  }

  @Test
  void directChecksumErrorIsAChecksumExceptionNamingTheBlock() throws Exception {
    String file = singleReplica("/crr/single-accessor", 1);
    ExtendedBlock blk = firstBlock(file).getBlock();
    ReplicaAccessor accessor = accessorFor(file);
    byte[] buf = new byte[(int) blk.getNumBytes()];
    long reported = corruptReported(Set.of(1));
    long checksumExceptions = DirectIoStatistics.checksumExceptions();
    ChecksumException e = assertThrows(ChecksumException.class, () -> accessor.read(0, buf, 0, buf.length));
    accessor.close();
    assertEquals(1024, e.getPos(), "offset of the 512-byte chunk holding the bad byte");
    String msg = e.getMessage();
    assertTrue(msg.contains(blk.getBlockPoolId()) && msg.contains("blk_" + blk.getBlockId() + "_" + blk.getGenerationStamp())
        && msg.contains("1024"), msg);
    assertFalse(msg.contains(cluster().getDataDirectory()), msg);
    assertEquals(1, DirectIoStatistics.checksumExceptions() - checksumExceptions);
    assertEquals(reported + 1, corruptReported(Set.of(1)), "the DataNode checked and reported its replica");
    awaitRecords(blk, Set.of(1));
    assertEquals(Set.of(1), DirectIoTesting.corruptReplicaRecords(cluster(), blk));
  }

  /** Our builder's accessor for the first block of {@code file}, built as HDFS builds it. */
  static ReplicaAccessor accessorFor(String file) throws IOException {
    LocatedBlock b = firstBlock(file);
    ExtendedBlock blk = b.getBlock();
    DirectReplicaAccessorBuilder builder = new DirectReplicaAccessorBuilder();
    builder.setFileName(file).setBlock(blk.getBlockId(), blk.getBlockPoolId()).setGenerationStamp(blk.getGenerationStamp())
        .setBlockAccessToken(DirectIoTesting.tokenBytes(b)).setClientName("test").setVerifyChecksum(true)
        .setAllowShortCircuitReads(true).setVisibleLength(blk.getNumBytes())
        .setConfiguration(DirectIoTesting.directClient(clientBase(), SOCKETS));
    ReplicaAccessor accessor = builder.build();
    assertNotNull(accessor, "the builder opened the local replica of " + file);
    return accessor;
  }

  @Test
  void noChecksumExceptionFromADataNodeThatFailedBefore() throws Exception {
    // After a failure HDFS may have set that DataNode aside for the stream and chosen another one,
    // which a ChecksumException would make it blame: the second error is a plain IOException.
    String first = singleReplica("/crr/failed-before-1", 2);
    String second = singleReplica("/crr/failed-before-2", 2);
    long checksumExceptions = DirectIoStatistics.checksumExceptions();
    byte[] buf = new byte[BLOCK / 2];
    ReplicaAccessor a1 = accessorFor(first);
    assertThrows(ChecksumException.class, () -> a1.read(0, buf, 0, buf.length));
    a1.close();
    ReplicaAccessor a2 = accessorFor(second);
    IOException e = assertThrows(IOException.class, () -> a2.read(0, buf, 0, buf.length));
    a2.close();
    assertFalse(e instanceof ChecksumException, e.toString());
    assertTrue(e.getMessage().contains("blk_" + firstBlock(second).getBlock().getBlockId())
        && e.getMessage().contains("failed before") && e.getMessage().contains("confirmed"), e.getMessage());
    assertEquals(1, DirectIoStatistics.checksumExceptions() - checksumExceptions);
    awaitRecords(firstBlock(second).getBlock(), Set.of(2));
    assertEquals(Set.of(2), DirectIoTesting.corruptReplicaRecords(cluster(), firstBlock(second).getBlock()),
        "the DataNode reported its replica itself");
  }

  @Test
  void onlyLocalReplicaCorruptFailsTheReadAndIsReported() throws Exception {
    String ours = singleReplica("/crr/single-ours", 0);
    String stock = singleReplica("/crr/single-stock", 0);
    long checksumExceptions = DirectIoStatistics.checksumExceptions();
    Heard oursHeard;
    Heard stockHeard;
    try (LogCapture log = LogCapture.of(Level.DEBUG, "BlockStateChange")) {
      try (FileSystem fs = FileSystem.newInstance(cluster().getURI(), DirectIoTesting.directClient(clientBase(), SOCKETS))) {
        assertThrows(IOException.class, () -> DirectIoTesting.readSequential(fs, new org.apache.hadoop.fs.Path(ours), 65536));
      }
      try (FileSystem fs = FileSystem.newInstance(cluster().getURI(), clientBase())) {
        assertThrows(IOException.class, () -> DirectIoTesting.readSequential(fs, new org.apache.hadoop.fs.Path(stock), 65536));
      }
      awaitRecords(firstBlock(ours).getBlock(), Set.of(0));
      Thread.sleep(HEARTBEAT_MS);
      oursHeard = heard(log, firstBlock(ours).getBlock());
      stockHeard = heard(log, firstBlock(stock).getBlock());
    }
    System.out.println("corrupt-replica reports, only replica corrupt on DataNode 0: ours " + oursHeard + "; stock "
        + stockHeard);
    count("ours", oursHeard);
    count("stock", stockHeard);
    assertTrue(DirectIoStatistics.checksumExceptions() > checksumExceptions,
        "the direct read's checksum error reached HDFS as a ChecksumException");
    assertEquals(Set.of(0), oursHeard.records, oursHeard.toString());
    assertEquals(Set.of(0), stockHeard.records, stockHeard.toString());
  }

  @Test
  void aDataNodeReportsOnlyWhatItFindsBadItself() throws Exception {
    String file = "/crr/verify";
    writeCorrupted(file, Set.of(2), 99);
    LocatedBlock b = firstBlock(file);
    LocatedBlock other = cluster().getFileSystem().getClient().getLocatedBlocks(file, 0).getLocatedBlocks().get(1);
    ExtendedBlock blk = b.getBlock();
    byte[] token = DirectIoTesting.tokenBytes(b);
    long reported0 = corruptReported(Set.of(0, 1, 2));
    long verified1 = DirectIoDataNodePlugin.running(socketOf(1)).verifiedCount();
    // A healthy replica: checked, found intact, not reported.
    PathReply healthy = EndpointClient.ask(socketOf(1), verify(blk, blk.getGenerationStamp(), 1234, token));
    assertEquals(PathReply.Status.INTACT, healthy.status, healthy.toString());
    assertEquals(verified1 + 1, DirectIoDataNodePlugin.running(socketOf(1)).verifiedCount());
    // The corrupt replica, asked about a chunk that is fine: intact, not reported.
    PathReply wrongChunk = EndpointClient.ask(socketOf(2), verify(blk, blk.getGenerationStamp(), 5000, token));
    assertEquals(PathReply.Status.INTACT, wrongChunk.status, wrongChunk.toString());
    // No token, another block's token, another generation stamp, an offset past the end: refused, not checked.
    PathReply noToken = EndpointClient.ask(socketOf(2), verify(blk, blk.getGenerationStamp(), 1234, new byte[0]));
    PathReply otherToken = EndpointClient.ask(socketOf(2),
        verify(blk, blk.getGenerationStamp(), 1234, DirectIoTesting.tokenBytes(other)));
    PathReply otherGs = EndpointClient.ask(socketOf(2), verify(blk, blk.getGenerationStamp() + 1, 1234, token));
    PathReply pastEnd = EndpointClient.ask(socketOf(2), verify(blk, blk.getGenerationStamp(), blk.getNumBytes(), token));
    assertEquals(PathReply.Status.REFUSED, noToken.status, noToken.toString());
    assertEquals(PathReply.Status.REFUSED, otherToken.status, otherToken.toString());
    assertEquals(PathReply.Status.NOT_HERE, otherGs.status, otherGs.toString());
    assertEquals(PathReply.Status.REFUSED, pastEnd.status, pastEnd.toString());
    Thread.sleep(HEARTBEAT_MS);
    assertEquals(reported0, corruptReported(Set.of(0, 1, 2)), "nothing reported");
    assertEquals(Set.of(), DirectIoTesting.corruptReplicaRecords(cluster(), blk));
    // The bad chunk itself: the DataNode finds it and reports its replica, and only that one.
    PathReply bad = EndpointClient.ask(socketOf(2), verify(blk, blk.getGenerationStamp(), 1234, token));
    assertEquals(PathReply.Status.CORRUPT, bad.status, bad.toString());
    assertFalse(bad.reason.contains("/"), bad.reason);
    awaitRecords(blk, Set.of(2));
    assertEquals(Set.of(2), DirectIoTesting.corruptReplicaRecords(cluster(), blk));
    assertEquals(reported0 + 1, corruptReported(Set.of(0, 1, 2)));
  }

  static PathRequest verify(ExtendedBlock b, long gs, long offset, byte[] token) {
    return PathRequest.verify(b.getBlockPoolId(), b.getBlockId(), gs, offset, token);
  }

  @AfterAll
  static void printTotals() {
    for (Map.Entry<String, int[]> e : TOTALS.entrySet()) {
      System.out.println("corrupt-replica totals, " + e.getKey() + ": " + e.getValue()[0] + " NameNode reports, "
          + e.getValue()[1] + " corrupt replica records");
    }
  }
}
