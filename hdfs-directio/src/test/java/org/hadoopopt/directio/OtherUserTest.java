package org.hadoopopt.directio;

import org.hadoopopt.testing.LogCapture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.hadoopopt.directio.datanode.DirectIoDataNodePlugin;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.testing.MiniDfs;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The reader as another OS user: a child JVM started with {@code setpriv} as uid/gid 65534
 * (nobody, no supplementary groups) against a DataNode whose data directories are 700 and owned by
 * the test's user (root). With a valid token it reads every byte directly through the descriptors
 * the DataNode passes; without a token, with another block's token or an expired one it gets a
 * refusal and no descriptor, and it cannot open the block files (or list the data directory) by
 * path; a path request is refused. Its own descriptors, and this JVM's (the DataNode's), are the
 * same before and after a thousand reads and hundreds of refused requests; the DataNode's refusals
 * name no path. Where the JNI library cannot load (a platform it is not built for), the same reader
 * streams every block, counted, with one warning saying why. Needs root and setpriv (skipped
 * otherwise, saying so).
 */
class OtherUserTest {
  static final Path SOCKETS = DirectIoTesting.socketDir("other");
  static final int READS = 1000;
  static final int REFUSALS = 300;

  static Configuration conf() {
    Configuration c = DirectIoTesting.clusterConf(SOCKETS, true);
    c.set("dfs.datanode.data.dir.perm", "700");
    return c;
  }

  @RegisterExtension
  static final MiniDfs DFS = new MiniDfs(1, conf());

  static final org.apache.hadoop.fs.Path FILE = new org.apache.hadoop.fs.Path("/other/f");
  static final long SEED = 19;
  static final int LENGTH = 2 * DirectIoTesting.BLOCK + 100;
  static List<LocatedBlock> blocks;

  @BeforeAll
  static void setUp() throws Exception {
    Assumptions.assumeTrue("root".equals(System.getProperty("user.name")),
        "runs the reader as another OS user, which needs root (CI runs as root)");
    Assumptions.assumeTrue(new File("/usr/bin/setpriv").canExecute() || new File("/bin/setpriv").canExecute(),
        "needs setpriv (util-linux) to start the reader as another user");
    DirectIoTesting.write(DFS.fs(), FILE, DirectIoTesting.content(SEED, LENGTH), (short) 1);
    blocks = DFS.cluster().getFileSystem().getClient().getLocatedBlocks(FILE.toString(), 0).getLocatedBlocks();
  }

  @Test
  void otherUserReadsOnlyThroughPassedDescriptorsAndLeaksNone() throws Exception {
    Path work = Files.createTempDirectory(Paths.get("target").toAbsolutePath(), "other-user-");
    Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
    ExtendedBlock b0 = blocks.get(0).getBlock();
    File[] files = DirectIoTesting.replicaFiles(DFS.cluster(), 0, b0);
    Path volume = Paths.get(DFS.cluster().getDataNodes().get(0).getFSDataset().getVolumeList().get(0).getBaseURI());
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(volume)),
        "data directory " + volume + " mode");

    Properties p = new Properties();
    p.setProperty("nn", DFS.cluster().getURI().toString());
    p.setProperty("sockets", SOCKETS.toString());
    p.setProperty("socket", EndpointDirectory.socketFor(SOCKETS, DFS.cluster().getDataNodes().get(0).getXferPort())
        .toString());
    p.setProperty("file", FILE.toString());
    p.setProperty("seed", String.valueOf(SEED));
    p.setProperty("length", String.valueOf(LENGTH));
    p.setProperty("reads", String.valueOf(READS));
    p.setProperty("refusals", String.valueOf(REFUSALS));
    p.setProperty("pool", b0.getBlockPoolId());
    p.setProperty("block.0.id", String.valueOf(b0.getBlockId()));
    p.setProperty("block.0.gs", String.valueOf(b0.getGenerationStamp()));
    p.setProperty("block.0.length", String.valueOf(b0.getNumBytes()));
    p.setProperty("token.valid", b64(DirectIoTesting.tokenBytes(blocks.get(0))));
    p.setProperty("token.other", b64(DirectIoTesting.tokenBytes(blocks.get(1))));
    p.setProperty("token.expired", b64(DirectIoTesting.tokenBytes(DirectIoTesting.expiredToken(DFS.cluster(), b0))));
    p.setProperty("block.file", files[0].getAbsolutePath());
    p.setProperty("meta.file", files[1].getAbsolutePath());
    p.setProperty("data.dir", files[0].getParentFile().getAbsolutePath());
    Path props = work.resolve("reader.properties");
    try (OutputStream o = Files.newOutputStream(props)) {
      p.store(o, null);
    }

    DirectIoDataNodePlugin plugin = DirectIoDataNodePlugin.running(Paths.get(p.getProperty("socket")));
    long served = plugin.servedCount();
    long refused = plugin.refusedCount();
    int fdBefore = DirectIoTesting.openDescriptors();
    Map<String, String> out;
    String log;
    try (LogCapture capture = LogCapture.of(DirectIoDataNodePlugin.class)) {
      out = runAsNobody(work, props);
      log = capture.text();
    }
    int fdAfter = DirectIoTesting.openDescriptors();

    assertEquals("65534", out.get("uid"), "the reader ran as uid 65534");
    assertEquals("nobody", out.get("user"));
    assertEquals("true", out.get("whole.equal"), "every byte as written");
    assertEquals(String.valueOf(LENGTH), out.get("whole.direct"), "every byte read directly");
    for (String k : new String[] {"none", "other", "expired"}) {
      assertEquals("REFUSED", out.get("refuse." + k + ".status"), k);
      assertEquals("0", out.get("refuse." + k + ".descriptors"), k);
      assertEquals("false", out.get("refuse." + k + ".reason.path"), k);
    }
    assertEquals("FOUND", out.get("valid.status"));
    assertEquals("2", out.get("valid.descriptors"));
    assertEquals("true", out.get("valid.bytes.equal"), "the passed descriptor reads the block");
    assertEquals("REFUSED", out.get("paths.status"), "path requests refused by default");
    assertEquals("AccessDeniedException", out.get("open.block"), "block file by path");
    assertEquals("AccessDeniedException", out.get("open.meta"), "meta file by path");
    assertEquals("AccessDeniedException", out.get("list.datadir"), "data directory listing");
    assertEquals("0", out.get("loop.wrong"));
    assertEquals(String.valueOf(REFUSALS), out.get("loop.refused"));
    assertTrue(Long.parseLong(out.get("loop.direct")) > 0);
    assertEquals("0", out.get("fallbacks"));
    int childBefore = Integer.parseInt(out.get("fd.before"));
    int childAfter = Integer.parseInt(out.get("fd.after"));
    assertTrue(childAfter - childBefore <= 2, "reader's descriptors " + childBefore + " -> " + childAfter);
    assertTrue(fdAfter - fdBefore <= 2, "DataNode JVM's descriptors " + fdBefore + " -> " + fdAfter);
    long servedNow = plugin.servedCount() - served;
    assertTrue(servedNow >= READS, "descriptor requests served: " + servedNow);
    assertEquals(REFUSALS + 4, plugin.refusedCount() - refused, "3 refusals, 1 path request, and the loop's");
    assertTrue(log.contains("local user nobody"), log.substring(0, Math.min(2000, log.length())));
    String dataRoot = new File(DFS.cluster().getDataDirectory()).getAbsolutePath();
    assertFalse(log.contains(dataRoot) || log.contains("/current/") || log.contains(".meta"), "refusals name no path");
    System.out.println("OtherUserTest: uid 65534 read " + LENGTH + " bytes directly; loop of " + READS
        + " positional reads (" + servedNow + " descriptor requests served) and " + REFUSALS
        + " refused requests; reader descriptors " + childBefore + " -> " + childAfter + ", DataNode JVM descriptors "
        + fdBefore + " -> " + fdAfter);
    DirectIoTesting.deleteTree(work);
  }

  @Test
  void whereTheJniLibraryCannotLoadTheReaderStreamsWithOneWarning() throws Exception {
    Path work = Files.createTempDirectory(Paths.get("target").toAbsolutePath(), "other-user-");
    Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
    Properties p = new Properties();
    p.setProperty("nn", DFS.cluster().getURI().toString());
    p.setProperty("sockets", SOCKETS.toString());
    p.setProperty("socket", EndpointDirectory.socketFor(SOCKETS, DFS.cluster().getDataNodes().get(0).getXferPort())
        .toString());
    p.setProperty("file", FILE.toString());
    p.setProperty("seed", String.valueOf(SEED));
    p.setProperty("length", String.valueOf(LENGTH));
    p.setProperty("reads", "0");
    p.setProperty("refusals", "0");
    Path props = work.resolve("reader.properties");
    try (OutputStream o = Files.newOutputStream(props)) {
      p.store(o, null);
    }
    // A platform the library is not built for: the loader refuses it, as it would a jar without the library.
    Map<String, String> out = runAsNobody(work, props, "-Dos.arch=aarch64", "nonative");
    assertEquals("false", out.get("native.available"));
    assertEquals("true", out.get("whole.equal"), "every byte right");
    assertEquals("0", out.get("whole.direct"), "nothing direct");
    assertEquals(String.valueOf(blocks.size()), out.get("declined"), "each block left to streaming, counted");
    assertEquals("1", out.get("warnings"), "one warning naming the library");
    assertEquals("true", out.get("warning.names.platform"), "the warning says why it did not load");
    DirectIoTesting.deleteTree(work);
  }

  static String b64(byte[] b) {
    return Base64.getEncoder().encodeToString(b);
  }

  /** Runs {@link OtherUserReader} as uid/gid 65534 and returns its {@code @key=value} lines. */
  static Map<String, String> runAsNobody(Path work, Path props) throws Exception {
    return runAsNobody(work, props, null, null);
  }

  static Map<String, String> runAsNobody(Path work, Path props, String jvmOption, String mode) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add("setpriv");
    cmd.add("--reuid=65534");
    cmd.add("--regid=65534");
    cmd.add("--clear-groups");
    cmd.add("--");
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx256m");
    cmd.add("-XX:TieredStopAtLevel=1");
    cmd.add("-Djava.io.tmpdir=/tmp");
    if (jvmOption != null) {
      cmd.add(jvmOption);
    }
    cmd.add("-cp");
    cmd.add(readableClassPath(work.resolve("cp")));
    cmd.add(OtherUserReader.class.getName());
    cmd.add(props.toString());
    if (mode != null) {
      cmd.add(mode);
    }
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile());
    pb.environment().keySet().removeIf(k -> k.startsWith("HADOOP") || k.equals("CLASSPATH"));
    pb.environment().put("HOME", "/tmp");
    pb.redirectErrorStream(true);
    Path outFile = work.resolve("reader.out");
    pb.redirectOutput(outFile.toFile());
    Process proc = pb.start();
    if (!proc.waitFor(180, TimeUnit.SECONDS)) {
      proc.destroyForcibly();
      throw new AssertionError("reader did not finish:\n" + tail(outFile));
    }
    String text = new String(Files.readAllBytes(outFile), StandardCharsets.UTF_8);
    assertEquals(0, proc.exitValue(), "reader exit status; output:\n" + tail(outFile));
    Map<String, String> out = new HashMap<>();
    for (String line : text.split("\n")) {
      if (line.startsWith("@") && line.contains("=")) {
        out.put(line.substring(1, line.indexOf('=')), line.substring(line.indexOf('=') + 1).trim());
      }
    }
    return out;
  }

  static String tail(Path f) throws IOException {
    String s = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
    return s.length() > 6000 ? s.substring(s.length() - 6000) : s;
  }

  /**
   * This JVM's class path, readable by an unprivileged user: entries it cannot reach (the local
   * Maven repository under root's home, mode 700) are hard-linked (or copied) into {@code dir}.
   */
  static String readableClassPath(Path dir) throws IOException {
    String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    Files.createDirectories(dir);
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    List<String> out = new ArrayList<>();
    int i = 0;
    for (String entry : cp.split(File.pathSeparator)) {
      if (entry.isEmpty()) {
        continue;
      }
      Path e = Paths.get(entry).toAbsolutePath();
      if (!entry.startsWith(System.getProperty("user.home")) || Files.isDirectory(e) || !Files.exists(e)) {
        out.add(e.toString());
        continue;
      }
      Path link = dir.resolve((i++) + "-" + e.getFileName());
      try {
        Files.createLink(link, e);
      } catch (IOException | UnsupportedOperationException x) {
        Files.copy(e, link);
        Files.setPosixFilePermissions(link, PosixFilePermissions.fromString("rw-r--r--"));
      }
      out.add(link.toString());
    }
    return String.join(File.pathSeparator, out);
  }
}
