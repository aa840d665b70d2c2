package org.hadoopopt.directio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.hadoopopt.directio.client.DirectIoStatistics;
import org.hadoopopt.directio.client.DirectReplicaAccessorBuilder;
import org.hadoopopt.directio.datanode.DirectIoDataNodePlugin;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;
import org.hadoopopt.directio.protocol.UnixSockets;
import org.hadoopopt.testing.MiniDfs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Load on one DataNode's endpoint (4 handlers, 1.5 s request timeout): thousands of direct reads
 * and failed requests leave this JVM (DataNode and client) with the descriptors it had; 64
 * concurrent readers all get the written bytes directly, also while silent callers (more of them
 * than handlers) hold connections open, which are dropped after the request timeout counted from
 * accept; no thread or descriptor growth. Prints the figures.
 */
class LoadTest {
  static final Path SOCKETS = DirectIoTesting.socketDir("load");
  static final int HANDLERS = 4;
  static final int REQUEST_TIMEOUT_MS = 1500;
  static final int READERS = 64;

  static Configuration conf() {
    Configuration c = DirectIoTesting.clusterConf(SOCKETS, true);
    c.setInt(DirectIoDataNodePlugin.HANDLERS, HANDLERS);
    c.setInt(DirectIoDataNodePlugin.REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS);
    return c;
  }

  @RegisterExtension
  static final MiniDfs DFS = new MiniDfs(1, conf());

  static final org.apache.hadoop.fs.Path FILE = new org.apache.hadoop.fs.Path("/load/f");
  static byte[] data;
  static List<LocatedBlock> blocks;

  @BeforeAll
  static void setUp() throws Exception {
    data = DirectIoTesting.content(23, 4 * DirectIoTesting.BLOCK + 77);
    DirectIoTesting.write(DFS.fs(), FILE, data, (short) 1);
    blocks = DFS.cluster().getFileSystem().getClient().getLocatedBlocks(FILE.toString(), 0).getLocatedBlocks();
  }

  static Path socket() {
    return EndpointDirectory.socketFor(SOCKETS, DFS.cluster().getDataNodes().get(0).getXferPort());
  }

  static FileSystem client(int timeoutMs) throws IOException {
    Configuration c = DirectIoTesting.directClient(DFS.conf(), SOCKETS);
    c.setInt(DirectReplicaAccessorBuilder.TIMEOUT_MS, timeoutMs);
    // No cached DataNode connections after streamed reads: their DataXceiver threads end with the read.
    c.setInt("dfs.client.socketcache.capacity", 0);
    return FileSystem.newInstance(DFS.cluster().getURI(), c);
  }

  /** {@code n} positional reads at random places, each checked; returns the bytes read. */
  static long preads(FSDataInputStream in, Random r, int n) throws IOException {
    long total = 0;
    for (int i = 0; i < n; i++) {
      int pos = r.nextInt(data.length - 1);
      byte[] got = new byte[Math.min(data.length - pos, 1 + r.nextInt(8192))];
      in.readFully(pos, got);
      assertArrayEquals(Arrays.copyOfRange(data, pos, pos + got.length), got, "pread at " + pos);
      total += got.length;
    }
    return total;
  }

  static int threads() {
    return ManagementFactory.getThreadMXBean().getThreadCount();
  }

  @Test
  void thousandsOfReadsAndFailedRequestsLeakNoDescriptor() throws Exception {
    ExtendedBlock b0 = blocks.get(0).getBlock();
    byte[] token = DirectIoTesting.tokenBytes(blocks.get(0));
    try (FileSystem fs = client(10_000); FSDataInputStream in = fs.open(FILE)) {
      preads(in, new Random(1), 50); // warm up: client, IPC, handler threads, class loading
      DirectIoTesting.ask(socket(), DirectIoTesting.descriptors(b0, new byte[0]));
      int fdBefore = DirectIoTesting.openDescriptors();
      long[] stats = DirectIoStatistics.snapshot();
      DirectIoDataNodePlugin plugin = DirectIoDataNodePlugin.running(socket());
      long served = plugin.servedCount();
      long refused = plugin.refusedCount();
      long notHere = plugin.unavailableCount();
      long lost = plugin.lostCount();
      long passed = plugin.passedCount();

      long bytes = preads(in, new Random(2), 2000); // each a new block reader: a descriptor request
      int failed = 0;
      for (int i = 0; i < 500; i++) { // no token: refused
        failed += expectNoDescriptors(DirectIoTesting.descriptors(b0, new byte[0]), PathReply.Status.REFUSED);
      }
      for (int i = 0; i < 300; i++) { // another generation: not here
        failed += expectNoDescriptors(DirectIoTesting.request(PathRequest.Op.DESCRIPTORS, b0, b0.getGenerationStamp() + 1,
            token), PathReply.Status.NOT_HERE);
      }
      for (int i = 0; i < 200; i++) { // garbage: dropped by the DataNode
        try (SocketChannel ch = UnixSockets.connect(socket())) {
          ch.write(ByteBuffer.wrap("GET / HTTP/1.0\r\n\r\n".getBytes("US-ASCII")));
          while (ch.read(ByteBuffer.allocate(64)) >= 0) {
            // until the DataNode closes
          }
        }
        failed++;
      }
      for (int i = 0; i < 200; i++) { // a valid request whose caller leaves before the reply
        try (SocketChannel ch = UnixSockets.connect(socket())) {
          java.io.DataOutputStream out = new java.io.DataOutputStream(java.nio.channels.Channels.newOutputStream(ch));
          DirectIoTesting.descriptors(b0, token).write(out);
          out.flush();
        }
        failed++;
      }
      Thread.sleep(500); // let the handlers finish the abandoned requests
      long[] after = DirectIoStatistics.snapshot();
      int fdAfter = DirectIoTesting.openDescriptors();
      assertEquals(bytes, after[0] - stats[0], "every pread byte direct");
      assertEquals(stats[3], after[3], "no fallback");
      assertTrue(plugin.servedCount() - served >= 2000, "descriptor requests served: " + (plugin.servedCount() - served));
      assertEquals(700, plugin.refusedCount() - refused, "500 refused, 200 malformed dropped");
      assertEquals(300, plugin.unavailableCount() - notHere);
      long abandoned = plugin.lostCount() - lost;
      long sent = plugin.passedCount() - passed;
      assertTrue(abandoned <= 200, "replies lost: " + abandoned);
      assertEquals(plugin.servedCount() - served, sent + abandoned, "every served request passed or lost");
      assertTrue(fdAfter - fdBefore <= 2, "descriptors " + fdBefore + " -> " + fdAfter);
      System.out.println("LoadTest: 2000 direct preads (" + (plugin.servedCount() - served) + " descriptor requests served, "
          + bytes + " bytes) and " + failed + " failed/abandoned requests (" + abandoned + " replies found no caller);"
          + " JVM descriptors " + fdBefore + " -> " + fdAfter);
    }
  }

  static int expectNoDescriptors(PathRequest request, PathReply.Status status) throws IOException {
    DirectIoTesting.Answer a = DirectIoTesting.ask(socket(), request);
    assertEquals(status, a.status(), a.toString());
    assertEquals(0, a.descriptors);
    return 1;
  }

  @Test
  void sixtyFourConcurrentReadersSucceedOrStreamAndNothingGrows() throws Exception {
    try (FileSystem fast = client(10_000)) {
      try (FSDataInputStream in = fast.open(FILE)) {
        preads(in, new Random(3), 20);
      }
      System.gc();
      int threadsBefore = threads();
      int fdBefore = DirectIoTesting.openDescriptors();

      // Round 1: 64 readers at once against 4 handlers: all direct.
      long[] s0 = DirectIoStatistics.snapshot();
      long bytes = runReaders(fast, 10);
      long[] s1 = DirectIoStatistics.snapshot();
      assertEquals(bytes, s1[0] - s0[0], "round 1: every byte direct");
      assertEquals(s0[2], s1[2], "round 1: nothing streamed");

      // Round 2: silent callers, four times as many as handlers, hold connections; readers still get
      // every block directly: silent connections hold no handler (HostileCallerTest floods harder).
      List<SocketChannel> silent = new ArrayList<>();
      long start = System.nanoTime();
      for (int i = 0; i < 4 * HANDLERS; i++) {
        silent.add(UnixSockets.connect(socket()));
      }
      long bytes2 = runReaders(fast, 3);
      long[] s2 = DirectIoStatistics.snapshot();
      long streamed = bytes2 - (s2[0] - s1[0]);
      assertEquals(bytes2, s2[0] - s1[0], "round 2: every byte direct while silent callers hold connections");
      assertEquals(s1[2], s2[2], "round 2: no block read left to streaming");
      // The DataNode drops each silent caller after its request timeout (not before).
      for (SocketChannel ch : silent) {
        int r = ch.read(ByteBuffer.allocate(8));
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertEquals(-1, r, "dropped");
        assertTrue(ms >= REQUEST_TIMEOUT_MS * 9 / 10, "dropped after " + ms + " ms, timeout " + REQUEST_TIMEOUT_MS);
        ch.close();
      }
      long droppedAfter = (System.nanoTime() - start) / 1_000_000;

      // Round 3: handlers free again: direct.
      long[] s3 = DirectIoStatistics.snapshot();
      long bytes3 = runReaders(fast, 5);
      long[] s4 = DirectIoStatistics.snapshot();
      assertEquals(bytes3, s4[0] - s3[0], "round 3: every byte direct again");

      // Handlers finish the requests abandoned by timed-out readers; the streamed reads' cached
      // DataNode connections (and their DataXceiver threads) expire after HDFS's keep-alive.
      int threadsAfter = threads();
      int fdAfter = DirectIoTesting.openDescriptors();
      long settle = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while ((threadsAfter - threadsBefore > 4 || fdAfter - fdBefore > 2) && System.nanoTime() < settle) {
        Thread.sleep(500);
        threadsAfter = threads();
        fdAfter = DirectIoTesting.openDescriptors();
      }
      assertTrue(threadsAfter - threadsBefore <= 4, "threads " + threadsBefore + " -> " + threadsAfter);
      assertTrue(fdAfter - fdBefore <= 2, "descriptors " + fdBefore + " -> " + fdAfter);
      System.out.println("LoadTest: " + READERS + " concurrent readers on " + HANDLERS + " handlers: round 1 " + bytes
          + " bytes all direct; round 2 (" + silent.size() + " silent connections) " + bytes2
          + " bytes, " + streamed + " streamed, silent callers dropped after "
          + droppedAfter + " ms (timeout " + REQUEST_TIMEOUT_MS + "); round 3 " + bytes3 + " bytes all direct; threads "
          + threadsBefore + " -> " + threadsAfter + ", descriptors " + fdBefore + " -> " + fdAfter);
    }
  }

  /** {@link #READERS} threads started together, each doing {@code n} checked preads on its own stream. */
  static long runReaders(FileSystem fs, int n) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(READERS);
    CyclicBarrier go = new CyclicBarrier(READERS);
    try {
      List<Future<Long>> results = new ArrayList<>();
      for (int t = 0; t < READERS; t++) {
        final int seed = t;
        Callable<Long> reader = () -> {
          try (FSDataInputStream in = fs.open(FILE)) {
            go.await(30, TimeUnit.SECONDS);
            return preads(in, new Random(100 + seed), n);
          }
        };
        results.add(pool.submit(reader));
      }
      long total = 0;
      for (Future<Long> f : results) {
        total += f.get(120, TimeUnit.SECONDS);
      }
      return total;
    } finally {
      pool.shutdown();
      assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
    }
  }
}
