package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.hadoopopt.shmstreaming.io.ShmIdentifierResolver;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;

/** LocalJobRunner work dir, a private shm dir, and the after-each "nothing left behind" checks. */
abstract class StreamingTestBase {
  static Path work;
  static Path shmDir;
  static Configuration conf;
  static FileSystem fs;
  private static int runs;

  @BeforeAll
  static void setUpBase() throws Exception {
    work = Files.createTempDirectory(Paths.get("target"), "streaming").toAbsolutePath();
    shmDir = StreamingRun.shmDir(work.getFileName().toString());
    conf = StreamingRun.localConf(work);
    fs = FileSystem.getLocal(conf);
  }

  @AfterAll
  static void tearDownBase() {
    TestFiles.deleteRecursively(work.toFile());
    TestFiles.deleteRecursively(shmDir.toFile());
  }

  /**
   * After a failed job Streaming may still be tearing down (its output thread, the program's
   * exit) when the test resumes, so leftovers get a generous grace period (no timing assertion):
   * a hanging program or a leaked segment outlives it.
   */
  @AfterEach
  void nothingLeftBehind() throws Exception {
    long deadline = System.currentTimeMillis() + 30_000;
    List<Object> segments;
    List<String> children;
    while (true) {
      try (java.util.stream.Stream<Path> left = Files.list(shmDir)) {
        segments = Arrays.asList(left.toArray());
      }
      List<String> alive = new ArrayList<>();
      ProcessHandle.current().children().filter(ProcessHandle::isAlive)
          .forEach(p -> alive.add(p.pid() + " " + p.info().commandLine().orElse("?")));
      children = alive;
      if ((segments.isEmpty() && children.isEmpty()) || System.currentTimeMillis() > deadline) {
        break;
      }
      Thread.sleep(100);
    }
    assertEquals(Collections.emptyList(), segments, "segments left in " + shmDir);
    assertEquals(Collections.emptyList(), children, "child processes left");
    List<Thread> ours = new ArrayList<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith("shm-")) {
        ours.add(t);
      }
    }
    for (Thread t : ours) {
      t.join(30_000); // a drain thread ends with its program's stdout; a hang fails here
      assertEquals(false, t.isAlive(), "thread left running: " + t.getName());
    }
  }

  static StreamingRun.Builder job(String... io) {
    StreamingRun.Builder b = new StreamingRun.Builder(conf, work.resolve("out" + (runs++)))
        .set(ShmIdentifierResolver.RESOLVER_KEY, ShmIdentifierResolver.class.getName())
        .set("stream.shm.dir", shmDir.toString())
        .set("stream.shm.buffer.bytes", "65536");
    for (int i = 0; i + 1 < io.length; i += 2) {
      b.set(io[i], io[i + 1]);
    }
    return b;
  }

  static final String[] SHM_BOTH_SIDES = {"stream.map.input", "shm", "stream.map.output", "shm",
      "stream.reduce.input", "shm", "stream.reduce.output", "shm"};
  static final String[] SHM_MAP = {"stream.map.input", "shm", "stream.map.output", "shm"};
}
