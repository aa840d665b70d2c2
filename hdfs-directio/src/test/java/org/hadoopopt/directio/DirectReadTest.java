package org.hadoopopt.directio;

import static org.hadoopopt.directio.DirectIoTesting.BLOCK;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.hadoopopt.directio.client.DirectIoStatistics;
import org.hadoopopt.directio.client.DirectReplicaAccessorBuilder;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.testing.MiniDfs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Two DataNodes with the plugin, block tokens on: every read mode (descriptors passed, the default;
 * and the weaker path mode, which these DataNodes also serve) returns the bytes written, and
 * the bytes really come from the block files (direct counters, HDFS short-circuit statistics).
 */
class DirectReadTest {
  static final Path SOCKETS = DirectIoTesting.socketDir("read");

  @RegisterExtension
  static final MiniDfs DFS = new MiniDfs(2, conf());

  /** The DataNodes also serve the weaker path mode here, so both hand-offs run on the same replicas. */
  static Configuration conf() {
    Configuration c = DirectIoTesting.clusterConf(SOCKETS, true);
    org.hadoopopt.directio.datanode.CallerPolicy.setServePaths(c, true);
    return c;
  }

  static long passed() {
    long n = 0;
    for (org.apache.hadoop.hdfs.server.datanode.DataNode dn : DFS.cluster().getDataNodes()) {
      n += org.hadoopopt.directio.datanode.DirectIoDataNodePlugin.running(
          EndpointDirectory.socketFor(SOCKETS, dn.getXferPort())).passedCount();
    }
    return n;
  }

  static final Map<org.apache.hadoop.fs.Path, byte[]> FILES = new LinkedHashMap<>();

  @BeforeAll
  static void writeFiles() throws IOException {
    int[] sizes = {0, 1000, BLOCK, 3 * BLOCK + 777};
    for (int i = 0; i < sizes.length; i++) {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/read/f" + i);
      byte[] data = DirectIoTesting.content(100 + i, sizes[i]);
      DirectIoTesting.write(DFS.fs(), p, data, (short) 2);
      FILES.put(p, data);
    }
  }

  @Test
  void everyDataNodeListensOnItsOwnSocket() throws IOException {
    assertEquals(2, EndpointDirectory.sockets(SOCKETS).size(), "sockets in " + SOCKETS);
  }

  @ParameterizedTest(name = "verify={0} mode={1} buffer={2} handoff={3}")
  @CsvSource({"true,buffered,1048576,descriptors", "true,buffered,4096,descriptors", "false,buffered,1048576,descriptors",
      "true,o_direct,1048576,descriptors", "false,o_direct,8192,descriptors", "true,buffered,1048576,paths",
      "false,o_direct,8192,paths"})
  void directReadsReturnTheWrittenBytes(boolean verify, String mode, int buffer, String handoff) throws IOException {
    Configuration conf = DirectIoTesting.directClient(DFS.conf(), SOCKETS);
    conf.set(DirectReplicaAccessorBuilder.IO_MODE, mode);
    conf.set(DirectReplicaAccessorBuilder.HANDOFF, handoff);
    long passedBefore = passed();
    DirectReplicaAccessorBuilder.setBufferBytes(conf, buffer);
    long directBefore = DirectIoStatistics.directBytes();
    long fallbacksBefore = DirectIoStatistics.fallbacks();
    long total = 0;
    try (FileSystem fs = FileSystem.newInstance(DFS.cluster().getURI(), conf)) {
      fs.setVerifyChecksum(verify);
      for (Map.Entry<org.apache.hadoop.fs.Path, byte[]> f : FILES.entrySet()) {
        byte[] want = f.getValue();
        assertArrayEquals(want, DirectIoTesting.readSequential(fs, f.getKey(), 128 * 1024), "128 KB reads of " + f.getKey());
        assertArrayEquals(want, DirectIoTesting.readSequential(fs, f.getKey(), 777), "777-byte reads of " + f.getKey());
        assertArrayEquals(want, DirectIoTesting.readByteBuffers(fs, f.getKey(), 100_000), "ByteBuffer reads of " + f.getKey());
        total += 3L * want.length;
        if (want.length > 0) {
          DirectIoTesting.checkRandomAccess(fs, f.getKey(), want, want.length);
        }
      }
    }
    assertTrue(DirectIoStatistics.directBytes() - directBefore >= total,
        "bytes read directly " + (DirectIoStatistics.directBytes() - directBefore) + " < bytes read " + total);
    assertEquals(fallbacksBefore, DirectIoStatistics.fallbacks(), "no fallback expected");
    if (handoff.equals("descriptors")) {
      assertTrue(passed() - passedBefore > 0, "the DataNodes passed descriptors");
    } else {
      assertEquals(passedBefore, passed(), "the path mode passes no descriptor");
    }
  }

  @Test
  void hdfsCountsDirectBytesAsShortCircuitAndStreamingCountsNone() throws IOException {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/read/f3");
    byte[] want = FILES.get(p);
    try (FileSystem fs = FileSystem.newInstance(DFS.cluster().getURI(), DirectIoTesting.directClient(DFS.conf(), SOCKETS));
        FSDataInputStream in = fs.open(p)) {
      byte[] got = new byte[want.length];
      in.readFully(got);
      assertArrayEquals(want, got);
      HdfsDataInputStream h = (HdfsDataInputStream) in;
      assertEquals(want.length, h.getReadStatistics().getTotalShortCircuitBytesRead());
    }
    long directBefore = DirectIoStatistics.directBytes();
    try (FileSystem fs = FileSystem.newInstance(DFS.cluster().getURI(), DFS.conf());
        FSDataInputStream in = fs.open(p)) {
      byte[] got = new byte[want.length];
      in.readFully(got);
      assertArrayEquals(want, got, "plain HDFS client");
      assertEquals(0, ((HdfsDataInputStream) in).getReadStatistics().getTotalShortCircuitBytesRead());
    }
    assertEquals(directBefore, DirectIoStatistics.directBytes(), "a client without the builder reads nothing directly");
  }

  @Test
  void fileUnderConstructionIsStreamedThenReadDirectlyOnceClosed() throws IOException {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/read/open");
    byte[] data = DirectIoTesting.content(7, 2 * BLOCK + 5000);
    try (FileSystem fs = FileSystem.newInstance(DFS.cluster().getURI(), DirectIoTesting.directClient(DFS.conf(), SOCKETS))) {
      FSDataOutputStream out = DFS.fs().create(p, (short) 2);
      try {
        out.write(data);
        out.hflush();
        long directBefore = DirectIoStatistics.directBytes();
        assertArrayEquals(data, DirectIoTesting.readSequential(fs, p, 64 * 1024), "under construction");
        assertEquals(directBefore, DirectIoStatistics.directBytes(), "a file under construction must not be read directly");
      } finally {
        out.close();
      }
      long directBefore = DirectIoStatistics.directBytes();
      assertArrayEquals(data, DirectIoTesting.readSequential(fs, p, 64 * 1024), "closed");
      assertEquals(data.length, DirectIoStatistics.directBytes() - directBefore, "closed file read directly");
    }
  }
}
