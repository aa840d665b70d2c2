package org.hadoopopt.directio;

import static org.hadoopopt.directio.DirectIoTesting.BLOCK;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.hadoopopt.directio.client.DirectIoStatistics;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;
import org.hadoopopt.testing.Scripts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * End to end on {@code bin/cluster --hdfs-only} with two DataNodes, each its own JVM: the plugin
 * classes reach them with {@code --extra-classpath}, the {@code conf/} DataNode snippet with
 * {@code --set}. Clients are {@code bin/hadoop ... DirectIoCheck} (a separate JVM, as a user runs
 * it) and this JVM (for seeks, positional reads, files under construction, mixed replicas and the
 * security checks against the DataNode process).
 */
class ClusterScriptDirectReadTest {
  static final int BASE_PORT = Scripts.freeBasePort(46); // bin/cluster uses P..P+45 with two DataNodes
  static final int DN0_XFER = BASE_PORT + 40; // bin/cluster's port plan: DataNode i transfers on P+40+3i
  static final int DN1_XFER = BASE_PORT + 43;
  static final Path DIR = Paths.get("target", "cl").toAbsolutePath();
  static final Path SOCKETS = DIR.resolve("sock");
  static final Path CLASSES = Paths.get("target", "classes").toAbsolutePath();

  static Path confDir;
  static Configuration clusterConf;
  static URI uri;

  @BeforeAll
  static void startCluster() throws Exception {
    Scripts.run(120, "cluster", "stop", "--dir", DIR.toString()); // a run killed earlier may have left daemons
    DirectIoTesting.deleteTree(DIR);
    List<String> args = new ArrayList<>(List.of("start", "--hdfs-only", "--datanodes", "2", "--dir", DIR.toString(),
        "--base-port", String.valueOf(BASE_PORT), "--extra-classpath", CLASSES.toString()));
    Configuration dn = snippet("hdfs-directio-datanode-site.xml");
    EndpointDirectory.setSocketDir(dn, SOCKETS.toString());
    for (Map.Entry<String, String> e : dn) {
      args.add("--set");
      args.add(e.getKey() + "=" + e.getValue());
    }
    args.add("--set");
    args.add("dfs.namenode.fs-limits.min-block-size=0"); // 256 KB test blocks
    args.add("--set");
    args.add("dfs.replication=1"); // overrides bin/cluster's own value (2 for 2 DataNodes)
    Scripts.Result start = Scripts.run(400, "cluster", args.toArray(new String[0]));
    assertEquals(0, start.exitCode, start.toString());
    Matcher m = Pattern.compile("^export HADOOP_CONF_DIR=(.+)$", Pattern.MULTILINE).matcher(start.stdout);
    assertTrue(m.find(), start.toString());
    confDir = Paths.get(m.group(1).trim());
    clusterConf = new HdfsConfiguration(false);
    clusterConf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("core-site.xml").toUri()));
    clusterConf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("hdfs-site.xml").toUri()));
    uri = URI.create(clusterConf.get("fs.defaultFS"));
  }

  @AfterAll
  static void stopCluster() throws Exception {
    Scripts.Result stop = Scripts.run(120, "cluster", "stop", "--dir", DIR.toString());
    assertEquals(0, stop.exitCode, stop.toString());
    for (int i = 0; i < 2; i++) {
      assertTrue(dataNodeLog(i).contains("direct-I/O endpoint stopped"), "DataNode " + i + " stopped its plugin");
    }
  }

  static String dataNodeLog(int i) throws IOException {
    return new String(Files.readAllBytes(DIR.resolve("logs/datanode-" + i + ".log")), StandardCharsets.UTF_8);
  }

  /** A client of the cluster as an operator configures it: the cluster's files plus the client snippet. */
  static FileSystem client(Path sockets) throws IOException {
    Configuration c = new Configuration(clusterConf);
    c.addResource(snippet("hdfs-directio-client-site.xml"));
    EndpointDirectory.setSocketDir(c, sockets.toString());
    return FileSystem.newInstance(uri, c);
  }

  static DistributedFileSystem plainClient() throws IOException {
    return (DistributedFileSystem) FileSystem.newInstance(uri, new Configuration(clusterConf));
  }

  @Test
  void optionsReachedTheDaemons() throws Exception {
    Scripts.Result status = Scripts.run(60, "cluster", "status", "--dir", DIR.toString());
    assertEquals(0, status.exitCode, status.toString());
    Matcher pid = Pattern.compile("(\\S+): running").matcher(status.stdout);
    List<String> names = new ArrayList<>();
    while (pid.find()) {
      names.add(pid.group(1));
    }
    assertEquals(List.of("namenode", "datanode-0", "datanode-1"), names, "--hdfs-only starts no YARN daemon");
    assertFalse(Files.exists(confDir.resolve("yarn-site.xml")) || Files.exists(confDir.resolve("mapred-site.xml")));
    String hdfsSite = new String(Files.readAllBytes(confDir.resolve("hdfs-site.xml")), StandardCharsets.UTF_8);
    assertEquals(1, hdfsSite.split("<name>dfs.replication</name>", -1).length - 1, hdfsSite);
    assertEquals(1, clusterConf.getInt("dfs.replication", 0));
    for (int i = 0; i < 2; i++) {
      // --extra-classpath (the plugin class was found) and --set (it was configured) in each DataNode JVM
      assertTrue(dataNodeLog(i).contains("direct-I/O endpoint listening on " + SOCKETS), "DataNode " + i);
    }
    assertEquals(List.of(EndpointDirectory.socketFor(SOCKETS, DN0_XFER), EndpointDirectory.socketFor(SOCKETS, DN1_XFER)),
        EndpointDirectory.sockets(SOCKETS));
  }

  @Test
  void hadoopCommandReadsEveryByteDirectlyInEachMode() throws Exception {
    byte[] data = DirectIoTesting.content(77, 5 * BLOCK + 4567);
    try (FileSystem fs = plainClient()) {
      DirectIoTesting.write(fs, new org.apache.hadoop.fs.Path("/dio.bin"), data, (short) 1);
    }
    Map<String, String> env = new HashMap<>();
    env.put("HADOOP_CONF_DIR", confDir.toString()); // --set put the socket folder there for clients too
    env.put("HADOOP_CLASSPATH", CLASSES.toString());
    Scripts.Result check = Scripts.run(env, 180, "hadoop", "org.hadoopopt.directio.tools.DirectIoCheck", "-all-modes",
        "/dio.bin");
    assertEquals(0, check.exitCode, check.toString());
    String[] lines = check.stdout.trim().split("\n");
    assertEquals(3, lines.length, check.toString());
    String md5 = md5(data);
    for (String line : lines) {
      String[] f = line.split("\t");
      assertEquals(9, f.length, check.toString());
      assertEquals(String.valueOf(data.length), f[2], "bytes read " + f[0]);
      assertEquals(md5, f[3], "content " + f[0]);
      assertEquals(String.valueOf(data.length), f[4], "all bytes read directly " + f[0]);
      assertEquals(String.valueOf(data.length), f[5], "HDFS counted them as short-circuit " + f[0]);
      assertEquals("0", f[6], "no fallback " + f[0]);
      assertEquals("0", f[7], "no other host's DataNode answered " + f[0]);
      assertEquals("0", f[8], "no direct open refused " + f[0]);
    }
  }

  @Test
  void seeksPositionalReadsAndBlockBoundariesAcrossBothDataNodes() throws IOException {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/seek.bin");
    byte[] data = DirectIoTesting.content(78, 6 * BLOCK + 999);
    try (FileSystem fs = plainClient()) {
      DirectIoTesting.write(fs, p, data, (short) 2); // a replica on each DataNode
    }
    long direct = DirectIoStatistics.directBytes();
    long fallbacks = DirectIoStatistics.fallbacks();
    try (FileSystem fs = client(SOCKETS)) {
      assertArrayEquals(data, DirectIoTesting.readSequential(fs, p, 777));
      DirectIoTesting.checkRandomAccess(fs, p, data, 5);
      fs.setVerifyChecksum(false);
      assertArrayEquals(data, DirectIoTesting.readByteBuffers(fs, p, 100_000), "unverified ByteBuffer reads");
      DirectIoTesting.checkRandomAccess(fs, p, data, 6);
    }
    assertTrue(DirectIoStatistics.directBytes() - direct >= 2L * data.length, "read directly");
    assertEquals(fallbacks, DirectIoStatistics.fallbacks());
  }

  @Test
  void localAndRemoteReplicasMixedInOneFile() throws IOException {
    // This client trusts only DataNode 0's socket: DataNode 1 is as good as on another host.
    Path onlyDn0 = DIR.resolve("sock-dn0");
    Files.createDirectories(onlyDn0);
    Files.setPosixFilePermissions(onlyDn0, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.createSymbolicLink(onlyDn0.resolve("dn-" + DN0_XFER + ".sock"), EndpointDirectory.socketFor(SOCKETS, DN0_XFER));
    byte[] local = DirectIoTesting.content(81, 2 * BLOCK);
    byte[] remote = DirectIoTesting.content(82, BLOCK + 4321);
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/mixed.bin");
    org.apache.hadoop.fs.Path tail = new org.apache.hadoop.fs.Path("/mixed-tail.bin");
    try (DistributedFileSystem fs = plainClient()) {
      DirectIoTesting.writeOn(fs, file, local, new InetSocketAddress("127.0.0.1", DN0_XFER));
      DirectIoTesting.writeOn(fs, tail, remote, new InetSocketAddress("127.0.0.1", DN1_XFER));
      fs.concat(file, new org.apache.hadoop.fs.Path[] {tail});
      List<LocatedBlock> blocks = fs.getClient().getLocatedBlocks(file.toString(), 0).getLocatedBlocks();
      assertEquals(4, blocks.size());
      for (int i = 0; i < 4; i++) {
        assertEquals(i < 2 ? DN0_XFER : DN1_XFER, blocks.get(i).getLocations()[0].getXferPort(), "block " + i);
      }
    }
    byte[] all = new byte[local.length + remote.length];
    System.arraycopy(local, 0, all, 0, local.length);
    System.arraycopy(remote, 0, all, local.length, remote.length);
    try (FileSystem fs = client(onlyDn0)) {
      try (FSDataInputStream in = fs.open(file)) {
        byte[] got = new byte[all.length];
        in.readFully(got);
        assertArrayEquals(all, got);
        assertEquals(local.length, ((HdfsDataInputStream) in).getReadStatistics().getTotalShortCircuitBytesRead(),
            "direct: exactly the blocks on DataNode 0");
      }
      byte[] across = new byte[10_000];
      try (FSDataInputStream in = fs.open(file)) {
        in.readFully(local.length - 5000, across);
      }
      assertArrayEquals(java.util.Arrays.copyOfRange(all, local.length - 5000, local.length + 5000), across,
          "positional read from a direct block into a streamed one");
      DirectIoTesting.checkRandomAccess(fs, file, all, 7);
    }
  }

  @Test
  void fileUnderConstructionIsStreamedThenReadDirectlyOnceClosed() throws IOException {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/open.bin");
    byte[] data = DirectIoTesting.content(79, 2 * BLOCK + 5000);
    try (FileSystem writer = plainClient(); FileSystem fs = client(SOCKETS)) {
      FSDataOutputStream out = writer.create(p, true, 4096, (short) 1, BLOCK);
      try {
        out.write(data);
        out.hflush();
        long direct = DirectIoStatistics.directBytes();
        assertArrayEquals(data, DirectIoTesting.readSequential(fs, p, 64 * 1024), "under construction");
        assertEquals(direct, DirectIoStatistics.directBytes(), "a file under construction must not be read directly");
      } finally {
        out.close();
      }
      long direct = DirectIoStatistics.directBytes();
      assertArrayEquals(data, DirectIoTesting.readSequential(fs, p, 64 * 1024), "closed");
      assertEquals(data.length, DirectIoStatistics.directBytes() - direct, "closed file read directly");
    }
  }

  @Test
  void dataNodeProcessRefusesMissingAndForeignTokensWithoutLoggingPaths() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/tokens.bin");
    List<LocatedBlock> blocks;
    try (DistributedFileSystem fs = plainClient()) {
      DirectIoTesting.writeOn(fs, p, DirectIoTesting.content(80, 2 * BLOCK), new InetSocketAddress("127.0.0.1", DN0_XFER));
      blocks = fs.getClient().getLocatedBlocks(p.toString(), 0).getLocatedBlocks();
    }
    Path socket = EndpointDirectory.socketFor(SOCKETS, DN0_XFER);
    LocatedBlock b0 = blocks.get(0);
    DirectIoTesting.Answer none = DirectIoTesting.ask(socket, request(b0, new byte[0]));
    DirectIoTesting.Answer foreign = DirectIoTesting.ask(socket, request(b0, tokenBytes(blocks.get(1))));
    DirectIoTesting.Answer valid = DirectIoTesting.ask(socket, request(b0, tokenBytes(b0)));
    assertEquals(PathReply.Status.REFUSED, none.status(), none.toString());
    assertEquals(PathReply.Status.REFUSED, foreign.status(), foreign.toString());
    assertEquals(0, none.descriptors + foreign.descriptors);
    assertEquals(PathReply.Status.FOUND, valid.status(), valid.toString());
    assertEquals(2, valid.descriptors, "the DataNode process passed the block and meta file descriptors");
    assertArrayEquals(java.util.Arrays.copyOf(DirectIoTesting.content(80, 2 * BLOCK), BLOCK), valid.blockBytes);
    List<String> refusals = new ArrayList<>();
    for (String line : dataNodeLog(0).split("\n")) {
      if (line.contains("direct-I/O: refused") && line.contains("blk_" + b0.getBlock().getBlockId() + "_")) {
        refusals.add(line);
      }
    }
    assertEquals(2, refusals.size(), String.join("\n", refusals));
    for (String line : refusals) {
      assertFalse(line.contains(DIR.toString()) || line.contains(".meta") || line.contains("/current/"),
          "a refusal logged a path: " + line);
    }
  }

  @Test
  void dataNodeProcessAnswersTokenBombsWithAnErrorAndKeepsServing() throws Exception {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/bombs.bin");
    byte[] content = DirectIoTesting.content(81, BLOCK);
    LocatedBlock b0;
    try (DistributedFileSystem fs = plainClient()) {
      DirectIoTesting.writeOn(fs, p, content, new InetSocketAddress("127.0.0.1", DN1_XFER));
      b0 = fs.getClient().getLocatedBlocks(p.toString(), 0).getLocatedBlocks().get(0);
    }
    Path socket = EndpointDirectory.socketFor(SOCKETS, DN1_XFER);
    List<String> outcomes = new ArrayList<>();
    for (Map.Entry<String, byte[]> bomb : HostileCallerTest.tokenBombs(b0.getBlock()).entrySet()) {
      String outcome = HostileCallerTest.describe(HostileCallerTest.exchange(socket,
          HostileCallerTest.descriptorRequest(b0.getBlock(), bomb.getValue()), 10_000));
      outcomes.add(bomb.getKey() + ": " + outcome);
    }
    String log = dataNodeLog(1);
    System.out.println("ClusterScriptDirectReadTest: token bombs against the DataNode process (-Xmx512m): " + outcomes
        + "; OutOfMemoryError in its log: " + log.contains("OutOfMemoryError"));
    for (String o : outcomes) {
      assertTrue(o.contains("REFUSED: malformed block access token"), o);
    }
    assertFalse(log.contains("OutOfMemoryError"), "the DataNode's log shows no OutOfMemoryError");
    DirectIoTesting.Answer valid = DirectIoTesting.ask(socket, request(b0, tokenBytes(b0)));
    assertEquals(PathReply.Status.FOUND, valid.status(), valid.toString());
    assertArrayEquals(content, valid.blockBytes, "the DataNode process still serves");
  }

  static Configuration snippet(String name) {
    Configuration c = new Configuration(false);
    c.addResource(new org.apache.hadoop.fs.Path(Scripts.root().resolve("conf").resolve(name).toUri()));
    c.size(); // load now, while the file is known to exist
    return c;
  }

  static PathRequest request(LocatedBlock b, byte[] token) {
    return DirectIoTesting.descriptors(b.getBlock(), token);
  }

  static byte[] tokenBytes(LocatedBlock b) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    b.getBlockToken().write(new DataOutputStream(out));
    return out.toByteArray();
  }

  static String md5(byte[] data) throws Exception {
    StringBuilder hex = new StringBuilder();
    for (byte b : MessageDigest.getInstance("MD5").digest(data)) {
      hex.append(String.format("%02x", b));
    }
    return hex.toString();
  }
}
