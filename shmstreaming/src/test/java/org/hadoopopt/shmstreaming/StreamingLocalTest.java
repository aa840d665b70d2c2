package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Streaming jobs on the LocalJobRunner whose output is identical with pipes and with shm, on the
 * map side, the reduce side and both, with the C++ and the Python client, and equal to the answer
 * computed here in Java.
 */
class StreamingLocalTest extends StreamingTestBase {
  private static String textA;
  private static String textB;

  @BeforeAll
  static void setUp() throws Exception {
    textA = Programs.text(1, 700, 300);
    textB = Programs.text(2, 500, 300);
    Programs.write(work.resolve("in/a.txt"), textA);
    Programs.write(work.resolve("in/b.txt"), textB);
  }

  private static final String[][] VARIANTS = {
    {},
    {"stream.map.input", "shm", "stream.map.output", "shm"},
    {"stream.reduce.input", "shm", "stream.reduce.output", "shm"},
    {"stream.map.input", "shm", "stream.map.output", "shm", "stream.reduce.input", "shm", "stream.reduce.output", "shm"},
    {"stream.map.input", "shm", "stream.reduce.output", "shm"},
    {"stream.map.input", "shm", "stream.map.output", "shm", "stream.reduce.input", "shm", "stream.reduce.output", "shm",
        "stream.shm.turns", "true"},
  };

  @ParameterizedTest
  @ValueSource(strings = {"cpp", "python"})
  void wordCountIsTheSameWithPipesAndShmOnEverySide(String client) throws Exception {
    List<String> want = Programs.wordCounts(textA, textB);
    // Every combination with C++; pipes against shm everywhere with Python (keeps the suite short).
    String[][] variants = client.equals("cpp") ? VARIANTS : new String[][] {VARIANTS[0], VARIANTS[3], VARIANTS[5]};
    for (String[] io : variants) {
      StreamingRun r = job(io)
          .arg("-input", work.resolve("in").toString(),
              "-mapper", Programs.command(client, "wordcount", "map"),
              "-reducer", Programs.command(client, "wordcount", "reduce"),
              "-numReduceTasks", "1")
          .run(fs);
      assertEquals(0, r.exitCode, Arrays.toString(io) + ": " + r.failure);
      assertEquals(want, r.lines(), "word count with " + Arrays.toString(io));
    }
  }

  /**
   * A map-only identity over more records than a turn's stretch, through 4 KB rings: the task's
   * two threads take turns both at stretch ends and every time one sleeps on a full or empty ring.
   */
  @Test
  void identityWithTurnsThroughTinyRingsIsTheSameAsWithPipes() throws Exception {
    StringBuilder lines = new StringBuilder();
    int n = 3 * 16384 + 77;
    for (int i = 0; i < n; i++) {
      lines.append("w").append(Integer.toString(i * 7919 % 100_003, 36)).append('\n');
    }
    Programs.write(work.resolve("many/m.txt"), lines.toString());
    List<String> pipes = null;
    for (String[] io : new String[][] {VARIANTS[0], VARIANTS[5]}) {
      StreamingRun r = job(io).set("stream.shm.buffer.bytes", "4096")
          .arg("-input", work.resolve("many").toString(), "-mapper", Programs.command("cpp", "identity"),
              "-numReduceTasks", "0")
          .run(fs);
      assertEquals(0, r.exitCode, Arrays.toString(io) + ": " + r.failure);
      assertEquals(n, r.lines().size(), "records out with " + Arrays.toString(io));
      if (pipes == null) {
        pipes = r.lines();
      } else {
        assertEquals(pipes, r.lines(), "identity with turns against pipes");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpp", "python"})
  void invertedIndexIsTheSameWithPipesAndShm(String client) throws Exception {
    Map<String, String> docs = new LinkedHashMap<>();
    docs.put("a.txt", textA);
    docs.put("b.txt", textB);
    List<String> want = Programs.invertedIndex(docs);
    for (String[] io : new String[][] {VARIANTS[0], VARIANTS[3]}) {
      StreamingRun r = job(io)
          .arg("-input", work.resolve("in").toString(),
              "-mapper", Programs.command(client, "invindex", "map"),
              "-reducer", Programs.command(client, "invindex", "reduce"),
              "-numReduceTasks", "1")
          .run(fs);
      assertEquals(0, r.exitCode, r.failure);
      assertEquals(want, r.lines(), "inverted index with " + Arrays.toString(io));
    }
  }
}
