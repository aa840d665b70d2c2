package org.hadoopopt.directio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.hadoopopt.directio.client.DirectIoStatistics;
import org.hadoopopt.directio.client.DirectReplicaAccessorBuilder;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.testing.LogCapture;
import org.hadoopopt.testing.MiniDfs;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A local attacker ({@code nobody}, a process of its own) plants the DataNode's endpoint before the
 * reader asks: it listens on {@code dn-<transfer port>.sock} (the real DataNode's port) in (1) a
 * socket folder it created itself inside a sticky folder everyone can write to (as the old default
 * under {@code /tmp} allowed), (2) a root-owned sticky folder everyone can write to, (3) a
 * root-owned 755 folder where its socket file was then given to root (only the listening process
 * is still the attacker's). Each time a reader with the client builder reads a file of the real
 * cluster: every byte must be right, none read directly, one warning saying why, and the planted
 * listener must receive not one byte (so never the block token). Needs root and setpriv.
 */
class PlantedEndpointTest {
  static final Path SOCKETS = DirectIoTesting.socketDir("planted-real");

  @RegisterExtension
  static final MiniDfs DFS = new MiniDfs(1, DirectIoTesting.clusterConf(SOCKETS, true));

  static final org.apache.hadoop.fs.Path FILE = new org.apache.hadoop.fs.Path("/planted/f");
  static byte[] data;

  @BeforeAll
  static void setUp() throws Exception {
    String why = AsNobody.unavailable();
    Assumptions.assumeTrue(why == null, why);
    data = DirectIoTesting.content(37, 2 * DirectIoTesting.BLOCK + 99);
    DirectIoTesting.write(DFS.fs(), FILE, data, (short) 1);
  }

  static String socketName() {
    return EndpointDirectory.socketFor(SOCKETS, DFS.cluster().getDataNodes().get(0).getXferPort()).getFileName()
        .toString();
  }

  /** A fresh folder under target/ with {@code mode}, owned by root. */
  static Path folder(String name, String mode) throws Exception {
    Path dir = DirectIoTesting.socketDir(name);
    Files.createDirectories(dir);
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString(mode));
    return dir;
  }

  @Test
  void folderMadeByAnotherUserGetsNoToken() throws Exception {
    Path sharedTmp = folder("planted-tmp", "rwxrwxrwx");
    Files.setAttribute(sharedTmp, "unix:mode", 01777); // like /tmp: sticky, writable by all
    Path planted = sharedTmp.resolve("hadoopopt-directio");
    attack("folder made by nobody in a sticky shared folder", planted, planted.resolve(socketName()), "create", null);
  }

  @Test
  void socketPlantedInASharedFolderGetsNoToken() throws Exception {
    Path shared = folder("planted-sticky", "rwxrwxrwx");
    Files.setAttribute(shared, "unix:mode", 01777);
    attack("socket of nobody in a root-owned sticky folder", shared, shared.resolve(socketName()), "existing", null);
  }

  @Test
  void listenerOfAnotherUserBehindARootOwnedSocketGetsNoToken() throws Exception {
    Path dir = folder("planted-chown", "rwxrwxrwx");
    attack("listener of nobody on a socket file owned by root in a root-owned 755 folder", dir,
        dir.resolve(socketName()), "existing", () -> {
          // After nobody bound its socket: the file and folder now look exactly like the DataNode's.
          UserPrincipal root = dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("root");
          Files.setOwner(dir.resolve(socketName()), root);
          Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
          return null;
        });
  }

  private void attack(String what, Path socketDir, Path socket, String mode,
      java.util.concurrent.Callable<Void> afterBind) throws Exception {
    Path work = Files.createTempDirectory(Paths.get("target").toAbsolutePath(), "planted-");
    Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxrwxrwx"));
    Path counts = work.resolve("listener.properties");
    Process listener = AsNobody.start(work, PlantedListener.class, socket.toString(), mode, counts.toString());
    try {
      AsNobody.await(counts, "ready", listener, work, PlantedListener.class);
      if (afterBind != null) {
        afterBind.call();
      }
      Configuration c = DirectIoTesting.directClient(DFS.conf(), socketDir);
      c.setInt(DirectReplicaAccessorBuilder.TIMEOUT_MS, 1000);
      long direct = DirectIoStatistics.directBytes();
      String log;
      try (LogCapture capture = LogCapture.of(DirectReplicaAccessorBuilder.class);
          FileSystem fs = FileSystem.newInstance(DFS.cluster().getURI(), c)) {
        assertArrayEquals(data, DirectIoTesting.readSequential(fs, FILE, 64 * 1024), "every byte right");
        log = capture.text();
      }
      Thread.sleep(500); // let the listener count what it got
      Properties got = AsNobody.read(counts);
      long directNow = DirectIoStatistics.directBytes() - direct;
      int warnings = log.split("not using the DataNode endpoints", -1).length - 1;
      System.out.println("PlantedEndpointTest: " + what + ": planted listener got " + got.getProperty("connections")
          + " connections and " + got.getProperty("bytes") + " bytes; reader read " + directNow
          + " bytes directly; warnings: " + warnings);
      assertEquals("0", got.getProperty("bytes"), "bytes the planted listener received (a block token among them)");
      assertEquals(0, directNow, "nothing read through the planted endpoint");
      assertEquals(1, warnings, "one warning for the folder:\n" + log);
      assertTrue(log.contains("nobody") && log.contains(EndpointDirectory.SOCKET_DIR), log);
    } finally {
      AsNobody.stop(listener);
      DirectIoTesting.deleteTree(work);
    }
  }
}
