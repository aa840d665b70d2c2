package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Records far larger than the ring (4 MB and 20 MB lines, among small ones) pass in pieces
 * both ways, task to program and program to task, with the C, C++ and Python clients, through
 * the 4 KB minimum ring and the 1 MB default: the output is byte-identical to pipes and to an
 * independent computation.
 */
class LargeRecordTest extends StreamingTestBase {
  private static final int MB = 1 << 20;
  private static byte[] input;
  private static Path dir;

  @BeforeAll
  static void input() throws Exception {
    ByteArrayOutputStream in = new ByteArrayOutputStream();
    SplittableRandom rnd = new SplittableRandom(22);
    smallLines(in, rnd, 0);
    in.writeBytes("big4mb\t".getBytes(StandardCharsets.UTF_8)); // key TAB value
    in.writeBytes(letters(rnd, 4 * MB));
    in.write('\n');
    smallLines(in, rnd, 1);
    in.writeBytes(letters(rnd, 20 * MB)); // no TAB: all key
    in.write('\n');
    smallLines(in, rnd, 2);
    input = in.toByteArray();
    dir = work.resolve("large");
    Files.createDirectories(dir);
    Files.write(dir.resolve("large.txt"), input);
  }

  private static void smallLines(ByteArrayOutputStream out, SplittableRandom rnd, int group) {
    for (int i = 0; i < 40; i++) {
      out.writeBytes(("s" + group + "-" + i).getBytes(StandardCharsets.UTF_8));
      if (i % 2 == 0) {
        out.write('\t');
      }
      out.writeBytes(letters(rnd, rnd.nextInt(200)));
      out.write('\n');
    }
  }

  /** Printable bytes, no TAB, CR or LF. */
  private static byte[] letters(SplittableRandom rnd, int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) ('!' + rnd.nextInt(94));
    }
    return b;
  }

  /** What identity gives, computed here: each line, and TAB after a line that has none (the empty value). */
  private static byte[] identityAnswer() {
    ByteArrayOutputStream want = new ByteArrayOutputStream();
    int start = 0;
    for (int i = 0; i < input.length; i++) {
      if (input[i] == '\n') {
        boolean tab = false;
        for (int k = start; k < i && !tab; k++) {
          tab = input[k] == '\t';
        }
        want.write(input, start, i - start);
        if (!tab) {
          want.write('\t');
        }
        want.write('\n');
        start = i + 1;
      }
    }
    return want.toByteArray();
  }

  private static String identity(String client) {
    return client.equals("c") ? NativeBuild.bin("identity_c") : Programs.command(client, "identity");
  }

  @ParameterizedTest
  @ValueSource(strings = {"c", "cpp", "python"})
  void largeRecordsPassBothWaysThroughTheSmallestAndTheDefaultRing(String client) throws Exception {
    byte[] want = identityAnswer();
    StreamingRun pipes = job().arg("-input", dir.toString(), "-mapper", identity(client), "-numReduceTasks", "0").run(fs);
    assertEquals(0, pipes.exitCode, pipes.failure);
    assertArrayEquals(want, pipes.output, "pipes differ from the computed answer");
    for (String ring : new String[] {"4096", "1048576"}) {
      StreamingRun shm = job(SHM_MAP).set("stream.shm.buffer.bytes", ring)
          .arg("-input", dir.toString(), "-mapper", identity(client), "-numReduceTasks", "0").run(fs);
      assertEquals(0, shm.exitCode, client + ", ring " + ring + ": " + shm.failure);
      assertTrue(Arrays.equals(pipes.output, shm.output), client + ", ring " + ring + ": shm output ("
          + shm.output.length + " bytes) differs from pipes (" + pipes.output.length + " bytes)");
    }
  }

  /** The reduce side too: the large records are sorted and reach the reducer and its output through rings. */
  @Test
  void largeRecordsPassTheReduceSideRings() throws Exception {
    List<String> want = new ArrayList<>(Arrays.asList(
        new String(identityAnswer(), StandardCharsets.ISO_8859_1).split("\n")));
    byte[] pipesOut = null;
    for (String[] io : new String[][] {{}, SHM_BOTH_SIDES}) {
      StreamingRun r = job(io).set("stream.shm.buffer.bytes", "4096")
          .arg("-input", dir.toString(), "-mapper", identity("cpp"), "-reducer", identity("c"), "-numReduceTasks", "1")
          .run(fs);
      assertEquals(0, r.exitCode, r.failure);
      if (pipesOut == null) {
        pipesOut = r.output;
        List<String> got = r.lines();
        assertEquals(want.size(), got.size(), "pipes: lines");
        assertEquals(sortedCopy(want), sortedCopy(got), "pipes: the lines, in any order");
      } else {
        assertTrue(Arrays.equals(pipesOut, r.output), "shm reduce output differs from pipes");
      }
    }
  }

  private static List<String> sortedCopy(List<String> l) {
    List<String> c = new ArrayList<>(l);
    c.sort(null);
    return c;
  }
}
