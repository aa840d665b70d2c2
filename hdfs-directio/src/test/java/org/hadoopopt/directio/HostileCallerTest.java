package org.hadoopopt.directio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.io.WritableUtils;
import org.hadoopopt.directio.client.DirectIoStatistics;
import org.hadoopopt.directio.client.DirectReplicaAccessorBuilder;
import org.hadoopopt.directio.datanode.DirectIoDataNodePlugin;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;
import org.hadoopopt.directio.protocol.UnixSockets;
import org.hadoopopt.testing.LogCapture;
import org.hadoopopt.testing.MiniDfs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hostile local callers of one DataNode's endpoint (4 handlers, 1 s request timeout): token
 * length bombs (a 13-byte token claiming 2 GB, identifiers claiming a billion storage types or a
 * 2 GB user name), request length bombs, a block-pool id made to forge log lines, a thousand fuzzed
 * requests, and floods of silent connections (from {@code nobody} and from the reader's own user)
 * while an honest reader reads. Every hostile request must get an error reply, no handler may die
 * (no throwable escapes a DataNode thread), the DataNode keeps serving and its heap and descriptors
 * stay as they were; honest readers keep reading every block directly during the floods.
 */
class HostileCallerTest {
  static final Path SOCKETS = DirectIoTesting.socketDir("hostile");
  static final int REQUEST_TIMEOUT_MS = 1000;

  static Configuration conf() {
    Configuration c = DirectIoTesting.clusterConf(SOCKETS, true);
    c.setInt(DirectIoDataNodePlugin.HANDLERS, 4);
    c.setInt(DirectIoDataNodePlugin.REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS);
    return c;
  }

  @RegisterExtension
  static final MiniDfs DFS = new MiniDfs(1, conf());

  static final org.apache.hadoop.fs.Path FILE = new org.apache.hadoop.fs.Path("/hostile/f");
  static byte[] data;
  static List<LocatedBlock> blocks;
  static final List<Throwable> ESCAPED = Collections.synchronizedList(new ArrayList<>());
  static Thread.UncaughtExceptionHandler previousHandler;

  @BeforeAll
  static void setUp() throws Exception {
    previousHandler = Thread.getDefaultUncaughtExceptionHandler();
    Thread.setDefaultUncaughtExceptionHandler((t, e) -> ESCAPED.add(new Throwable("in " + t.getName(), e)));
    data = DirectIoTesting.content(41, 4 * DirectIoTesting.BLOCK + 5);
    DirectIoTesting.write(DFS.fs(), FILE, data, (short) 1);
    blocks = DFS.cluster().getFileSystem().getClient().getLocatedBlocks(FILE.toString(), 0).getLocatedBlocks();
  }

  @AfterAll
  static void restore() {
    Thread.setDefaultUncaughtExceptionHandler(previousHandler);
  }

  static Path socket() {
    return EndpointDirectory.socketFor(SOCKETS, DFS.cluster().getDataNodes().get(0).getXferPort());
  }

  static DirectIoDataNodePlugin plugin() {
    return DirectIoDataNodePlugin.running(socket());
  }

  // ---- request bytes ----

  static byte[] request(int op, String pool, long blockId, long gs, long offset, byte[] token) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(b);
    out.writeInt(PathRequest.MAGIC);
    out.writeByte(op);
    out.writeUTF(pool);
    out.writeLong(blockId);
    out.writeLong(gs);
    out.writeLong(offset);
    out.writeInt(token.length);
    out.write(token);
    return b.toByteArray();
  }

  static byte[] descriptorRequest(ExtendedBlock b, byte[] token) throws IOException {
    return request(PathRequest.Op.DESCRIPTORS.ordinal(), b.getBlockPoolId(), b.getBlockId(), b.getGenerationStamp(), 0,
        token);
  }

  /** A token whose outer lengths are right around {@code identifier}, with a 20-byte password. */
  static byte[] tokenAround(byte[] identifier) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(b);
    WritableUtils.writeVInt(out, identifier.length);
    out.write(identifier);
    WritableUtils.writeVInt(out, 20);
    out.write(new byte[20]);
    org.apache.hadoop.io.Text.writeString(out, "HDFS_BLOCK_TOKEN");
    org.apache.hadoop.io.Text.writeString(out, "");
    return b.toByteArray();
  }

  /** The head of a legacy block token identifier for {@code b}, up to its access modes. */
  static DataOutputStream legacyIdentifierHead(ByteArrayOutputStream b, ExtendedBlock block, int userLength)
      throws IOException {
    DataOutputStream out = new DataOutputStream(b);
    WritableUtils.writeVLong(out, System.currentTimeMillis() + 600_000); // expiry: a multi-byte vlong, first byte < 0
    WritableUtils.writeVInt(out, 1); // key id
    out.writeInt(userLength);
    if (userLength >= 0 && userLength < 100) {
      out.write(new byte[userLength]);
    }
    return out;
  }

  /** Token bombs: each claims far more memory than its few bytes. */
  static Map<String, byte[]> tokenBombs(ExtendedBlock block) throws IOException {
    Map<String, byte[]> bombs = new LinkedHashMap<>();
    ByteArrayOutputStream t = new ByteArrayOutputStream();
    WritableUtils.writeVInt(new DataOutputStream(t), Integer.MAX_VALUE - 16); // identifier "length"
    t.write(new byte[13 - t.size()]);
    bombs.put("13-byte token claiming a 2 GB identifier", t.toByteArray());

    ByteArrayOutputStream id = new ByteArrayOutputStream();
    DataOutputStream out = legacyIdentifierHead(id, block, 1);
    out.writeInt(block.getBlockPoolId().length());
    out.writeBytes(block.getBlockPoolId());
    WritableUtils.writeVLong(out, block.getBlockId());
    WritableUtils.writeVInt(out, 1);
    org.apache.hadoop.io.Text.writeString(out, "READ");
    WritableUtils.writeVInt(out, 1 << 30); // storage types: an array of a billion references
    bombs.put("identifier claiming 2^30 storage types", tokenAround(id.toByteArray()));

    ByteArrayOutputStream id2 = new ByteArrayOutputStream();
    legacyIdentifierHead(id2, block, Integer.MAX_VALUE - 64);
    bombs.put("identifier claiming a 2 GB user name", tokenAround(id2.toByteArray()));

    ByteArrayOutputStream t3 = new ByteArrayOutputStream();
    DataOutputStream o3 = new DataOutputStream(t3);
    WritableUtils.writeVInt(o3, 0);
    WritableUtils.writeVInt(o3, 0);
    WritableUtils.writeVInt(o3, Integer.MAX_VALUE - 16); // kind "length"
    bombs.put("token claiming a 2 GB kind", t3.toByteArray());
    return bombs;
  }

  // ---- one exchange on a raw connection ----

  /** What came back: the reply's bytes (empty if the DataNode closed without one), or null on a timeout. */
  static byte[] exchange(byte[] request, int timeoutMs) throws IOException, InterruptedException {
    return exchange(socket(), request, timeoutMs);
  }

  /** {@link #exchange(byte[], int)} with the endpoint {@code socket}. */
  static byte[] exchange(Path socket, byte[] request, int timeoutMs) throws IOException, InterruptedException {
    try (SocketChannel ch = UnixSockets.connect(socket)) {
      ch.write(ByteBuffer.wrap(request));
      ch.shutdownOutput();
      ch.configureBlocking(false);
      ByteArrayOutputStream got = new ByteArrayOutputStream();
      ByteBuffer b = ByteBuffer.allocate(4096);
      long end = System.nanoTime() + timeoutMs * 1_000_000L;
      while (System.nanoTime() < end) {
        b.clear();
        int n;
        try {
          n = ch.read(b);
        } catch (IOException e) {
          return got.toByteArray(); // reset by the DataNode
        }
        if (n < 0) {
          return got.toByteArray();
        }
        if (n == 0) {
          Thread.sleep(1);
        } else {
          got.write(b.array(), 0, n);
        }
      }
      return null;
    }
  }

  static String describe(byte[] reply) {
    if (reply == null) {
      return "no answer within the time limit";
    }
    if (reply.length == 0) {
      return "connection closed without a reply";
    }
    try {
      return PathReply.fromBytes(reply).toString();
    } catch (IOException e) {
      return "unparsable reply: " + e.getMessage();
    }
  }

  static long usedHeapAfterGc() {
    System.gc();
    Runtime r = Runtime.getRuntime();
    return r.totalMemory() - r.freeMemory();
  }

  static void assertStillServes() throws IOException {
    DirectIoTesting.Answer ok = DirectIoTesting.ask(socket(), DirectIoTesting.descriptors(blocks.get(0).getBlock(),
        DirectIoTesting.tokenBytes(blocks.get(0))));
    assertEquals(PathReply.Status.FOUND, ok.status(), ok.toString());
    assertEquals(2, ok.descriptors);
    assertArrayEquals(Arrays.copyOf(data, DirectIoTesting.BLOCK), ok.blockBytes);
  }

  /** The kinds of throwables that escaped threads, counted. */
  static Map<String, Integer> escapedKinds() {
    Map<String, Integer> kinds = new TreeMap<>();
    synchronized (ESCAPED) {
      for (Throwable t : ESCAPED) {
        kinds.merge(t.getCause().getClass().getSimpleName(), 1, Integer::sum);
      }
    }
    return kinds;
  }

  static String escaped() {
    StringBuilder b = new StringBuilder();
    for (Throwable t : ESCAPED) {
      b.append(t.getMessage()).append(": ").append(t.getCause()).append('\n');
    }
    return b.toString();
  }

  @Test
  void tokenAndLengthBombsGetAnErrorReplyAndTheDataNodeKeepsServing() throws Exception {
    ExtendedBlock b0 = blocks.get(0).getBlock();
    assertStillServes();
    long heapBefore = usedHeapAfterGc();
    Map<String, String> outcomes = new LinkedHashMap<>();
    for (Map.Entry<String, byte[]> bomb : tokenBombs(b0).entrySet()) {
      outcomes.put(bomb.getKey(), describe(exchange(descriptorRequest(b0, bomb.getValue()), 5000)));
    }
    // Length fields of the request itself.
    byte[] longPool = request(PathRequest.Op.DESCRIPTORS.ordinal(), "", 1, 1, 0, new byte[0]);
    longPool[5] = (byte) 0xff;
    longPool[6] = (byte) 0xff;
    outcomes.put("pool id length 65535, 28 bytes sent", describe(exchange(longPool, 5000)));
    byte[] longToken = descriptorRequest(b0, new byte[0]);
    ByteBuffer.wrap(longToken).putInt(longToken.length - 4, Integer.MAX_VALUE);
    outcomes.put("token length 2^31-1", describe(exchange(longToken, 5000)));
    long heapAfter = usedHeapAfterGc();
    outcomes.forEach((k, v) -> System.out.println("HostileCallerTest: " + k + ": " + v));
    System.out.println("HostileCallerTest: heap in use after GC " + heapBefore / (1 << 20) + " -> " + heapAfter / (1 << 20)
        + " MB; throwables escaping threads: " + ESCAPED.size() + " " + escapedKinds());
    for (Map.Entry<String, String> o : outcomes.entrySet()) {
      assertTrue(o.getValue().startsWith("REFUSED: malformed"), o.getKey() + ": " + o.getValue());
    }
    assertEquals("", escaped(), "no throwable escaped a thread");
    assertTrue(heapAfter - heapBefore < 64 << 20, "heap " + heapBefore + " -> " + heapAfter);
    assertStillServes();
  }

  @Test
  void callerChosenPoolIdIsEscapedAndBoundedInTheLog() throws Exception {
    String forged = "BP-1\n2099-01-01 00:00:00,000 ERROR [main] FORGED LOG LINE " + "x".repeat(150);
    String log;
    try (LogCapture capture = LogCapture.of(DirectIoDataNodePlugin.class)) {
      String r = describe(exchange(request(PathRequest.Op.DESCRIPTORS.ordinal(), forged, 7, 7, 0, new byte[] {1, 2}), 5000));
      assertTrue(r.startsWith("REFUSED"), r);
      log = capture.text();
    }
    System.out.println("HostileCallerTest: refusal logged as: " + log.trim());
    assertFalse(log.contains("\n2099-01-01"), "no forged line:\n" + log);
    assertTrue(log.contains("BP-1\\n2099"), "newline escaped:\n" + log);
    assertTrue(log.length() < 1000, "bounded: " + log.length() + " chars");
  }

  @Test
  void fuzzedRequestsEachGetAReplyAndNoneIsServedWithAChangedToken() throws Exception {
    ExtendedBlock b0 = blocks.get(0).getBlock();
    byte[] token = DirectIoTesting.tokenBytes(blocks.get(0));
    byte[] valid = descriptorRequest(b0, token);
    int tokenAt = valid.length - token.length;
    // The signed part: the token's identifier and password with their lengths (kind and service are not signed).
    java.io.DataInputStream t = new java.io.DataInputStream(new java.io.ByteArrayInputStream(token));
    t.skipBytes(WritableUtils.readVInt(t));
    t.skipBytes(WritableUtils.readVInt(t));
    int signedEnd = tokenAt + token.length - t.available();
    Random r = new Random(37);
    int cases = 1000;
    Map<String, Integer> outcomes = new TreeMap<>();
    int servedWithChangedToken = 0;
    int fdBefore = DirectIoTesting.openDescriptors();
    for (int i = 0; i < cases; i++) {
      byte[] req = mutate(valid, tokenAt, r);
      boolean tokenChanged = req.length < signedEnd
          || !Arrays.equals(Arrays.copyOfRange(req, tokenAt - 4, signedEnd), Arrays.copyOfRange(valid, tokenAt - 4, signedEnd));
      byte[] reply = exchange(req, 5000);
      String outcome = describe(reply);
      String kind = outcome.startsWith("REFUSED") || outcome.startsWith("NOT_HERE") || outcome.startsWith("FOUND")
          || outcome.startsWith("INTACT") || outcome.startsWith("CORRUPT") ? outcome.split("[: ]")[0] : outcome;
      outcomes.merge(kind, 1, Integer::sum);
      if (tokenChanged && (outcome.startsWith("FOUND") || outcome.startsWith("INTACT") || outcome.startsWith("CORRUPT"))) {
        servedWithChangedToken++;
      }
    }
    Thread.sleep(REQUEST_TIMEOUT_MS + 500);
    int fdAfter = DirectIoTesting.openDescriptors();
    System.out.println("HostileCallerTest: " + cases + " fuzzed requests: " + outcomes + "; served with a changed token: "
        + servedWithChangedToken + "; JVM descriptors " + fdBefore + " -> " + fdAfter + "; throwables escaping threads: "
        + ESCAPED.size() + " " + escapedKinds());
    for (String kind : outcomes.keySet()) {
      assertTrue(kind.equals("REFUSED") || kind.equals("NOT_HERE") || kind.equals("FOUND") || kind.equals("INTACT")
          || kind.equals("CORRUPT"), "every fuzzed request gets a reply: " + outcomes);
    }
    assertEquals(0, servedWithChangedToken, "a changed token (identifier, password or their lengths) is never accepted");
    assertEquals("", escaped(), "no throwable escaped a thread");
    assertTrue(fdAfter - fdBefore <= 2, "descriptors " + fdBefore + " -> " + fdAfter);
    assertStillServes();
  }

  /** One random mutation of {@code valid}: flipped bytes, a cut, garbage, an extreme length field, or extra bytes. */
  static byte[] mutate(byte[] valid, int tokenAt, Random r) throws IOException {
    byte[] m = valid.clone();
    switch (r.nextInt(7)) {
      case 0: // flip 1..4 bytes anywhere
        for (int k = 1 + r.nextInt(4); k > 0; k--) {
          m[r.nextInt(m.length)] ^= (byte) (1 + r.nextInt(255));
        }
        return m;
      case 1: // flip bytes inside the token only
        for (int k = 1 + r.nextInt(3); k > 0; k--) {
          m[tokenAt + r.nextInt(m.length - tokenAt)] ^= (byte) (1 + r.nextInt(255));
        }
        return m;
      case 2: // cut short
        return Arrays.copyOf(m, r.nextInt(m.length));
      case 3: { // random bytes, sometimes behind a valid magic
        byte[] g = new byte[r.nextInt(400)];
        r.nextBytes(g);
        if (g.length >= 4 && r.nextBoolean()) {
          ByteBuffer.wrap(g).putInt(0, PathRequest.MAGIC);
        }
        return g;
      }
      case 4: { // an extreme value in a length field: pool id length or token length
        if (r.nextBoolean()) {
          m[5] = (byte) r.nextInt(256);
          m[6] = (byte) r.nextInt(256);
        } else {
          int[] extremes = {-1, Integer.MIN_VALUE, Integer.MAX_VALUE, 65536, 16385, m.length};
          ByteBuffer.wrap(m).putInt(tokenAt - 4, extremes[r.nextInt(extremes.length)]);
        }
        return m;
      }
      case 5: { // a vint inside the token set to an extreme value
        int at = tokenAt + r.nextInt(Math.max(1, m.length - tokenAt - 5));
        ByteArrayOutputStream v = new ByteArrayOutputStream();
        WritableUtils.writeVLong(new DataOutputStream(v), r.nextBoolean() ? Integer.MAX_VALUE - r.nextInt(1000)
            : -1 - r.nextInt(1 << 20));
        byte[] vb = v.toByteArray();
        System.arraycopy(vb, 0, m, at, Math.min(vb.length, m.length - at));
        return m;
      }
      default: { // the valid request with bytes after it, or an op out of range
        if (r.nextBoolean()) {
          byte[] longer = Arrays.copyOf(m, m.length + 1 + r.nextInt(100));
          return longer;
        }
        m[4] = (byte) (4 + r.nextInt(250));
        return m;
      }
    }
  }

  @Test
  void honestReaderReadsDirectlyDuringAFloodOfSilentConnectionsFromAnotherUser() throws Exception {
    String why = AsNobody.unavailable();
    org.junit.jupiter.api.Assumptions.assumeTrue(why == null, why);
    Path work = Files.createTempDirectory(Paths.get("target").toAbsolutePath(), "flood-");
    Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxrwxrwx"));
    Path counts = work.resolve("flood.properties");
    Process flooder = AsNobody.start(work, Flooder.class, socket().toString(), "600", "25", counts.toString());
    try {
      AsNobody.await(counts, "full", flooder, work, Flooder.class);
      readDuringFlood("600 silent connections from nobody", counts);
    } finally {
      AsNobody.stop(flooder);
      DirectIoTesting.deleteTree(work);
    }
  }

  @Test
  void honestReaderReadsDirectlyDuringAFloodOfSilentConnectionsFromItsOwnUser() throws Exception {
    Path work = Files.createTempDirectory(Paths.get("target").toAbsolutePath(), "flood-self-");
    Path counts = work.resolve("flood.properties");
    Process flooder = AsNobody.startAsTestUser(work, Flooder.class, socket().toString(), "600", "25",
        counts.toString());
    try {
      AsNobody.await(counts, "full", flooder, work, Flooder.class);
      readDuringFlood("600 silent connections from the reader's own user", counts);
    } finally {
      AsNobody.stop(flooder);
      DirectIoTesting.deleteTree(work);
    }
  }

  /** 200 checked positional reads (each a new descriptor request) while the flood runs: all direct. */
  private void readDuringFlood(String flood, Path counts) throws Exception {
    Configuration c = DirectIoTesting.directClient(DFS.conf(), SOCKETS); // the default 10 s reply timeout
    long[] before = DirectIoStatistics.snapshot();
    long bytes = 0;
    long start = System.nanoTime();
    try (FileSystem fs = FileSystem.newInstance(DFS.cluster().getURI(), c); FSDataInputStream in = fs.open(FILE)) {
      Random r = new Random(5);
      for (int i = 0; i < 200; i++) {
        int pos = r.nextInt(data.length - 1);
        byte[] got = new byte[Math.min(data.length - pos, 1 + r.nextInt(8192))];
        in.readFully(pos, got);
        assertArrayEquals(Arrays.copyOfRange(data, pos, pos + got.length), got, "pread at " + pos);
        bytes += got.length;
      }
    }
    long ms = (System.nanoTime() - start) / 1_000_000;
    long[] after = DirectIoStatistics.snapshot();
    Properties f = AsNobody.read(counts);
    System.out.println("HostileCallerTest: during a flood of " + flood + ": 200 preads, " + bytes + " bytes, "
        + (after[0] - before[0]) + " read directly, " + (after[2] - before[2]) + " block reads left to streaming, in "
        + ms + " ms; flooder opened " + f.getProperty("opened") + " connections, the DataNode closed "
        + f.getProperty("closed.by.datanode"));
    assertEquals(bytes, after[0] - before[0], "every byte read directly during the flood");
    assertEquals(before[2], after[2], "no block read left to streaming");
  }
}
