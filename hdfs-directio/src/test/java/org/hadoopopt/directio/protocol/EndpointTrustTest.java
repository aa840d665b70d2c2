package org.hadoopopt.directio.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Who the client trusts with its token ({@link PathOwnership}, {@link EndpointOwner}) and where
 * the DataNode agrees to listen ({@link EndpointDirectory#prepareForServer}), on folders and
 * sockets of root and of {@code nobody} (given with chown, so this needs root); the JNI library's
 * extracted file mode; caller text in logs; the client's connect timeout.
 */
class EndpointTrustTest {
  static final Path BASE = Paths.get("target", "trust").toAbsolutePath();
  static final EndpointOwner ROOT_ONLY = EndpointOwner.of("root", "test");

  @BeforeEach
  void clean() throws IOException {
    if (Files.exists(BASE)) {
      try (Stream<Path> s = Files.walk(BASE)) {
        for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
          Files.delete(p);
        }
      }
    }
    Files.createDirectories(BASE);
  }

  static Path dir(String name, String mode) throws IOException {
    Path d = Files.createDirectories(BASE.resolve(name));
    Files.setPosixFilePermissions(d, PosixFilePermissions.fromString(mode));
    return d;
  }

  static void giveToNobody(Path p) throws IOException {
    UserPrincipal nobody = p.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
    Files.setOwner(p, nobody);
  }

  /**
   * A new folder whose whole path only root could have made: the checkout's target folder where
   * that holds, else one under root's home or /run (a checkout below /tmp has a folder anyone
   * may create entries in on its path, which the owner check rightly distrusts).
   */
  static Path rootOnlyFolder() throws IOException {
    for (Path candidate : new Path[] {BASE, Paths.get(System.getProperty("user.home")), Paths.get("/run")}) {
      if (Files.isDirectory(candidate) && "root".equals(PathOwnership.grantedByRoot(candidate.toRealPath()))) {
        return Files.createTempDirectory(candidate, "trust-granted-");
      }
    }
    Assumptions.abort("no folder here whose whole path is root's alone");
    return null;
  }

  static void deleteTree(Path top) throws IOException {
    try (Stream<Path> s = Files.walk(top)) {
      for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }

  static void assumeRoot() {
    Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "chown needs root (CI runs as root)");
  }

  @Test
  void folderOwnershipAndModes() throws IOException {
    assumeRoot();
    assertNull(PathOwnership.problem(dir("ok", "rwxr-xr-x"), ROOT_ONLY, PathOwnership.Kind.FOLDER));
    String open = PathOwnership.problem(dir("open", "rwxrwxrwx"), ROOT_ONLY, PathOwnership.Kind.FOLDER);
    assertTrue(open.contains("writable by every user (mode 0777)"), open);
    Path sticky = dir("sticky", "rwxrwxrwx");
    Files.setAttribute(sticky, "unix:mode", 01777);
    assertNull(PathOwnership.problem(sticky, ROOT_ONLY, PathOwnership.Kind.FOLDER), "root's sticky folder, like /tmp");
    Path planted = dir("sticky/planted", "rwxr-xr-x");
    giveToNobody(planted);
    String p = PathOwnership.problem(planted, ROOT_ONLY, PathOwnership.Kind.FOLDER);
    assertTrue(p.contains("owned by 'nobody'") && p.contains("not by root or the DataNode user 'root'"), p);
    assertNull(PathOwnership.problem(planted, EndpointOwner.of("nobody", "test"), PathOwnership.Kind.FOLDER),
        "trusted when nobody is named the DataNode user");
    Path above = dir("nobodys", "rwxr-xr-x");
    giveToNobody(above);
    String a = PathOwnership.problem(dir("nobodys/inner", "rwxr-xr-x"), ROOT_ONLY, PathOwnership.Kind.FOLDER);
    assertTrue(a.contains("nobodys is owned by 'nobody'"), "a folder above belongs to another user: " + a);
    Path group = dir("group", "rwxrwxr-x");
    Files.setAttribute(group, "unix:gid", 65534);
    String g = PathOwnership.problem(group, ROOT_ONLY, PathOwnership.Kind.FOLDER);
    assertTrue(g.contains("writable by its group, gid 65534"), g);
    assertTrue(PathOwnership.problem(BASE.resolve("missing"), ROOT_ONLY, PathOwnership.Kind.FOLDER).contains("does not exist"));
  }

  @Test
  void socketOwnershipAndLinks() throws IOException {
    assumeRoot();
    Path d = dir("sockets", "rwxr-xr-x");
    Path s = d.resolve("dn-1.sock");
    try (ServerSocketChannel server = UnixSockets.bind(s)) {
      Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rw-rw-rw-"));
      assertNull(PathOwnership.problem(s, ROOT_ONLY, PathOwnership.Kind.SOCKET), "a socket may be writable: that is connecting");
      String notSocket = PathOwnership.problem(d, ROOT_ONLY, PathOwnership.Kind.SOCKET);
      assertTrue(notSocket.contains("is not a socket"), notSocket);
      Path links = dir("links", "rwxr-xr-x");
      Path link = Files.createSymbolicLink(links.resolve("dn-1.sock"), s);
      assertNull(PathOwnership.problem(link, ROOT_ONLY, PathOwnership.Kind.SOCKET), "a link is judged by its real path");
      giveToNobody(s);
      String p = PathOwnership.problem(link, ROOT_ONLY, PathOwnership.Kind.SOCKET);
      assertTrue(p.contains("owned by 'nobody'") && p.contains(s.toString()), p);
    }
  }

  @Test
  void dataNodeUserFromTheKeyFromTheDataDirectoriesOrThisProcess() throws IOException {
    assumeRoot();
    Configuration conf = new Configuration(false);
    conf.set(EndpointOwner.DATANODE_USER, "hdfs");
    assertEquals("hdfs", EndpointOwner.from(conf).user());
    conf.set(EndpointOwner.DATANODE_USER, "two users");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EndpointOwner.from(conf));
    assertTrue(e.getMessage().contains(EndpointOwner.DATANODE_USER), e.getMessage());

    Configuration dirs = new Configuration(false);
    Path granted = rootOnlyFolder();
    try {
      Path data = Files.createDirectory(granted.resolve("dn-data"));
      Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwx------"));
      giveToNobody(data);
      dirs.set("dfs.datanode.data.dir", "[DISK]file://" + data + ",/does/not/exist");
      EndpointOwner fromData = EndpointOwner.from(dirs);
      assertEquals("nobody", fromData.user(), "the data directory's owner, given to it by root");
      assertTrue(fromData.describe().contains("dfs.datanode.data.dir"), fromData.describe());
    } finally {
      deleteTree(granted);
    }

    Path shared = dir("shared", "rwxrwxrwx");
    Files.setAttribute(shared, "unix:mode", 01777);
    Path plantedData = dir("shared/dn-data", "rwx------");
    giveToNobody(plantedData);
    dirs.set("dfs.datanode.data.dir", plantedData.toString());
    EndpointOwner fallback = EndpointOwner.from(dirs);
    assertEquals("root", fallback.user(), "a data directory anyone could have made names no one");
    assertTrue(fallback.describe().contains(EndpointOwner.DATANODE_USER), fallback.describe());
  }

  @Test
  void dataNodeRefusesAFolderAnotherUserMade() throws IOException {
    assumeRoot();
    Path planted = dir("dn-planted", "rwxr-xr-x");
    giveToNobody(planted);
    IOException e = assertThrows(IOException.class, () -> EndpointDirectory.prepareForServer(planted, ROOT_ONLY));
    assertTrue(e.getMessage().contains("owned by 'nobody'"), e.getMessage());
    Path fresh = BASE.resolve("made/by/datanode");
    EndpointDirectory.prepareForServer(fresh, ROOT_ONLY);
    assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh)));
  }

  @Test
  void extractedLibraryKeepsModeSixHundredUntilLoaded() throws IOException {
    Path d = dir("lib", "rwx------");
    Path lib = FdPassing.extract(new ByteArrayInputStream(new byte[4096]), d);
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(lib)));
    // What Files.copy with REPLACE_EXISTING does to a file created 600: recreated under the umask.
    Path copied = Files.createTempFile(d, "copy", ".so");
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(copied)));
    Files.copy(new ByteArrayInputStream(new byte[16]), copied, StandardCopyOption.REPLACE_EXISTING);
    System.out.println("EndpointTrustTest: extracted library mode " + PosixFilePermissions.toString(
        Files.getPosixFilePermissions(lib)) + "; Files.copy REPLACE_EXISTING onto a 600 file leaves "
        + PosixFilePermissions.toString(Files.getPosixFilePermissions(copied)));
  }

  @Test
  void callerTextIsEscapedAndBounded() {
    assertEquals("a\\nb\\\\c\\u0007\\u00e9", LogText.of("a\nb\\c\u0007\u00e9"));
    String cut = LogText.of("x".repeat(1000), 10);
    assertEquals("xxxxxxxxxx...(1000 chars)", cut);
  }

  @Test
  void connectGivesUpWhenTheListenerNeverAccepts() throws Exception {
    Path s = dir("busy", "rwxr-xr-x").resolve("dn-2.sock");
    List<SocketChannel> queued = new ArrayList<>();
    try (ServerSocketChannel server = UnixSockets.bind(s, 1)) {
      // Fill the backlog: non-blocking connects succeed until the kernel queue is full.
      for (int i = 0; i < 64; i++) {
        SocketChannel c = (SocketChannel) SocketChannel.class.getMethod("open", java.net.ProtocolFamily.class)
            .invoke(null, java.net.StandardProtocolFamily.valueOf("UNIX")); // Java 16+, built for 11
        c.configureBlocking(false);
        try {
          c.connect(UnixSockets.address(s));
          queued.add(c);
        } catch (IOException full) {
          c.close();
          break;
        }
      }
      long start = System.nanoTime();
      IOException e = assertThrows(IOException.class, () -> UnixSockets.connect(s, 300).close());
      long ms = (System.nanoTime() - start) / 1_000_000;
      assertTrue(e instanceof java.net.SocketTimeoutException, e.toString());
      assertTrue(ms >= 250 && ms < 5000, "gave up after " + ms + " ms");
    } finally {
      for (SocketChannel c : queued) {
        c.close();
      }
    }
  }
}
