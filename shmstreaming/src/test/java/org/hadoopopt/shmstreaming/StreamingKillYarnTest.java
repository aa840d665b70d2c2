package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.util.JarFinder;
import org.hadoopopt.shmstreaming.io.ShmIdentifierResolver;
import org.hadoopopt.shmstreaming.io.ShmInputWriter;
import org.hadoopopt.testing.MiniMrYarn;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The framework kills a Streaming task while its program is mid-stream over shm, on YARN: the
 * task attempt killed through the client, then the whole job, and a task timed out by
 * {@code mapreduce.task.timeout} because its program stalls. The program ({@code held.py})
 * echoes 100 records, writes its pid and its parent's (the task JVM) to a file named after the
 * attempt, and then holds the channel with SIGTERM ignored, so only the framework's process-group
 * SIGKILL ends it. Afterwards the program and the task JVM (and with it every thread of ours) are
 * gone, no process of this test's command line is left, and no segment is left in the shm dir.
 */
class StreamingKillYarnTest {
  @RegisterExtension
  static final MiniMrYarn CLUSTER = new MiniMrYarn(1);

  private static Path shmDir;
  private static Path pidDir;
  private static String libjar;
  private static int runs;
  /** Faults injected and processes seen, for the figures. */
  private static int faults;
  private static int processesSeen;
  private final ExecutorService client = Executors.newSingleThreadExecutor();

  @BeforeAll
  static void setUp() throws Exception {
    shmDir = StreamingRun.shmDir("kill");
    pidDir = Files.createTempDirectory(Paths.get("target"), "kill-pids").toAbsolutePath();
    libjar = JarFinder.getJar(ShmInputWriter.class);
    // ~100 KB through a 4 KB ring: the task is blocked writing when the program stops reading.
    try (OutputStream out = CLUSTER.fs().create(new org.apache.hadoop.fs.Path("/kill/in/f.txt"))) {
      out.write(Programs.text(3, 1500, 200).getBytes(StandardCharsets.UTF_8));
    }
  }

  @AfterAll
  static void tearDown() {
    System.out.println("StreamingKillYarnTest: faults injected " + faults + ", program processes seen " + processesSeen
        + ", left 0 (asserted)");
    TestFiles.deleteRecursively(shmDir.toFile());
    TestFiles.deleteRecursively(pidDir.toFile());
  }

  @AfterEach
  void stopClient() {
    client.shutdownNow();
  }

  private Future<StreamingRun> submit(String... keyValues) {
    StreamingRun.Builder b = new StreamingRun.Builder(CLUSTER.conf(), Paths.get("/kill/out" + (runs++)))
        .set(ShmIdentifierResolver.RESOLVER_KEY, ShmIdentifierResolver.class.getName())
        .set("stream.shm.dir", shmDir.toString())
        .set("stream.shm.buffer.bytes", "4096")
        // the framework, not our stall timeout, must be what ends the task
        .set("stream.shm.stall.timeout.ms", "600000")
        // a stalled task would get a speculative twin: one program per attempt we kill
        .set("mapreduce.map.speculative", "false");
    for (int i = 0; i + 1 < keyValues.length; i += 2) {
      b.set(keyValues[i], keyValues[i + 1]);
    }
    b.arg("-libjars", libjar).arg("-io", "shm", "-input", "/kill/in",
        "-mapper", Programs.PYTHON + " -B " + Paths.get("src/test/python/held.py").toAbsolutePath() + " "
            + NativeBuild.python() + " " + pidDir + " 100",
        "-numReduceTasks", "0");
    return client.submit(() -> b.run(CLUSTER.fs()));
  }

  /** Waits for the program of a new attempt to be mid-stream; returns {attempt, pid, task JVM pid}. */
  private static String[] awaitHeldProgram(List<String> seen) throws Exception {
    long deadline = System.currentTimeMillis() + 300_000;
    while (System.currentTimeMillis() < deadline) {
      try (Stream<Path> files = Files.list(pidDir)) {
        for (Path p : (Iterable<Path>) files::iterator) {
          String name = p.getFileName().toString();
          if (name.endsWith(".pid") && !seen.contains(name)) {
            seen.add(name);
            String[] pids = new String(Files.readAllBytes(p), StandardCharsets.US_ASCII).trim().split(" ");
            processesSeen++;
            // Mid-stream over shm: the program has the (already unlinked) ring segments mapped.
            String maps = new String(Files.readAllBytes(Paths.get("/proc/" + pids[0] + "/maps")), StandardCharsets.US_ASCII);
            assertTrue(maps.contains(shmDir + "/hadoopopt-shm-"), "program " + pids[0] + " has its shm rings mapped");
            return new String[] {name.substring(0, name.length() - 4), pids[0], pids[1]};
          }
        }
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no program reached record 100 within 300 s");
  }

  /** The pid files earlier tests left (their programs are gone). */
  private static List<String> seenBefore() throws IOException {
    List<String> names = new ArrayList<>();
    try (Stream<Path> files = Files.list(pidDir)) {
      files.forEach(p -> names.add(p.getFileName().toString()));
    }
    return names;
  }

  private static Job runningJob() throws Exception {
    Cluster cluster = new Cluster(CLUSTER.conf());
    for (JobStatus s : cluster.getAllJobStatuses()) {
      if (!s.isJobComplete()) {
        return cluster.getJob(s.getJobID());
      }
    }
    throw new AssertionError("no running job");
  }

  /** True while the process exists and is not a zombie (an exited child not yet reaped holds nothing). */
  private static boolean running(String pid) {
    try {
      String stat = new String(Files.readAllBytes(Paths.get("/proc/" + pid + "/stat")), StandardCharsets.US_ASCII);
      return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
    } catch (IOException e) {
      return false;
    }
  }

  /** Live processes whose command line names this test's pid folder (every held.py it started). */
  private static List<String> ourPrograms() throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> procs = Files.list(Paths.get("/proc"))) {
      for (Path p : (Iterable<Path>) procs::iterator) {
        String pid = p.getFileName().toString();
        if (!pid.chars().allMatch(Character::isDigit)) {
          continue;
        }
        try {
          String cmd = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
          if (cmd.contains(pidDir.toString()) && running(pid)) {
            found.add(pid + " " + cmd);
          }
        } catch (IOException e) {
          // gone meanwhile
        }
      }
    }
    return found;
  }

  /** The generous wait is for the NodeManager's SIGTERM, its delayed SIGKILL and container clean-up; a survivor outlives it. */
  private static void assertNothingLeft(boolean jobOver, String[]... held) throws Exception {
    long deadline = System.currentTimeMillis() + 60_000;
    while (System.currentTimeMillis() < deadline) {
      boolean alive = jobOver && !ourPrograms().isEmpty();
      for (String[] h : held) {
        alive |= running(h[1]) || running(h[2]);
      }
      if (!alive && segments().isEmpty()) {
        break;
      }
      Thread.sleep(200);
    }
    for (String[] h : held) {
      assertEquals(false, running(h[1]), "program of " + h[0] + " (pid " + h[1] + ") still running");
      assertEquals(false, running(h[2]), "task JVM of " + h[0] + " (pid " + h[2] + ") still running");
    }
    if (!jobOver) {
      return; // the job's next attempt streams on
    }
    assertEquals(Collections.emptyList(), ourPrograms(), "programs left");
    assertEquals(Collections.emptyList(), segments(), "segments left in " + shmDir);
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      assertTrue(!t.getName().startsWith("shm-") || !t.isAlive(), "thread left in the client: " + t.getName());
    }
  }

  private static List<Object> segments() throws IOException {
    try (Stream<Path> left = Files.list(shmDir)) {
      return Arrays.asList(left.toArray());
    }
  }

  @Test
  @Timeout(600)
  void attemptAndJobKilledMidStreamLeaveNothing() throws Exception {
    Future<StreamingRun> run = submit("mapreduce.map.maxattempts", "2");
    List<String> seen = seenBefore();
    String[] first = awaitHeldProgram(seen);
    Job job = runningJob();
    String[] second;
    try {
      job.killTask(TaskAttemptID.forName(first[0]), false); // a killed attempt is retried
      faults++;
      second = awaitHeldProgram(seen);
      assertNotEquals(first[0], second[0], "a second attempt ran");
      assertNothingLeft(false, first); // the first attempt's program and JVM are gone while the job runs on
    } finally {
      job.killJob(); // also when the above failed: the next test's job needs the queue
    }
    faults++;
    StreamingRun r = run.get(300, TimeUnit.SECONDS);
    assertNotEquals(0, r.exitCode, "killed job reported success");
    assertEquals(JobStatus.State.KILLED, job.getJobState());
    assertNothingLeft(true, first, second);
  }

  @Test
  @Timeout(600)
  void taskTimedOutMidStreamLeavesNothing() throws Exception {
    // 15 s without progress: long enough for a task JVM and its Python program to start on a loaded
    // machine (at 4 s they were timed out before the program reached its hold on a busy CI host).
    Future<StreamingRun> run = submit("mapreduce.map.maxattempts", "1", "mapreduce.task.timeout", "15000",
        "mapreduce.task.timeout.check-interval-ms", "500",
        // the AM raises a timeout below twice the status report interval (3 s by default)
        "mapreduce.task.progress-report.interval", "1000");
    String[] held = awaitHeldProgram(seenBefore());
    Job job = runningJob(); // asked here: Streaming's own client is closed once the job ends
    faults++;
    StreamingRun r = run.get(300, TimeUnit.SECONDS);
    assertNotEquals(0, r.exitCode, "timed-out job reported success");
    assertEquals(JobStatus.State.FAILED, job.getJobState());
    // Streaming's old-API input cuts the file into two splits: either attempt may be the one the
    // timeout ends first (the job then fails and the other attempt is killed), so look at all.
    StringBuilder why = new StringBuilder();
    List<TaskAttemptID> attempts = new ArrayList<>(List.of(TaskAttemptID.forName(held[0])));
    for (org.apache.hadoop.mapreduce.TaskCompletionEvent e : job.getTaskCompletionEvents(0, 100)) {
      if (!attempts.contains(e.getTaskAttemptId())) {
        attempts.add(e.getTaskAttemptId());
      }
    }
    for (TaskAttemptID a : attempts) {
      why.append(a).append(": ").append(String.join("\n", job.getTaskDiagnostics(a))).append('\n');
    }
    assertTrue(why.toString().contains("task timeout set: 15s, taskTimedOut: true"), "an attempt timed out: " + why);
    assertNothingLeft(true, held);
  }
}
