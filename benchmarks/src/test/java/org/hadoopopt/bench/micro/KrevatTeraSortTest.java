package org.hadoopopt.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import org.hadoopopt.bench.ideal.HardwareProbe;
import org.hadoopopt.bench.ideal.HardwareProfile;
import org.hadoopopt.bench.ideal.KrevatModel;
import org.hadoopopt.bench.results.Finding;
import org.hadoopopt.bench.results.Findings;
import org.hadoopopt.bench.results.Verdict;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.Test;

/** The tuned-TeraSort experiment at a tiny scale (local runner): its row, computed from what it measured. */
class KrevatTeraSortTest {
  @Test
  void theDriverWritesTheTunedTeraSortRowAgainstTheModel() throws Exception {
    File dir = new File("target/test-work/" + TestFiles.perFork("krevat-terasort")).getAbsoluteFile();
    TestFiles.deleteRecursively(dir);
    File findings = new File(dir, "findings/krevat-terasort.json");
    File work = new File(dir, "work");
    KrevatTeraSort.main(new String[] {"--findings", findings.getPath(), "--work", work.getPath(), "--rows", "3000",
        "--rounds", "1", "--probe-bytes", Long.toString(4L << 20)});
    List<Finding> rows = Findings.read(findings);
    assertEquals(1, rows.size());
    Finding f = rows.get(0);
    assertEquals("krevat-terasort", f.part);
    assertEquals(3.0, f.paperFigure, 0);
    // ours = tuned median / the model's time for 300,000 bytes on this machine's measured profile
    HardwareProfile hw = HardwareProbe.loadOrMeasure(new File(work, "hardware"), 4L << 20);
    double ideal = KrevatModel.of(hw, 1).seconds(300_000, 1.0, 1.0, 1, KrevatModel.Backup.NO);
    double tunedSeconds = Double.parseDouble(f.ourSetting.replaceAll("^tuned TeraSort ([0-9.]+) s;.*$", "$1"));
    assertTrue(tunedSeconds > 0.1 && tunedSeconds < 600, f.ourSetting);
    assertEquals(tunedSeconds / ideal, f.ourFigure, f.ourFigure * 0.01, f.ourSetting);
    assertTrue(f.ourFigure > 1, "a Hadoop job slower than the hardware's bound: " + f.ourFigure);
    assertTrue(f.verdict != Verdict.NOT_REPRODUCIBLE, f.verdict.toString());
    assertTrue(f.why.contains("TeraValidate"), f.why);
    assertTrue(!new File(work, "terasort").exists(), "the sort's data is removed");
    TestFiles.deleteRecursively(dir);
  }
}
