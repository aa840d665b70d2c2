package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.hadoopopt.shmstreaming.ring.NativeShm;
import org.hadoopopt.shmstreaming.ring.Peer;
import org.hadoopopt.shmstreaming.ring.RingProducer;
import org.hadoopopt.testing.LogCapture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Another local user (uid 65534, {@code nobody}, run with {@code setpriv}) against the shm
 * segments of this user (the task's, root here), in the shared /dev/shm where segment names are
 * derived from the attempt id and the program's pid: a symbolic link planted at the temporary
 * name the task used to write (the task makes its own unpredictable one and never follows a
 * link), a link or a ring of its own planted at the segment's name (the task refuses to create
 * the segment, and the C, C++, Python and Java clients refuse to attach it, saying why; the
 * victim file and the planted ring are left unchanged), a segment of this user writable by others
 * or with a second name (refused), a segment folder the other user owns or may write without the
 * sticky bit (the task fails, naming stream.shm.dir), and a live segment the other user tries to
 * remove or replace (it cannot; the job's output is right). The clients are started the way
 * Streaming starts them, with this JVM as their parent, whose pid names the segments here. Needs
 * root and setpriv (skipped otherwise, saying so).
 */
class ShmHostileUserTest extends StreamingTestBase {
  private static final String INPUT_WRITER = "org.hadoopopt.shmstreaming.io.ShmInputWriter";
  private static final long PID = ProcessHandle.current().pid();
  private static final String ATTEMPT = "attempt_hostile" + PID + "_0001_m_000000_0";
  private static final byte[] VICTIM = "a file of the task's user\n".getBytes(StandardCharsets.UTF_8);
  private Path victim;
  private final List<Path> planted = new ArrayList<>();

  @BeforeAll
  static void needsRootAndSetpriv() {
    Assumptions.assumeTrue("root".equals(System.getProperty("user.name")),
        "plants files as another OS user, which needs root (CI runs as root)");
    Assumptions.assumeTrue(new File("/usr/bin/setpriv").canExecute() || new File("/bin/setpriv").canExecute(),
        "needs setpriv (util-linux) to run commands as another user");
  }

  @BeforeEach
  void victim() throws IOException {
    victim = work.resolve("victim-" + System.nanoTime());
    Files.write(victim, VICTIM);
  }

  @AfterEach
  void removePlanted() throws IOException {
    for (Path p : planted) {
      Files.deleteIfExists(p);
    }
    planted.clear();
  }

  /** The segment name a program started by this JVM looks for (its parent's pid: ours). */
  private Path segmentName(String suffix) {
    Path p = Paths.get("/dev/shm/hadoopopt-shm-" + ATTEMPT + "-" + PID + "." + suffix);
    planted.add(p);
    return p;
  }

  /** Runs a shell command as uid/gid 65534 with no supplementary groups; returns its exit status and output. */
  private static String[] asNobody(String script) throws Exception {
    ProcessBuilder pb = new ProcessBuilder("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--",
        "/bin/sh", "-c", script).redirectErrorStream(true);
    Process p = pb.start();
    byte[] out = p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), script);
    return new String[] {String.valueOf(p.exitValue()), new String(out, StandardCharsets.UTF_8)};
  }

  private static void plantAsNobody(String script) throws Exception {
    String[] r = asNobody(script);
    assertEquals("0", r[0], "as nobody: " + script + ": " + r[1]);
  }

  private static int uid(Path p) throws IOException {
    return (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
  }

  private void assertVictimUntouched() throws IOException {
    assertArrayEquals(VICTIM, Files.readAllBytes(victim), "the victim file's bytes");
  }

  /** No temporary file of the task's left next to the name (other than what was planted). */
  private void assertNoTemporaryLeft(Path segment) throws IOException {
    try (java.util.stream.Stream<Path> s = Files.list(segment.getParent())) {
      List<Path> left = new ArrayList<>();
      s.filter(p -> p.getFileName().toString().startsWith(segment.getFileName() + ".") && !planted.contains(p))
          .forEach(left::add);
      assertEquals(List.of(), left, "temporary files left");
    }
  }

  /** A client started as Streaming starts it: input on shm, stdin an open pipe; its exit status and output. */
  private static String[] runClient(String client) throws Exception {
    String nativeDir = NativeBuild.dir().toAbsolutePath().toString();
    List<String> cmd = new ArrayList<>();
    switch (client) {
      case "c":
        cmd.add(nativeDir + "/bin/identity_c");
        break;
      case "cpp":
        cmd.add(nativeDir + "/bin/identity");
        break;
      default:
        cmd.add(Programs.PYTHON);
        cmd.add(NativeBuild.python() + "/examples/identity.py");
    }
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    Map<String, String> env = pb.environment();
    env.put("mapreduce_task_attempt_id", ATTEMPT);
    env.put("mapreduce_task_ismap", "true");
    env.put("stream_map_input", "shm");
    env.put("stream_map_input_writer_class", INPUT_WRITER);
    env.put("stream_shm_dir", "/dev/shm");
    env.put("stream_shm_attach_timeout_ms", "5000");
    Process p = pb.start(); // stdin stays an open pipe until the client is done
    try {
      byte[] out = p.getInputStream().readAllBytes();
      assertTrue(p.waitFor(30, TimeUnit.SECONDS), client + " did not finish");
      return new String[] {String.valueOf(p.exitValue()), new String(out, StandardCharsets.UTF_8)};
    } finally {
      p.getOutputStream().close();
      p.destroyForcibly();
    }
  }

  private void assertEveryClientRefuses(Path segment, String why) throws Exception {
    for (String client : new String[] {"c", "cpp", "python"}) {
      String[] r = runClient(client);
      assertNotEquals("0", r[0], client + " client attached " + segment + ": " + r[1]);
      assertTrue(r[1].contains(segment.toString()) && r[1].contains(why), client + " client's error: " + r[1]);
    }
    IOException e = assertThrows(IOException.class, () -> NativeShm.attach(segment.toString()), "Java attach");
    assertTrue(e.getMessage().contains(why), e.getMessage());
  }

  @Test
  void aLinkAtTheOldTemporaryNameIsNeverFollowed() throws Exception {
    Path segment = segmentName("in");
    Path oldTemporary = Paths.get(segment + ".tmp");
    planted.add(oldTemporary);
    plantAsNobody("ln -s " + victim + " " + oldTemporary);
    ByteBuffer ring = NativeShm.create(segment.toString(), 4096, 16);
    try {
      assertVictimUntouched();
      assertEquals(victim, Files.readSymbolicLink(oldTemporary), "the planted link, untouched");
      assertTrue(Files.isRegularFile(segment, LinkOption.NOFOLLOW_LINKS));
      assertEquals(0, uid(segment));
      assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(segment, LinkOption.NOFOLLOW_LINKS)));
      assertNoTemporaryLeft(segment);
    } finally {
      NativeShm.unmap(ring);
    }
  }

  @Test
  void aLinkAtTheSegmentNameFailsTheTaskAndEveryClientRefusesIt() throws Exception {
    Path segment = segmentName("in");
    plantAsNobody("ln -s " + victim + " " + segment);
    IOException e = assertThrows(IOException.class, () -> NativeShm.create(segment.toString(), 4096, 16));
    assertTrue(e.getMessage().contains("already exists (a symbolic link of uid 65534"), e.getMessage());
    assertNoTemporaryLeft(segment);
    assertEveryClientRefuses(segment, "is a symbolic link");
    assertVictimUntouched();
  }

  /** A real ring of nobody's, holding records, at the segment's name; its bytes afterwards. */
  @Test
  void aRingPlantedByAnotherUserIsNeitherReplacedNorAttached() throws Exception {
    byte[] image = hostileRing();
    Path source = Files.createTempFile(Paths.get("/tmp"), "hostile-ring", ".img");
    try {
      Files.write(source, image);
      Files.setPosixFilePermissions(source, PosixFilePermissions.fromString("rw-r--r--"));
      for (String mode : new String[] {"644", "600"}) {
        Path segment = segmentName("in");
        plantAsNobody("cp " + source + " " + segment + " && chmod " + mode + " " + segment);
        assertEquals(65534, uid(segment));
        IOException e = assertThrows(IOException.class, () -> NativeShm.create(segment.toString(), 4096, 16));
        assertTrue(e.getMessage().contains("already exists (a file of uid 65534"), e.getMessage());
        assertNoTemporaryLeft(segment);
        assertEveryClientRefuses(segment, "belongs to uid 65534, not to this process's user (uid 0)");
        assertArrayEquals(image, Files.readAllBytes(segment), "the planted ring is unchanged (never marked attached)");
        Files.delete(segment);
      }
    } finally {
      Files.deleteIfExists(source);
    }
  }

  /** Two records in a ring made by hand (as another user would), closed. */
  private static byte[] hostileRing() throws IOException {
    Path p = Paths.get("/dev/shm/hadoopopt-shm-hostile-image-" + PID);
    ByteBuffer ring = NativeShm.create(p.toString(), 4096, 16);
    Files.delete(p);
    try {
      RingProducer producer = new RingProducer("hostile", ring, Peer.ALWAYS, 0);
      for (String rec : new String[] {"planted record 1", "planted record 2"}) {
        byte[] b = rec.getBytes(StandardCharsets.UTF_8);
        producer.claim(b.length);
        producer.put(b, 0, b.length);
        producer.commit();
      }
      producer.closeStream(1);
      byte[] image = new byte[ring.capacity()];
      ByteBuffer all = ring.duplicate();
      all.clear();
      all.get(image);
      return image;
    } finally {
      NativeShm.unmap(ring);
    }
  }

  @Test
  void aSegmentOthersMayWriteOrWithASecondNameIsRefused() throws Exception {
    Path segment = segmentName("in");
    NativeShm.unmap(NativeShm.create(segment.toString(), 4096, 16));
    Files.setPosixFilePermissions(segment, PosixFilePermissions.fromString("rw-rw-rw-"));
    assertEveryClientRefuses(segment, "has mode 0666, writable by group or others");
    Files.setPosixFilePermissions(segment, PosixFilePermissions.fromString("rw-------"));
    Path second = Paths.get("/dev/shm/hadoopopt-test-second-name-" + PID);
    planted.add(second);
    Files.createLink(second, segment);
    assertEveryClientRefuses(segment, "has 2 names");
  }

  @Test
  void aSegmentFolderAnotherUserCouldReplaceSegmentsInIsRefused() throws Exception {
    Path nobodys = Paths.get("/tmp/hadoopopt-shm-hostile-dir-" + PID);
    planted.add(nobodys);
    plantAsNobody("mkdir -m 755 " + nobodys);
    IOException e = assertThrows(IOException.class,
        () -> NativeShm.create(nobodys.resolve("hadoopopt-shm-x.in").toString(), 4096, 16));
    assertTrue(e.getMessage().contains("the shm folder " + nobodys + " (stream.shm.dir) belongs to uid 65534"),
        e.getMessage());
    Path open = work.resolve("open-" + System.nanoTime());
    Files.createDirectory(open);
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
    e = assertThrows(IOException.class, () -> NativeShm.create(open.resolve("s.in").toString(), 4096, 16));
    assertTrue(e.getMessage().contains("writable by group or others without the sticky bit"), e.getMessage());
    Files.setAttribute(open, "unix:mode", 01777);
    NativeShm.unmap(NativeShm.create(open.resolve("s.in").toString(), 4096, 16)); // like /dev/shm: fine
    Files.delete(open.resolve("s.in"));

    // A job with its segments there fails, saying why.
    Path in = work.resolve("folder-input");
    Files.createDirectories(in);
    Files.write(in.resolve("a.txt"), "one\ntwo\n".getBytes(StandardCharsets.UTF_8));
    StreamingRun r;
    try (LogCapture log = LogCapture.root().withStderr()) {
      r = job(SHM_MAP).set("stream.shm.dir", nobodys.toString()).set("stream.shm.attach.timeout.ms", "5000")
          .arg("-input", in.toString(), "-mapper", Programs.command("cpp", "identity"), "-numReduceTasks", "0").run(fs);
      assertNotEquals(0, r.exitCode, "the job ran its segments in another user's folder");
      assertTrue(log.text().contains("(stream.shm.dir) belongs to uid 65534"), "the task's failure names the folder and why");
    }
    try (java.util.stream.Stream<Path> s = Files.list(nobodys)) {
      assertEquals(0, s.count(), "nothing created in the other user's folder");
    }
  }

  @Test
  void anotherUserCannotRemoveOrReplaceALiveSegment() throws Exception {
    Path segment = segmentName("in");
    Path other = Paths.get("/tmp/hadoopopt-shm-hostile-file-" + PID);
    planted.add(other);
    plantAsNobody("echo hostile > " + other);
    ByteBuffer ring = NativeShm.create(segment.toString(), 4096, 16);
    try {
      Object key = Files.readAttributes(segment, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
      for (String attack : new String[] {"rm -f " + segment, "mv -f " + other + " " + segment,
          "ln -sf " + other + " " + segment, "echo x > " + segment, "ln -f " + segment + " " + other + ".link"}) {
        String[] r = asNobody(attack);
        assertNotEquals("0", r[0], "as nobody, succeeded: " + attack);
      }
      assertEquals(key, Files.readAttributes(segment, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey());
      assertEquals(0, uid(segment));
      assertEquals(0x52534F48, ring.order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(0), "the header is ours");
      assertFalse(Files.exists(Paths.get(other + ".link"), LinkOption.NOFOLLOW_LINKS));
    } finally {
      NativeShm.unmap(ring);
    }
  }
}
