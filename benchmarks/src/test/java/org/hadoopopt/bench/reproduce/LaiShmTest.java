package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.Verdict;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both ShmStreaming experiments run tiny (the shmstreaming build's C++ programs, LocalJobRunner)
 * and give their rows: each figure is pipes over shm as measured, the answers were checked, the
 * busy-waiting row says why it cannot be reproduced, and no segment is left in /dev/shm.
 */
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
    for (int i = 0; i < 3; i++) {
      Finding f = rows.get(i);
      assertTrue(f.finding.startsWith(tasks[i]), f.finding);
      assertEquals(LaiShm.PAPER_SPEEDUP, f.paperFigure, 0);
      assertMeasured(f);
      assertTrue(f.ourSetting.contains("3 files"), f.ourSetting);
    }
    assertTrue(rows.get(2).why.contains("across 3 documents"), rows.get(2).why);
    assertNoSegmentsLeft();
  }

  @Test
  void tablesGiveARowPerRingAndRecordSizeAndSayWhyNoBusyWaiting() throws Exception {
    File findings = new File(dir, "tables.json");
    LaiShmTables.main(new String[] {"--findings", findings.getPath(), "--quick", "--native", NATIVE, "--mb", "0.3",
        "--rings", "4096,65536", "--records", "16,3000", "--work", new File(dir, "work").getPath()});
    List<Finding> rows = Findings.read(findings);
    assertEquals(5, rows.size());
    assertTrue(rows.get(0).ourSetting.contains("ring 4096 bytes"), rows.get(0).ourSetting);
    assertTrue(rows.get(1).ourSetting.contains("ring 65536 bytes"), rows.get(1).ourSetting);
    assertTrue(rows.get(2).ourSetting.contains("16-byte records"), rows.get(2).ourSetting);
    assertTrue(rows.get(3).ourSetting.contains("3000-byte records"), rows.get(3).ourSetting);
    for (int i = 0; i < 4; i++) {
      assertTrue(Double.isNaN(rows.get(i).paperFigure), "the paper's table figures were not found");
      assertTrue(!Double.isNaN(rows.get(i).ourFigure) && rows.get(i).ourFigure > 0, rows.get(i).ourSetting);
      assertMeasuredFigure(rows.get(i));
    }
    Finding busy = rows.get(4);
    assertEquals(Verdict.NOT_REPRODUCIBLE, busy.verdict);
    assertTrue(busy.why.contains("no busy-waiting mode"), busy.why);
    assertNoSegmentsLeft();
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
    assertEquals(pipes / shm, f.ourFigure, f.ourFigure * (0.005 / pipes + 0.005 / shm) + 1e-9, f.ourSetting);
  }

  private static void assertNoSegmentsLeft() throws Exception {
    try (Stream<java.nio.file.Path> s = Files.list(Paths.get("/dev/shm"))) {
      assertEquals(0, s.filter(p -> p.getFileName().toString().startsWith("hadoopopt-lai-" + ProcessHandle.current().pid()))
          .count());
    }
  }
}
