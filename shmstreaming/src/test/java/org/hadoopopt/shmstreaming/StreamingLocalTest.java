package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
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
  };

  @ParameterizedTest
  @ValueSource(strings = {"cpp", "python"})
  void wordCountIsTheSameWithPipesAndShmOnEverySide(String client) throws Exception {
    List<String> want = Programs.wordCounts(textA, textB);
    // Every combination with C++; pipes against shm everywhere with Python (keeps the suite short).
    String[][] variants = client.equals("cpp") ? VARIANTS : new String[][] {VARIANTS[0], VARIANTS[3]};
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
