package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.util.JarFinder;
import org.hadoopopt.shmstreaming.io.ShmIdentifierResolver;
import org.hadoopopt.shmstreaming.io.ShmInputWriter;
import org.hadoopopt.testing.MiniMrYarn;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Streaming word count on MiniMRYarnCluster (task JVMs in YARN containers, HDFS, the shuffle,
 * the shm classes shipped with -libjars): identical with pipes and with shm on both sides, with
 * the C++ client on the map side and the Python client on the reduce side, and equal to the
 * counts computed here.
 */
class StreamingMiniYarnTest {
  @RegisterExtension
  static final MiniMrYarn CLUSTER = new MiniMrYarn(1);

  private static Path shmDir;
  private static String libjar;
  private static List<String> expected;

  @BeforeAll
  static void setUp() throws Exception {
    shmDir = StreamingRun.shmDir("yarn");
    libjar = JarFinder.getJar(ShmInputWriter.class);
    // One file, one reducer: the fewest containers (AM, map, reduce) that still cover task JVMs,
    // both sides and the shuffle; each container start costs many seconds on a loaded machine.
    String a = Programs.text(11, 1000, 250);
    try (OutputStream out = CLUSTER.fs().create(new org.apache.hadoop.fs.Path("/wc/in/a.txt"))) {
      out.write(a.getBytes(StandardCharsets.UTF_8));
    }
    expected = Programs.wordCounts(a);
  }

  @AfterAll
  static void tearDown() {
    TestFiles.deleteRecursively(shmDir.toFile());
  }

  private static List<String> wordCount(String mapClient, String reduceClient, String out, boolean shm) throws Exception {
    StreamingRun.Builder job = new StreamingRun.Builder(CLUSTER.conf(), Paths.get(out))
        .set(ShmIdentifierResolver.RESOLVER_KEY, ShmIdentifierResolver.class.getName())
        .set("stream.shm.dir", shmDir.toString())
        .set("stream.shm.buffer.bytes", "65536");
    job.arg("-libjars", libjar);
    if (shm) {
      job.arg("-io", "shm");
    }
    StreamingRun r = job.arg("-input", "/wc/in",
        "-mapper", Programs.command(mapClient, "wordcount", "map"),
        "-reducer", Programs.command(reduceClient, "wordcount", "reduce"),
        "-numReduceTasks", "1").run(CLUSTER.fs());
    assertEquals(0, r.exitCode, r.failure);
    List<String> lines = new ArrayList<>(r.lines());
    try (java.util.stream.Stream<Path> left = Files.list(shmDir)) {
      assertEquals(Collections.emptyList(), Arrays.asList(left.toArray()), "segments left in " + shmDir);
    }
    return lines;
  }

  @Test
  void wordCountOnYarnIsTheSameWithPipesAndShm() throws Exception {
    // One job, both clients: the C++ mapper and the Python reducer each talk shm to their task.
    assertEquals(expected, wordCount("cpp", "python", "/wc/out-shm", true));
    // The pipes run of the same job (the local tests compare pipes and shm on every side) costs
    // another YARN job, a minute on a loaded machine: -Dshm.yarn.pipes=true adds it.
    if (Boolean.getBoolean("shm.yarn.pipes")) {
      assertEquals(expected, wordCount("cpp", "python", "/wc/out-pipes", false));
    }
  }
}
