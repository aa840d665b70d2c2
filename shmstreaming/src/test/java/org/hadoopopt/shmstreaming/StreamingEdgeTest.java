package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.shmstreaming.io.ShmIdentifierResolver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Empty input, binary-safe values, output key fields, and bad configuration. */
class StreamingEdgeTest extends StreamingTestBase {

  /** Lines with control bytes, invalid UTF-8, multi-byte UTF-8 and tabs (no CR/LF: Streaming's lines). */
  private static byte[] binaryLines() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < 300; i++) {
      out.writeBytes(("k" + i).getBytes(StandardCharsets.UTF_8));
      if (i % 3 != 0) {
        out.write('\t');
      }
      byte b = (byte) (i & 0x7f);
      if (b == '\n' || b == '\r') {
        b = 'y'; // line terminators for Streaming's LineReader
      }
      out.writeBytes(new byte[] {0, 1, 0x7f, (byte) 0xff, (byte) 0xfe, (byte) 0xc3, (byte) 0xa9, '\t', 'v', b});
      out.write('\n');
    }
    return out.toByteArray();
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpp", "python"})
  void identityKeepsBinaryValuesExactlyAsPipesDo(String client) throws Exception {
    byte[] in = binaryLines();
    java.nio.file.Path dir = work.resolve("binary-" + client);
    Files.createDirectories(dir);
    Files.write(dir.resolve("bin.txt"), in.clone());
    byte[][] outputs = new byte[2][];
    String[][] variants = {{}, SHM_MAP};
    for (int v = 0; v < 2; v++) {
      StreamingRun r = job(variants[v])
          .arg("-input", dir.toString(), "-mapper", Programs.command(client, "identity"), "-numReduceTasks", "0")
          .run(fs);
      assertEquals(0, r.exitCode, r.failure);
      outputs[v] = r.output;
    }
    // Independent answer: TextOutputFormat writes key TAB value, and a line without TAB becomes key TAB "".
    ByteArrayOutputStream want = new ByteArrayOutputStream();
    int start = 0;
    for (int i = 0; i < in.length; i++) {
      if (in[i] == '\n') {
        boolean tab = false;
        for (int k = start; k < i; k++) {
          tab |= in[k] == '\t';
        }
        want.write(in, start, i - start);
        if (!tab) {
          want.write('\t');
        }
        want.write('\n');
        start = i + 1;
      }
    }
    assertArrayEquals(want.toByteArray(), outputs[0], "pipes");
    assertArrayEquals(outputs[0], outputs[1], "shm output differs from pipes");
  }

  /** The program's output split into key and value at the 2nd "::", as pipes split it. */
  @Test
  void keyFieldsAndAMultiByteSeparatorSplitTheOutputAsPipesDo() throws Exception {
    String[] lines = {"a::b::c", "a::b", "abc", "::x", "x::", "a:::b::c", "::::", "k1::k2::v::w", ""};
    Programs.write(work.resolve("fields/f.txt"), String.join("\n", lines) + "\n");
    StringBuilder want = new StringBuilder();
    for (String l : lines) { // independent: the 2nd "::" ends the key
      int first = l.indexOf("::");
      int second = first < 0 ? -1 : l.indexOf("::", first + 2);
      want.append(second < 0 ? l : l.substring(0, second)).append('\t')
          .append(second < 0 ? "" : l.substring(second + 2)).append('\n');
    }
    byte[] pipes = null;
    for (String[] io : new String[][] {{}, SHM_MAP}) {
      StreamingRun r = job(io).set("stream.map.output.field.separator", "::").set("stream.num.map.output.key.fields", "2")
          .arg("-input", work.resolve("fields").toString(), "-mapper", Programs.command("cpp", "identity"),
              "-numReduceTasks", "0")
          .run(fs);
      assertEquals(0, r.exitCode, r.failure);
      if (pipes == null) {
        pipes = r.output;
        assertEquals(sorted(want.toString()), sorted(new String(pipes, StandardCharsets.UTF_8)), "pipes");
      } else {
        assertArrayEquals(pipes, r.output, "shm splits differently from pipes");
      }
    }
  }

  private static List<String> sorted(String text) {
    List<String> l = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
    Collections.sort(l);
    return l;
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpp", "python"})
  void emptyInputGivesEmptyOutputOnMapAndReduceSide(String client) throws Exception {
    Programs.write(work.resolve("empty-" + client + "/e.txt"), "");
    for (String[] io : new String[][] {{}, SHM_BOTH_SIDES}) {
      StreamingRun r = job(io)
          .arg("-input", work.resolve("empty-" + client).toString(),
              "-mapper", Programs.command(client, "wordcount", "map"),
              "-reducer", Programs.command(client, "wordcount", "reduce"), "-numReduceTasks", "1")
          .run(fs);
      assertEquals(0, r.exitCode, r.failure);
      assertEquals(Collections.emptyList(), r.lines());
    }
  }

  @Test
  void badRingKeysFailAtSubmissionNamingTheKey() {
    String[][] bad = {
      {"stream.shm.buffer.bytes", "5000", "not a power of two"},
      {"stream.shm.buffer.bytes", "1024", "out of range"},
      {"stream.shm.buffer.bytes", "2147483648", "out of range"},
      {"stream.shm.buffer.bytes", "lots", "not a number"},
      {"stream.shm.batch.size", "0", "must be > 0"},
      {"stream.shm.batch.size", "-3", "must be > 0"},
      {"stream.shm.attach.timeout.ms", "0", "must be > 0"},
      {"stream.shm.attach.timeout.ms", "soon", "not a number"},
      {"stream.shm.turns", "yes", "not true or false"},
      {"stream.shm.text.blocks", "yes", "not true or false"},
      {"stream.shm.stdout", "ignore", "is not fail or warn"},
    };
    for (String[] b : bad) {
      Configuration c = new Configuration(false);
      c.set(b[0], b[1]);
      ShmIdentifierResolver resolver = new ShmIdentifierResolver();
      resolver.setConf(c);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> resolver.resolve("shm"));
      assertTrue(e.getMessage().contains(b[0] + "=" + b[1]) && e.getMessage().contains(b[2]), e.getMessage());
    }
  }

  @Test
  void badRingKeyStopsTheStreamingJob() throws Exception {
    Programs.write(work.resolve("tiny/t.txt"), "a b\n");
    StreamingRun r = job(SHM_MAP).set("stream.shm.batch.size", "0")
        .arg("-input", work.resolve("tiny").toString(), "-mapper", Programs.command("cpp", "identity"), "-numReduceTasks", "0")
        .run(fs);
    assertNotEquals(0, r.exitCode);
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpp", "python"})
  void shmWithoutTheResolverIsAClearClientError(String client) throws Exception {
    // What Streaming's environment looks like when stream.map.input=shm but the stock resolver
    // left TextInputWriter in place.
    ProcessBuilder pb = new ProcessBuilder(Programs.command(client, "identity").split(" "));
    Map<String, String> env = pb.environment();
    env.put("mapreduce_task_ismap", "true");
    env.put("mapreduce_task_attempt_id", "attempt_1_0001_m_000000_0");
    env.put("stream_map_input", "shm");
    env.put("stream_map_input_writer_class", "org.apache.hadoop.streaming.io.TextInputWriter");
    env.put("stream_io_identifier_resolver_class", "org.apache.hadoop.streaming.io.IdentifierResolver");
    pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    String out = NativeBuild.run(pb, 60);
    assertTrue(out.contains("stream.map.input=shm but stream.io.identifier.resolver.class is "
        + "'org.apache.hadoop.streaming.io.IdentifierResolver', not org.hadoopopt.shmstreaming.io.ShmIdentifierResolver"), out);
    assertTrue(!out.endsWith("exit=0"), out);

    // And the job itself fails.
    Programs.write(work.resolve("noresolver/t.txt"), "a b\n");
    StreamingRun r = new StreamingRun.Builder(conf, work.resolve("noresolver-out-" + client))
        .set("stream.map.input", "shm").set("stream.shm.dir", shmDir.toString())
        .arg("-input", work.resolve("noresolver").toString(), "-mapper", Programs.command(client, "identity"),
            "-numReduceTasks", "0")
        .run(fs);
    assertNotEquals(0, r.exitCode);
  }
}
