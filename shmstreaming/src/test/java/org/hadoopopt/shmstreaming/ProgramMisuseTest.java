package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import org.hadoopopt.shmstreaming.io.ShmCounter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.hadoopopt.testing.LogCapture;

/**
 * Programs that use the process's plain I/O against the rules of shm Streaming: bytes printed
 * to plain stdout (counted, and fatal unless stream.shm.stdout=warn), a program that never
 * opens its channel, and one whose stdin is closed. None may lose records silently; each gets
 * the README's documented words. The timeouts only turn a hang into a failure.
 */
class ProgramMisuseTest extends StreamingTestBase {
  private static String text;
  private static byte[] identity;

  @BeforeAll
  static void input() throws Exception {
    text = Programs.text(7, 1500, 200); // ~100 KB: far more than the 4 KB ring
    Programs.write(work.resolve("in/f.txt"), text);
    Programs.write(work.resolve("small/f.txt"), "one line\nanother\n");
    // Independent answer: the lines have no TAB, so each comes out as key TAB "" (one map, in order).
    identity = text.replace("\n", "\t\n").getBytes(StandardCharsets.UTF_8);
  }

  private static String misuse(String mode) {
    return Programs.PYTHON + " -B " + Paths.get("src/test/python/misuse.py").toAbsolutePath() + " " + NativeBuild.python()
        + " " + mode;
  }

  private static String program(String client, String mode) {
    return client.equals("c") ? NativeBuild.bin("identity_c") + " " + mode : misuse(mode);
  }

  private static StreamingRun.Builder smallRing(String input, String... io) {
    return job(io).set("stream.shm.buffer.bytes", "4096").arg("-input", work.resolve(input).toString(), "-numReduceTasks", "0");
  }

  @Test
  @Timeout(120)
  void bytesOnPlainStdoutFailTheTaskByDefaultNamingTheKey() throws Exception {
    try (LogCapture log = LogCapture.root().withStderr()) {
      StreamingRun r = smallRing("in", SHM_MAP).arg("-mapper", misuse("stdout")).run(fs);
      assertNotEquals(0, r.exitCode, "the job should fail");
      String t = log.text();
      assertTrue(t.contains("the external program wrote 16 bytes to its plain stdout, starting \"stray line\\ndone\\n\"")
          && t.contains("stream.shm.stdout=warn"), "no clear message naming the bytes and the key");
    }
  }

  @Test
  @Timeout(120)
  void bytesOnPlainStdoutAreCountedAndWarnedWithWarn() throws Exception {
    try (LogCapture log = LogCapture.root().withStderr()) {
      StreamingRun r = smallRing("in", SHM_MAP).set("stream.shm.stdout", "warn").arg("-mapper", misuse("stdout")).run(fs);
      assertEquals(0, r.exitCode, r.failure);
      assertArrayEquals(identity, r.output, "the ring's records are the output");
      assertEquals(16, r.counter(ShmCounter.STDOUT_BYTES), "stray stdout bytes counted");
      assertTrue(log.text().contains("wrote 16 bytes to its plain stdout"), "no warning");
    }
    // And a program that prints nothing there counts nothing (the counter is the program's, not noise).
    StreamingRun clean = smallRing("in", SHM_MAP).arg("-mapper", Programs.command("python", "identity")).run(fs);
    assertEquals(0, clean.exitCode, clean.failure);
    assertEquals(0, clean.counter(ShmCounter.STDOUT_BYTES));
  }

  /** /bin/true never maps its rings: over shm in and out it is told so, not "exited ... without closing". */
  @Test
  @Timeout(120)
  void aProgramThatNeverAttachesIsToldItHasNotOpenedTheChannel() throws Exception {
    try (LogCapture log = LogCapture.root().withStderr()) {
      StreamingRun r = smallRing("in", SHM_MAP).arg("-mapper", "/bin/true").run(fs);
      assertNotEquals(0, r.exitCode, "the job should fail");
      String t = log.text();
      assertTrue(t.contains("the external program has not opened this shm channel"), "no documented message");
      assertFalse(t.contains("without closing its output channel"), "the old, misleading message");
    }
  }

  /**
   * Input through shm, output through the pipe, all input fitting the ring: a program that never
   * maps it would otherwise end with empty output and success.
   */
  @Test
  @Timeout(120)
  void aProgramThatNeverAttachesItsInputRingFailsEvenWhenAllInputFits() throws Exception {
    try (LogCapture log = LogCapture.root().withStderr()) {
      StreamingRun r = job("stream.map.input", "shm").arg("-input", work.resolve("small").toString(), "-mapper", "/bin/true",
          "-numReduceTasks", "0").run(fs);
      assertNotEquals(0, r.exitCode, "the job should fail, not succeed with no output");
      assertTrue(log.text().contains("the external program has not opened this shm channel"), "no documented message");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "python"})
  @Timeout(120)
  void aProgramWhoseStdinIsClosedIsToldStdinMustStayOpen(String client) throws Exception {
    try (LogCapture log = LogCapture.root().withStderr()) {
      StreamingRun r = smallRing("in", SHM_MAP).arg("-mapper", program(client, "close-stdin-first")).run(fs);
      assertNotEquals(0, r.exitCode, "the job should fail, not lose input");
      String t = log.text();
      // The task kills the program as it fails, so the program's own message may not make it to the log.
      assertTrue(t.contains("the external program's stdin is closed or redirected, but stdin must stay open with shm input"),
          "the task does not say why");
    }
  }

  /**
   * The clients' side of it, on their own: stdin from /dev/null (not Streaming's pipe), an input
   * segment this test made under the name the client looks for (its parent's pid, this JVM's):
   * the client marks the ring before it shows itself attached, says why, and exits non-zero.
   */
  @ParameterizedTest
  @ValueSource(strings = {"c", "python"})
  @Timeout(120)
  void clientsRefuseAStdinThatIsNotStreamingsPipeAndMarkTheRing(String client) throws Exception {
    java.nio.file.Path dir = java.nio.file.Files.createDirectories(work.resolve("stdin-" + client));
    String attempt = "attempt_1_0001_m_000000_0";
    java.nio.file.Path segment = dir.resolve("hadoopopt-shm-" + attempt + "-" + ProcessHandle.current().pid() + ".in");
    java.nio.ByteBuffer ring = org.hadoopopt.shmstreaming.ring.NativeShm.create(segment.toString(), 4096, 16)
        .order(java.nio.ByteOrder.LITTLE_ENDIAN);
    try {
      String cmd = client.equals("c") ? NativeBuild.bin("identity_c") : Programs.command("python", "identity");
      ProcessBuilder pb = new ProcessBuilder(cmd.split(" "));
      java.util.Map<String, String> env = pb.environment();
      env.put("mapreduce_task_ismap", "true");
      env.put("mapreduce_task_attempt_id", attempt);
      env.put("stream_map_input_writer_class", "org.hadoopopt.shmstreaming.io.ShmInputWriter");
      env.put("stream_shm_dir", dir.toString());
      pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
      String out = NativeBuild.run(pb, 60);
      assertTrue(out.contains("stdin (fd 0) is closed or is not the pipe Hadoop Streaming gave the program, but stdin must "
          + "stay open with stream.map.input=shm"), out);
      assertFalse(out.endsWith("exit=0"), out);
      assertEquals(1, ring.getInt(org.hadoopopt.shmstreaming.ring.RingLayout.OFF_ATTACHED), "attached");
      assertEquals(org.hadoopopt.shmstreaming.ring.RingLayout.CONSUMER_STDIN_CLOSED,
          ring.getInt(org.hadoopopt.shmstreaming.ring.RingLayout.OFF_CONSUMER_CLOSED), "the ring says why");
    } finally {
      org.hadoopopt.shmstreaming.ring.NativeShm.unmap(ring);
      NativeBuild.deleteQuietly(segment);
    }
  }

  /** Closing fd 0 once the channel is open is harmless: the client watches its own duplicate. */
  @ParameterizedTest
  @ValueSource(strings = {"c", "python"})
  @Timeout(120)
  void closingStdinAfterOpeningTheChannelLosesNothing(String client) throws Exception {
    StreamingRun r = smallRing("in", SHM_MAP).arg("-mapper", program(client, "close-stdin-later")).run(fs);
    assertEquals(0, r.exitCode, r.failure);
    assertArrayEquals(identity, r.output);
  }
}
