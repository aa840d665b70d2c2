package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormatCounter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormatCounter;
import org.hadoopopt.shmstreaming.io.ShmCounter;
import org.hadoopopt.testing.LogCapture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Records in blocks: every client, record and block API, against stock Streaming over pipes on
 * the same input: output byte for byte and Hadoop's counters equal, our block counters showing
 * that blocks crossed. The input has what line readers get wrong: CR LF and lone CR line ends,
 * empty lines, tabs, no newline at the end of a file, a line far longer than a block and than the
 * ring. Each fallback to the record path is logged, counted and
 * identical too; the cases the block reader carries exactly (another record delimiter, gzip input)
 * are checked likewise; broken block framing and plain stdin/stdout programs fail clearly.
 */
class StreamingBlocksTest extends StreamingTestBase {
  private static String input;
  private static String gzInput;

  /**
   * Counters that must be equal to stock Streaming's. (The file system counters are not among
   * them: under the LocalJobRunner they take the whole JVM's reads, the test's own included.)
   */
  private static final List<Enum<?>> COUNTERS = Arrays.asList(TaskCounter.MAP_INPUT_RECORDS,
      TaskCounter.MAP_OUTPUT_RECORDS, TaskCounter.MAP_OUTPUT_BYTES, TaskCounter.MAP_OUTPUT_MATERIALIZED_BYTES,
      TaskCounter.REDUCE_INPUT_GROUPS, TaskCounter.REDUCE_INPUT_RECORDS, TaskCounter.REDUCE_OUTPUT_RECORDS,
      TaskCounter.SPILLED_RECORDS, TaskCounter.COMBINE_INPUT_RECORDS, TaskCounter.COMBINE_OUTPUT_RECORDS,
      FileInputFormatCounter.BYTES_READ, FileOutputFormatCounter.BYTES_WRITTEN);

  @BeforeAll
  static void setUp() throws Exception {
    String words = Programs.text(3, 3000, 400);
    StringBuilder b = new StringBuilder(words);
    b.append("crlf line one\r\ncrlf\tline two\r\n\r\nlone\rcarriage return\n\n\n");
    b.append("key\tvalue\twith\ttabs\n\tleading tab\ntrailing tab\t\n");
    SplittableRandom rnd = new SplittableRandom(7);
    StringBuilder longLine = new StringBuilder();
    for (int i = 0; i < 300_000; i++) {
      longLine.append((char) ('a' + rnd.nextInt(26)));
    }
    b.append(longLine).append(" XYZ end of the long line\n");
    b.append(Programs.text(4, 1500, 400));
    b.append("no newline at the end XYZ");
    Programs.write(work.resolve("in/a.txt"), b.toString());
    Programs.write(work.resolve("in/b.txt"), Programs.text(5, 2000, 400) + "\r\n\n");
    input = work.resolve("in").toString();
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(gz)) {
      out.write(Programs.text(6, 4000, 400).getBytes(StandardCharsets.UTF_8));
    }
    Files.createDirectories(work.resolve("gz"));
    Files.write(work.resolve("gz/c.txt.gz"), gz.toByteArray());
    gzInput = work.resolve("gz").toString();
  }

  /**
   * A 64 KB ring, so the long line goes in pieces. (The LocalJobRunner makes one split per file:
   * splits that cut lines are {@code LineBlockReaderTest}'s.)
   */
  private static StreamingRun.Builder blocksJob(String... io) {
    return job(io);
  }

  private static String program(String client, String name, String... args) {
    if (client.equals("c")) {
      return NativeBuild.bin(name.equals("identity") ? "identity_c" : name);
    }
    return Programs.command(client, name, args);
  }

  /** Runs the job with pipes and with shm; asserts equal bytes and counters; returns the shm run. */
  private static StreamingRun sameAsPipes(String what, String[] extra, String[] io, String... args) throws Exception {
    StreamingRun pipes = with(blocksJob(), extra).arg(args).run(fs);
    assertEquals(0, pipes.exitCode, what + " over pipes: " + pipes.failure);
    StreamingRun shm = with(blocksJob(io), extra).arg(args).run(fs);
    assertEquals(0, shm.exitCode, what + " over shm: " + shm.failure);
    assertArrayEquals(pipes.output, shm.output, what + ": output bytes");
    for (Enum<?> c : COUNTERS) {
      assertEquals(pipes.counter(c), shm.counter(c), what + ": counter " + c);
    }
    assertTrue(pipes.counter(TaskCounter.MAP_INPUT_RECORDS) > 0, what + ": no input");
    return shm;
  }

  /** Runs a job that must fail; returns the log, where the task's failure is. */
  private static String failing(StreamingRun.Builder b) throws Exception {
    try (LogCapture log = LogCapture.root().withStderr()) {
      StreamingRun r = b.run(fs);
      assertNotEquals(0, r.exitCode, "the job should fail");
      return log.text();
    }
  }

  private static StreamingRun.Builder with(StreamingRun.Builder b, String[] extra) {
    for (int i = 0; i + 1 < extra.length; i += 2) {
      b.set(extra[i], extra[i + 1]);
    }
    return b;
  }

  private static final String[] NONE = {};

  @ParameterizedTest
  @ValueSource(strings = {"cpp", "c", "python", "cpp-block", "python-block"})
  void identityIsByteIdenticalToPipesWithEqualCounters(String client) throws Exception {
    String c = client.replace("-block", "");
    String prog = program(c, client.endsWith("-block") ? "identity_block" : "identity");
    StreamingRun shm = sameAsPipes(client + " identity", NONE, SHM_MAP, "-input", input, "-mapper", prog,
        "-numReduceTasks", "0");
    assertTrue(shm.counter(ShmCounter.INPUT_BLOCKS) > 0, "input crossed in blocks");
    assertTrue(shm.counter(ShmCounter.OUTPUT_BLOCKS) > 0, "output crossed in blocks");
    assertTrue(shm.counter(ShmCounter.DIRECT_OUTPUT_BLOCKS) > 0, "output written a block at a time");
    assertEquals(0, shm.counter(ShmCounter.RECORD_PATH_TASKS));
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpp", "python", "cpp-block", "python-block"})
  void grepIsByteIdenticalToPipes(String client) throws Exception {
    String c = client.replace("-block", "");
    String prog = program(c, client.endsWith("-block") ? "grep_block" : "grep", "XYZ");
    StreamingRun shm = sameAsPipes(client + " grep", NONE, SHM_MAP, "-input", input, "-mapper", prog,
        "-numReduceTasks", "0");
    assertTrue(shm.counter(TaskCounter.MAP_OUTPUT_RECORDS) >= 2, "grep found the marked lines");
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpp", "python"})
  void wordCountWithReducersAndCombinerOnEverySide(String client) throws Exception {
    StreamingRun shm = sameAsPipes(client + " word count", NONE, SHM_BOTH_SIDES, "-input", input,
        "-mapper", Programs.command(client, "wordcount", "map"), "-reducer", Programs.command(client, "wordcount", "reduce"),
        "-combiner", "org.apache.hadoop.mapred.lib.IdentityReducer", "-numReduceTasks", "2");
    assertTrue(shm.counter(ShmCounter.INPUT_BLOCKS) > 0);
    assertTrue(shm.counter(ShmCounter.DIRECT_OUTPUT_BLOCKS) > 0, "reduce output written a block at a time");
  }

  @Test
  void pipesWithJavaSideBlocksAreByteIdenticalToo() throws Exception {
    String[] textBlocks = {"stream.map.input", "textblocks", "stream.map.output", "textblocks",
        "stream.reduce.input", "textblocks", "stream.reduce.output", "textblocks"};
    sameAsPipes("textblocks identity", NONE, textBlocks, "-input", input, "-mapper", Programs.command("cpp", "identity"),
        "-numReduceTasks", "0");
    StreamingRun r = sameAsPipes("textblocks word count", NONE, textBlocks, "-input", input,
        "-mapper", Programs.command("cpp", "wordcount", "map"), "-reducer", Programs.command("cpp", "wordcount", "reduce"),
        "-numReduceTasks", "1");
    assertTrue(r.counter(ShmCounter.INPUT_BLOCKS) > 0 && r.counter(ShmCounter.OUTPUT_BLOCKS) > 0);
  }

  /** Output split at another separator and key count, written with another output separator. */
  @Test
  void customSeparatorsAndKeyFieldsStayIdentical() throws Exception {
    String[] seps = {"stream.map.output.field.separator", " ", "stream.num.map.output.key.fields", "2",
        "mapreduce.output.textoutputformat.separator", "|"};
    sameAsPipes("separators, map-only", seps, SHM_MAP, "-input", input, "-mapper", Programs.command("python", "identity"),
        "-numReduceTasks", "0");
    String[] reduceSeps = {"stream.reduce.output.field.separator", "e", "stream.num.reduce.output.key.fields", "2",
        "mapreduce.output.textoutputformat.separator", "::"};
    sameAsPipes("separators, reduce", reduceSeps, SHM_BOTH_SIDES, "-input", input,
        "-mapper", Programs.command("cpp", "identity"), "-reducer", Programs.command("cpp", "identity"),
        "-numReduceTasks", "1");
  }

  /** Carried exactly by the block reader (it reads through Hadoop's own line reader): no fallback. */
  @Test
  void otherDelimiterAndGzipInputGoInBlocks() throws Exception {
    String[] delimiter = {"textinputformat.record.delimiter", "e "};
    StreamingRun d = sameAsPipes("delimiter", delimiter, SHM_MAP, "-input", input, "-mapper", Programs.command("cpp", "identity"),
        "-numReduceTasks", "0");
    assertTrue(d.counter(ShmCounter.INPUT_BLOCKS) > 0);
    StreamingRun g = sameAsPipes("gzip", NONE, SHM_MAP, "-input", gzInput, "-mapper", Programs.command("python", "identity"),
        "-numReduceTasks", "0");
    assertTrue(g.counter(ShmCounter.INPUT_BLOCKS) > 0);
  }

  /** Each job the block reader cannot carry: the record path, identical, counted once per map task. */
  @Test
  void fallbacksGoTheRecordPathCountedAndIdentical() throws Exception {
    Map<String, String[]> cases = new LinkedHashMap<>();
    cases.put("another input format", new String[] {});
    cases.put("ignoreKey=false", new String[] {"stream.map.input.ignoreKey", "false"});
    cases.put("skip mode", new String[] {"mapreduce.map.skip.maxrecords", "1"});
    for (Map.Entry<String, String[]> c : cases.entrySet()) {
      List<String> args = new ArrayList<>(Arrays.asList("-input", input, "-mapper", Programs.command("cpp", "identity"),
          "-numReduceTasks", "0"));
      if (c.getKey().equals("another input format")) {
        args.addAll(Arrays.asList("-inputformat", "org.apache.hadoop.mapred.KeyValueTextInputFormat"));
      }
      StreamingRun shm = sameAsPipes(c.getKey(), c.getValue(), SHM_MAP, args.toArray(new String[0]));
      assertEquals(0, shm.counter(ShmCounter.INPUT_BLOCKS), c.getKey() + ": no input blocks");
      assertEquals(shm.parts, shm.counter(ShmCounter.RECORD_PATH_TASKS), c.getKey() + ": every map task counted");
      assertEquals(2, shm.parts, c.getKey() + ": map tasks");
    }
    StreamingRun off = sameAsPipes("blocks off", new String[] {"stream.shm.blocks", "false"}, SHM_MAP,
        "-input", input, "-mapper", Programs.command("cpp", "identity"), "-numReduceTasks", "0");
    assertEquals(0, off.counter(ShmCounter.INPUT_BLOCKS) + off.counter(ShmCounter.OUTPUT_BLOCKS)
        + off.counter(ShmCounter.RECORD_PATH_TASKS), "blocks off: one ring record per record, nothing counted");
  }

  @Test
  void reporterLinesCountTheSame() throws Exception {
    String prog = Programs.PYTHON + " -B " + java.nio.file.Paths.get("src/test/python/blockfaults.py").toAbsolutePath() + " " + NativeBuild.python()
        + " reporter";
    StreamingRun shm = sameAsPipes("reporter lines", NONE, SHM_MAP, "-input", input, "-mapper", prog, "-numReduceTasks", "0");
    assertEquals(shm.counter(TaskCounter.MAP_INPUT_RECORDS), shm.counters.getGroup("blocks").getCounter("seen"));
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void aBlockEndingInsideARecordFailsNamingTaskRingAndOffset() throws Exception {
    String prog = Programs.PYTHON + " -B " + java.nio.file.Paths.get("src/test/python/blockfaults.py").toAbsolutePath() + " " + NativeBuild.python()
        + " unterminated";
    String log = failing(blocksJob(SHM_MAP).set("mapreduce.map.maxattempts", "1")
        .arg("-input", input, "-mapper", prog, "-numReduceTasks", "0"));
    assertTrue(log.contains("corrupt block") && log.contains("does not end with a newline") && log.contains("data offset")
        && log.matches("(?s).*hadoopopt-shm-attempt_\\S*_m_\\d+_\\d+-\\d+\\.out: corrupt block.*"), log);
  }

  /**
   * A plain stdin/stdout program run with shm: found out while it reads its stdin (or writes its
   * stdout), not after the attach timeout, here set to ten minutes so that waiting for it would
   * fail the test's own timeout.
   */
  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void aPlainProgramWithShmFailsAtOnceSayingWhatToDo() throws Exception {
    String[][] ios = {SHM_MAP, {"stream.map.input", "shm"}, {"stream.map.output", "shm"}};
    String[] words = {"reads its plain stdin", "reads its plain stdin", "wrote"};
    for (int i = 0; i < ios.length; i++) {
      String log = failing(blocksJob(ios[i]).set("stream.shm.attach.timeout.ms", "600000")
          .set("mapreduce.map.maxattempts", "1").arg("-input", input, "-mapper", "/bin/cat", "-numReduceTasks", "0"));
      assertTrue(log.contains(words[i]) && log.contains("does not use the smstream client library") && log.contains("-io text"),
          Arrays.toString(ios[i]) + ": " + log);
    }
  }
}
