package org.hadoopopt.directio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.security.token.Token;
import org.hadoopopt.directio.client.DirectIoStatistics;
import org.hadoopopt.directio.client.DirectReplicaAccessorBuilder;
import org.hadoopopt.directio.client.EndpointClient;
import org.hadoopopt.directio.datanode.CallerPolicy;
import org.hadoopopt.directio.datanode.DirectIoDataNodePlugin;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;
import org.hadoopopt.directio.tools.DirectIoCheck;
import org.hadoopopt.testing.MiniDfs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.hadoopopt.testing.LogCapture;

/**
 * The DataNode endpoint's checks, with block tokens on: a valid token gets the replica's open
 * files as descriptors (never a path; path requests are refused by default); no token, a token for
 * another block, a forged or expired token and a user outside the allow-list are refused with no
 * descriptor, and the refusal log names no path.
 * DataNode 0 admits every local user; DataNode 1 only a user that does not exist.
 */
class SecurityTest {
  static final Path SOCKETS = DirectIoTesting.socketDir("sec");

  @RegisterExtension
  static final MiniDfs DFS = new MiniDfs(1, DirectIoTesting.clusterConf(SOCKETS, true));

  static final org.apache.hadoop.fs.Path FILE = new org.apache.hadoop.fs.Path("/sec/f");
  static byte[] data;
  static List<LocatedBlock> blocks;

  @BeforeAll
  static void setUp() throws Exception {
    Configuration restricted = new HdfsConfiguration(DFS.cluster().getConfiguration(0));
    CallerPolicy.setAllowedUsers(restricted, "no-such-user-hdio");
    DFS.cluster().startDataNodes(restricted, 1, true, null, null);
    DFS.cluster().waitActive();
    data = DirectIoTesting.content(5, 2 * DirectIoTesting.BLOCK + 10);
    DirectIoTesting.write(DFS.fs(), FILE, data, (short) 2);
    blocks = DFS.cluster().getFileSystem().getClient().getLocatedBlocks(FILE.toString(), 0, data.length)
        .getLocatedBlocks();
  }

  static Path socketOf(int dataNode) {
    return EndpointDirectory.socketFor(SOCKETS, DFS.cluster().getDataNodes().get(dataNode).getXferPort());
  }

  static byte[] bytes(Token<BlockTokenIdentifier> token) throws IOException {
    return DirectIoTesting.tokenBytes(token);
  }

  static PathRequest request(ExtendedBlock block, byte[] token) {
    return DirectIoTesting.descriptors(block, token);
  }

  static String dataDirs() {
    return new File(DFS.cluster().getDataDirectory()).getAbsolutePath();
  }

  @Test
  void validTokenGetsTheOpenReplicaFilesAndNoPath() throws IOException {
    LocatedBlock b = blocks.get(0);
    DirectIoTesting.Answer a = DirectIoTesting.ask(socketOf(0), request(b.getBlock(), bytes(b.getBlockToken())));
    assertEquals(PathReply.Status.FOUND, a.status(), a.toString());
    assertEquals(2, a.descriptors, "block and meta file descriptors passed");
    assertEquals("", a.reply.dataPath + a.reply.metaPath, "no path handed out");
    assertEquals(b.getBlockSize(), a.reply.length);
    // The block file's bytes through the passed descriptor are the file's first block.
    assertArrayEquals(java.util.Arrays.copyOf(data, DirectIoTesting.BLOCK), a.blockBytes);
    assertEquals(1, a.metaHead[1], "meta file header: version 1");
  }

  @Test
  void pathRequestsAreRefusedByDefaultNamingTheKey() throws IOException {
    LocatedBlock b = blocks.get(0);
    ExtendedBlock blk = b.getBlock();
    PathReply r = EndpointClient.ask(socketOf(0), DirectIoTesting.request(PathRequest.Op.PATHS, blk,
        blk.getGenerationStamp(), bytes(b.getBlockToken())));
    assertEquals(PathReply.Status.REFUSED, r.status, r.toString());
    assertTrue(r.reason.contains(CallerPolicy.SERVE_PATHS) && !r.reason.contains("/"), r.reason);
    // HAS says only whether the replica is here.
    PathReply has = EndpointClient.ask(socketOf(0), DirectIoTesting.request(PathRequest.Op.HAS, blk,
        blk.getGenerationStamp(), bytes(b.getBlockToken())));
    assertEquals(PathReply.Status.FOUND, has.status, has.toString());
    assertEquals("", has.dataPath + has.metaPath);
  }

  @Test
  void onlyTheReplicasExactGenerationStampIsServed() throws IOException {
    LocatedBlock b = blocks.get(0);
    ExtendedBlock blk = b.getBlock();
    byte[] token = bytes(b.getBlockToken());
    for (long gs : new long[] {0, blk.getGenerationStamp() - 1, blk.getGenerationStamp() + 1}) {
      DirectIoTesting.Answer a = DirectIoTesting.ask(socketOf(0),
          DirectIoTesting.request(PathRequest.Op.DESCRIPTORS, blk, gs, token));
      assertEquals(PathReply.Status.NOT_HERE, a.status(), "generation stamp " + gs + " with a valid token: " + a);
      assertEquals(0, a.descriptors);
    }
  }

  @Test
  void requestsWithoutValidTokenAreRefusedAndTheLogNamesNoPath() throws IOException {
    LocatedBlock b0 = blocks.get(0);
    LocatedBlock b1 = blocks.get(1);
    DirectIoDataNodePlugin plugin = DirectIoDataNodePlugin.running(socketOf(0));
    long refusedBefore = plugin.refusedCount();
    Token<BlockTokenIdentifier> t0 = b0.getBlockToken();
    byte[] forgedPassword = t0.getPassword().clone();
    forgedPassword[0] ^= 1;
    Token<BlockTokenIdentifier> forged = new Token<>(t0.getIdentifier(), forgedPassword, t0.getKind(), t0.getService());

    try (LogCapture log = LogCapture.of(DirectIoDataNodePlugin.class)) {
      DirectIoTesting.Answer none = DirectIoTesting.ask(socketOf(0), request(b0.getBlock(), new byte[0]));
      DirectIoTesting.Answer empty = DirectIoTesting.ask(socketOf(0),
          request(b0.getBlock(), bytes(new Token<BlockTokenIdentifier>())));
      DirectIoTesting.Answer otherBlock = DirectIoTesting.ask(socketOf(0), request(b0.getBlock(), bytes(b1.getBlockToken())));
      DirectIoTesting.Answer forgedReply = DirectIoTesting.ask(socketOf(0), request(b0.getBlock(), bytes(forged)));
      DirectIoTesting.Answer expired = DirectIoTesting.ask(socketOf(0), request(b0.getBlock(),
          bytes(DirectIoTesting.expiredToken(DFS.cluster(), b0.getBlock()))));
      for (DirectIoTesting.Answer a : new DirectIoTesting.Answer[] {none, empty, otherBlock, forgedReply, expired}) {
        assertEquals(PathReply.Status.REFUSED, a.status(), a.toString());
        assertEquals(0, a.descriptors, "no descriptor passed with a refusal");
        assertFalse(a.reply.reason.contains("/"), "a refusal must not carry a path: " + a.reply.reason);
      }
      assertTrue(otherBlock.reply.reason.contains("token"), otherBlock.reply.reason);
      assertEquals(refusedBefore + 5, plugin.refusedCount());
      String text = log.text();
      assertEquals(5, text.split("refused", -1).length - 1, text);
      assertFalse(text.contains(dataDirs()) || text.contains(".meta") || text.contains("/current/"),
          "refusal log leaks a path: " + text);
    }
  }

  @Test
  void userOutsideTheAllowListIsRefusedEvenWithAValidToken() throws IOException {
    LocatedBlock b = blocks.get(0);
    DirectIoTesting.Answer a = DirectIoTesting.ask(socketOf(1), request(b.getBlock(), bytes(b.getBlockToken())));
    assertEquals(PathReply.Status.REFUSED, a.status(), a.toString());
    assertEquals(0, a.descriptors);
    PathReply reply = a.reply;
    // The user named is the one the kernel reported for our end of the socket (SO_PEERCRED).
    assertTrue(reply.reason.contains("'" + System.getProperty("user.name") + "'"), reply.reason);
    assertTrue(reply.reason.contains(CallerPolicy.ALLOWED_USERS), reply.reason);
  }

  @Test
  void clientReadsStillWorkWhenRefused() throws IOException {
    // Only DataNode 1 (which refuses us) is visible to this client: reads must stream.
    Path onlyRestricted = DirectIoTesting.socketDir("sec-r");
    Files.createDirectories(onlyRestricted);
    Files.setPosixFilePermissions(onlyRestricted, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.createSymbolicLink(onlyRestricted.resolve(socketOf(1).getFileName()), socketOf(1));
    long refusals = DirectIoStatistics.refusals();
    long direct = DirectIoStatistics.directBytes();
    try (FileSystem fs = FileSystem.newInstance(DFS.cluster().getURI(),
        DirectIoTesting.directClient(DFS.conf(), onlyRestricted))) {
      assertArrayEquals(data, DirectIoTesting.readSequential(fs, FILE, 64 * 1024));
      assertTrue(DirectIoStatistics.refusals() > refusals, "the DataNode refused");
      // The deployment check says so in its refusals column: every block refused, nothing direct.
      String[] f = DirectIoCheck.check(fs, FILE).split("\t");
      assertEquals(String.valueOf(data.length), f[1], "bytes read");
      assertEquals("0", f[3], "nothing read directly");
      assertTrue(Long.parseLong(f[7]) > 0, "the refusals column counts the DataNode's refusals: " + String.join(" ", f));
    }
    assertEquals(direct, DirectIoStatistics.directBytes(), "nothing read directly");
  }

  @Test
  void clientWithoutDataNodePluginWarnsOnceAndStreams() throws IOException {
    Path empty = DirectIoTesting.socketDir("sec-none");
    long direct = DirectIoStatistics.directBytes();
    try (LogCapture log = LogCapture.of(DirectReplicaAccessorBuilder.class);
        FileSystem fs = FileSystem.newInstance(DFS.cluster().getURI(), DirectIoTesting.directClient(DFS.conf(), empty))) {
      assertArrayEquals(data, DirectIoTesting.readSequential(fs, FILE, 64 * 1024));
      assertArrayEquals(data, DirectIoTesting.readSequential(fs, FILE, 100_000));
      String text = log.text();
      assertEquals(1, text.split("no DataNode endpoint", -1).length - 1, "exactly one warning for 6 blocks read:\n" + text);
      assertTrue(text.contains(EndpointDirectory.SOCKET_DIR) && text.contains("dfs.datanode.plugins"), text);
    }
    assertEquals(direct, DirectIoStatistics.directBytes(), "nothing read directly");
  }

  @Test
  void socketFolderWritableByOthersIsNotTrusted() throws IOException {
    // Another local user could plant an impostor socket in such a folder: the client must not use it.
    Path open = DirectIoTesting.socketDir("sec-open");
    Files.createDirectories(open);
    Files.setPosixFilePermissions(open, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
    Files.createSymbolicLink(open.resolve(socketOf(0).getFileName()), socketOf(0));
    long direct = DirectIoStatistics.directBytes();
    try (LogCapture log = LogCapture.of(DirectReplicaAccessorBuilder.class);
        FileSystem fs = FileSystem.newInstance(DFS.cluster().getURI(), DirectIoTesting.directClient(DFS.conf(), open))) {
      assertArrayEquals(data, DirectIoTesting.readSequential(fs, FILE, 64 * 1024));
      assertTrue(log.text().contains("writable by every user (mode 0777)"), log.text());
    }
    assertEquals(direct, DirectIoStatistics.directBytes(), "nothing read through an untrusted folder");
  }

  @Test
  void invalidSettingsFailNamingTheKey() {
    Configuration bad = new Configuration(false);
    bad.set(CallerPolicy.ALLOWED_USERS, "alice,,bob");
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> CallerPolicy.from(bad));
    assertTrue(e.getMessage().contains(CallerPolicy.ALLOWED_USERS), e.getMessage());
    Configuration mode = new Configuration(false);
    mode.set(DirectReplicaAccessorBuilder.IO_MODE, "fast");
    e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> DirectReplicaAccessorBuilder.oDirect(mode));
    assertTrue(e.getMessage().contains(DirectReplicaAccessorBuilder.IO_MODE), e.getMessage());
    Configuration dir = new Configuration(false);
    dir.set(EndpointDirectory.SOCKET_DIR, "relative/dir");
    e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> EndpointDirectory.dir(dir));
    assertTrue(e.getMessage().contains(EndpointDirectory.SOCKET_DIR), e.getMessage());
  }

  @Test
  void clientWithInvalidIoModeStillReadsByStreaming() throws IOException {
    Configuration conf = DirectIoTesting.directClient(DFS.conf(), SOCKETS);
    conf.set(DirectReplicaAccessorBuilder.IO_MODE, "fast");
    long direct = DirectIoStatistics.directBytes();
    try (FileSystem fs = FileSystem.newInstance(DFS.cluster().getURI(), conf)) {
      assertArrayEquals(data, DirectIoTesting.readSequential(fs, FILE, 64 * 1024));
    }
    assertEquals(direct, DirectIoStatistics.directBytes());
  }

  @Test
  void endpointIsASocketFileAndNoTcpPortOfTheDataNodesAnswersIt() throws Exception {
    for (int i = 0; i < 2; i++) {
      String socket = socketOf(i).toString();
      assertTrue(Files.readAllLines(Paths.get("/proc/net/unix")).stream().anyMatch(l -> l.endsWith(socket)),
          "the kernel lists " + socket + " as a Unix socket");
    }
    LocatedBlock b = blocks.get(0);
    byte[] req = requestBytes(request(b.getBlock(), bytes(b.getBlockToken())));
    List<Integer> ports = ListeningPorts.ofThisProcess();
    assertFalse(ports.isEmpty(), "found this JVM's listening TCP ports");
    for (DataNode dn : DFS.cluster().getDataNodes()) {
      assertTrue(ports.contains(dn.getXferPort()), "port list is complete: " + ports);
    }
    for (int port : ports) {
      assertFalse(ListeningPorts.answersFound(port, req), "TCP port " + port + " served block paths");
    }
  }

  static byte[] requestBytes(PathRequest r) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    r.write(new DataOutputStream(b));
    return b.toByteArray();
  }

  @Test
  void invalidHandoffFailsNamingTheKey() {
    Configuration bad = new Configuration(false);
    bad.set(DirectReplicaAccessorBuilder.HANDOFF, "pipes");
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> DirectReplicaAccessorBuilder.descriptorHandoff(bad));
    assertTrue(e.getMessage().contains(DirectReplicaAccessorBuilder.HANDOFF), e.getMessage());
    Configuration paths = new Configuration(false);
    paths.set(CallerPolicy.SERVE_PATHS, "sometimes");
    e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> CallerPolicy.from(paths));
    assertTrue(e.getMessage().contains(CallerPolicy.SERVE_PATHS), e.getMessage());
  }
}
