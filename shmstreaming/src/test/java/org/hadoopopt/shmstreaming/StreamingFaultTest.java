package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.hadoopopt.testing.LogCapture;

/**
 * The Streaming program exits non-zero mid-stream, is killed with SIGKILL, or stops reading:
 * the task fails with a message saying so, and (checked after each test) no program, thread or
 * segment stays behind. The timeouts only turn a hang into a failure.
 */
class StreamingFaultTest extends StreamingTestBase {
  @BeforeAll
  static void input() throws Exception {
    // ~100 KB: far more than the 4 KB ring, so the task blocks on a program that stops.
    Programs.write(work.resolve("in/f.txt"), Programs.text(3, 1500, 200));
  }

  private static String faulty(String mode) {
    return Programs.PYTHON + " -B " + Paths.get("src/test/python/faulty.py").toAbsolutePath() + " " + NativeBuild.python()
        + " " + mode + " 100";
  }

  /**
   * Runs a failing job and returns its log. The stall timeout is long except where the stall is
   * the fault under test, so a slow machine cannot turn "exited" into "made no progress".
   */
  private static String runFailing(String mapper, long stallMs, String... keyValues) throws Exception {
    try (LogCapture log = LogCapture.root().withStderr()) {
      StreamingRun.Builder b = job(SHM_MAP).set("stream.shm.buffer.bytes", "4096")
          .set("stream.shm.stall.timeout.ms", Long.toString(stallMs));
      for (int i = 0; i + 1 < keyValues.length; i += 2) {
        b.set(keyValues[i], keyValues[i + 1]);
      }
      StreamingRun r = b.arg("-input", work.resolve("in").toString(), "-mapper", mapper, "-numReduceTasks", "0").run(fs);
      assertNotEquals(0, r.exitCode, "job should fail");
      return log.text();
    }
  }

  @Test
  @Timeout(120)
  void programExitingNonZeroMidStreamFailsTheTask() throws Exception {
    String log = runFailing(faulty("exit"), 60_000);
    assertTrue(log.contains("exited with code 3") || log.contains("subprocess failed with code 3"), "message names exit code 3");
  }

  @Test
  @Timeout(120)
  void killedProgramFailsTheTask() throws Exception {
    String log = runFailing(faulty("kill"), 60_000);
    assertTrue(log.contains("exited with code 137") || log.contains("subprocess failed with code 137"),
        "message names the SIGKILL exit code 137");
  }

  @Test
  @Timeout(120)
  void killedProgramFailsTheTaskWhileTheThreadsTakeTurns() throws Exception {
    String log = runFailing(faulty("kill"), 60_000, "stream.shm.turns", "true");
    assertTrue(log.contains("exited with code 137") || log.contains("subprocess failed with code 137"),
        "message names the SIGKILL exit code 137");
  }

  @Test
  @Timeout(120)
  void programThatStopsReadingFailsTheTaskAfterTheStallTimeout() throws Exception {
    // The stall clock starts once the program has mapped the ring: its start-up, however slow,
    // does not count.
    String log = runFailing(faulty("stop"), 2000);
    assertTrue(log.contains("made no progress for 2000 ms") && log.contains("stream.shm.stall.timeout.ms"),
        "message names the stall and its key");
  }

  @Test
  @Timeout(120)
  void programThatNeverOpensTheChannelFailsTheTaskAfterTheAttachTimeout() throws Exception {
    // A program that does not use the client (here: one that only sleeps) never maps the ring.
    String log = runFailing("sleep 600", 60_000, "stream.shm.attach.timeout.ms", "2000");
    assertTrue(log.contains("has not opened this shm channel within 2000 ms (stream.shm.attach.timeout.ms)"),
        "message names the attach timeout and its key");
  }

  @Test
  @Timeout(120)
  void programBehindAShellIsStoppedWithTheShell() throws Exception {
    // Streaming starts the shell; the program is its child. Stopping only the shell would leave
    // the program running, orphaned, out of the reach of the child-process check after each test.
    String token = "wrapped-" + ProcessHandle.current().pid();
    Path script = work.resolve("wrapper.sh");
    Files.write(script, ("#!/bin/sh\n" + faulty("stop") + " " + token + "\necho wrapper done >&2\n").getBytes(StandardCharsets.UTF_8));
    String log = runFailing("/bin/sh " + script, 2000);
    assertTrue(log.contains("made no progress for 2000 ms"), "message names the stall");
    long deadline = System.currentTimeMillis() + 30_000;
    List<String> left = processesWith(token);
    while (!left.isEmpty() && System.currentTimeMillis() < deadline) {
      Thread.sleep(100);
      left = processesWith(token);
    }
    assertEquals(Collections.emptyList(), left, "program left running behind its shell");
  }

  /** Running processes (zombies excluded) whose command line contains TEXT. */
  static List<String> processesWith(String text) throws java.io.IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> procs = Files.list(Paths.get("/proc"))) {
      for (Path p : (Iterable<Path>) procs::iterator) {
        if (!p.getFileName().toString().chars().allMatch(Character::isDigit)) {
          continue;
        }
        try {
          String cmd = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
          String stat = new String(Files.readAllBytes(p.resolve("stat")), StandardCharsets.US_ASCII);
          if (cmd.contains(text) && stat.charAt(stat.lastIndexOf(')') + 2) != 'Z') {
            found.add(p.getFileName() + " " + cmd);
          }
        } catch (java.io.IOException e) {
          // gone meanwhile
        }
      }
    }
    return found;
  }
}
