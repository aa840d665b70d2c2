package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.Verdict;
import org.hadoopopt.shmstreaming.io.StreamBlocks;
import org.hadoopopt.bench.results.Findings;
import org.hadoopopt.bench.results.Finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.hadoopopt.testing.VersionNeutral;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both ShmStreaming experiments run tiny (the shmstreaming build's C++ programs, LocalJobRunner)
 * and give their rows: each figure is pipes over shm as measured, the answers were checked, the
 * busy-waiting row says why it cannot be reproduced, and no segment is left in /dev/shm.
 */
@VersionNeutral
class LaiShmTest {
  private static final String NATIVE = Paths.get(System.getProperty("shm.native.dir", "../shmstreaming/target/native"))
      .toAbsolutePath().toString();
  private static final Pattern TIMES = Pattern.compile("pipes ([0-9.]+) s, shm ([0-9.]+) s");

  @TempDir
  File dir;

  @Test
  void jobsGiveARowPerTaskFromMeasuredTimes() throws Exception {
    File findings = new File(dir, "jobs.json");
    LaiShmJobs.main(new String[] {"--findings", findings.getPath(), "--quick", "--native", NATIVE, "--mb", "0.3",
        "--files", "3", "--work", new File(dir, "work").getPath()});
    List<Finding> rows = Findings.read(findings);
    assertEquals(3, rows.size());
    String[] tasks = {"word count", "grep", "inverted index"};
    double[] paper = {1.24, 1.24, 1.22}; // section V-B: 24%, 24%, 22% faster than pipes
    for (int i = 0; i < 3; i++) {
      Finding f = rows.get(i);
      assertTrue(f.finding.startsWith(tasks[i]), f.finding);
      assertEquals(paper[i], f.paperFigure, 1e-12);
      assertTrue(f.paperSetting.contains("section V-B"), f.paperSetting);
      assertMeasured(f);
      assertTrue(f.ourSetting.contains("3 files"), f.ourSetting);
    }
    assertTrue(rows.get(2).why.contains("across 3 documents"), rows.get(2).why);
    assertNoSegmentsLeft();
  }

  @Test
  void tablesGiveTheirRowsBesideThePapersFiguresAndSayWhatCannotBeRun() throws Exception {
    File findings = new File(dir, "tables.json");
    LaiShmTables.main(new String[] {"--findings", findings.getPath(), "--quick", "--native", NATIVE, "--mb", "0.3",
        "--batches", "2,512", "--words", "16", "--rings", "4096,16384", "--work", new File(dir, "work").getPath()});
    List<Finding> rows = Findings.read(findings);
    // Table II: fixed and varied 16-byte words at batch 2 and 512; Table III: per job rings 4096, 12288 (not
    // reproducible), 16384; Table IV: batch 1, batch 64; busy-waiting
    assertEquals(4 + 3 * 3 + 2 + 1, rows.size(), rows.toString());
    assertRow(rows.get(0), "Table II: words of fixed 16 bytes, batch 2", 1.0987, "fixed 16 bytes (mean 16.00)");
    assertRow(rows.get(1), "Table II: words of fixed 16 bytes, batch 512", 1.0641, "batch 512");
    assertRow(rows.get(2), "Table II: words of varied 16 bytes, batch 2", 1.0949, "words varied bytes");
    assertTrue(rows.get(2).paperSetting.contains("mean 16.32"), rows.get(2).paperSetting);
    assertRow(rows.get(3), "Table II: words of varied 16 bytes, batch 512", 1.1841, "ring 8192 B, batch 512");
    for (int i = 0; i < 4; i++) {
      assertTrue(rows.get(i).why.contains("records out, one per word written"), rows.get(i).why);
      assertTrue(rows.get(i).ourSetting.contains("one ring record per record"), rows.get(i).ourSetting);
    }
    // the paper's ring: batch and ring size mean what they do there only when records cross one by one
    assertEquals("false", LaiShm.Channel.ring("batch=64", 8192, 64).props.get(StreamBlocks.ENABLED));
    String[] jobs = {"word count", "grep", "inverted index"};
    double[][] paper = {{1.1840, 1.1883}, {1.2228, 1.2215}, {1.1830, 1.1817}};
    int r = 4;
    for (int j = 0; j < 3; j++) {
      assertRow(rows.get(r++), "Table III: " + jobs[j] + ", ring 4096 bytes", paper[j][0], "ring 4096 B, batch 64");
      Finding odd = rows.get(r++);
      assertEquals("Table III: " + jobs[j] + ", ring 12288 bytes", odd.finding);
      assertEquals(Verdict.NOT_REPRODUCIBLE, odd.verdict);
      assertTrue(odd.why.contains("power of two"), odd.why);
      assertRow(rows.get(r++), "Table III: " + jobs[j] + ", ring 16384 bytes", paper[j][1], "ring 16384 B, batch 64");
      if (j == 0) {
        assertRow(rows.get(r++), "Table IV: word count, batch 1", 1.0514, "ring 8192 B, batch 1");
        assertRow(rows.get(r++), "Table IV: word count, batch 64 (the paper's best)", 1.225, "ring 8192 B, batch 64");
      }
    }
    assertTrue(rows.get(4).why.contains("words counted, as written"), rows.get(4).why);
    assertTrue(rows.get(9).why.contains("matching lines, as counted independently"), rows.get(9).why);
    assertTrue(rows.get(12).why.contains("across 4 documents"), rows.get(12).why);
    Finding busy = rows.get(rows.size() - 1);
    assertEquals(Verdict.NOT_REPRODUCIBLE, busy.verdict);
    assertEquals(1.0596, busy.paperFigure, 1e-12);
    assertTrue(busy.why.contains("no busy-waiting mode"), busy.why);
    assertNoSegmentsLeft();
  }

  @Test
  void tableTwoLinesAreTheirSizeAndVariedWordsAverageTheirSize() throws Exception {
    java.nio.file.Path fixed = dir.toPath().resolve("fixed");
    LaiShmTables.Lines f = LaiShmTables.wordLines(fixed, 256 * 400, 32, false, 1);
    byte[] bytes = Files.readAllBytes(fixed.resolve("part-0"));
    assertEquals(256 * 400, bytes.length);
    for (int i = 255; i < bytes.length; i += 256) {
      assertEquals('\n', bytes[i], "line end at " + i);
    }
    assertEquals(7 * 400, f.words); // 7 words of 32 letters and a space fit in 255 bytes
    assertEquals(32.0, f.meanWord(), 0);
    long words = 0;
    for (String line : new String(bytes, java.nio.charset.StandardCharsets.US_ASCII).split("\n")) {
      words += line.trim().isEmpty() ? 0 : line.trim().split(" +").length;
    }
    assertEquals(f.words, words);
    LaiShmTables.Lines v = LaiShmTables.wordLines(dir.toPath().resolve("varied"), 256 * 4000, 32, true, 1);
    assertEquals(32.0, v.meanWord(), 0.5);
  }

  /** A measured Table row: its name, the paper's percentage as pipes/shm, our setting. */
  private static void assertRow(Finding f, String finding, double paper, String ours) {
    assertEquals(finding + ": pipes/shm", f.finding);
    assertEquals(paper, f.paperFigure, 1e-9, f.finding);
    assertTrue(f.ourSetting.contains(ours), f.ourSetting);
    assertMeasured(f);
  }

  private static void assertMeasured(Finding f) {
    assertFalse(f.verdict == Verdict.NOT_REPRODUCIBLE, f.why);
    assertMeasuredFigure(f);
  }

  /** The figure is the two medians in the setting divided (rounded to 2 decimals there). */
  private static void assertMeasuredFigure(Finding f) {
    Matcher m = TIMES.matcher(f.ourSetting);
    assertTrue(m.find(), f.ourSetting);
    double pipes = Double.parseDouble(m.group(1));
    double shm = Double.parseDouble(m.group(2));
    assertTrue(pipes > 0 && shm > 0, f.ourSetting);
    // each median lies within half a hundredth of its printed value, so the ratio within these bounds
    double low = (pipes - 0.005) / (shm + 0.005);
    double high = (pipes + 0.005) / (shm - 0.005);
    assertTrue(f.ourFigure >= low - 1e-9 && f.ourFigure <= high + 1e-9,
        f.ourFigure + " outside [" + low + ", " + high + "]: " + f.ourSetting);
  }

  private static void assertNoSegmentsLeft() throws Exception {
    try (Stream<java.nio.file.Path> s = Files.list(Paths.get("/dev/shm"))) {
      assertEquals(0, s.filter(p -> p.getFileName().toString().startsWith("hadoopopt-lai-" + ProcessHandle.current().pid()))
          .count());
    }
  }
}
