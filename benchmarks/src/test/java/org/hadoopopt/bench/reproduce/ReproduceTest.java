package org.hadoopopt.bench.reproduce;
import org.hadoopopt.bench.results.Verdict;
import org.hadoopopt.bench.results.Findings;
import org.hadoopopt.bench.results.Finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.hadoopopt.bench.micro.MicroPart;
import org.hadoopopt.bench.micro.PartRunner;
import org.hadoopopt.bench.tools.Json;
import org.hadoopopt.testing.VersionNeutral;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reproduction report: verdicts, rows for experiments that could not run, a real run of one experiment. */
@VersionNeutral
class ReproduceTest {
  @TempDir
  File dir;

  @Test
  void factorsAreComparedByTheirEffect() {
    assertEquals(Verdict.REPRODUCED, Verdict.compare(1.47, 1.51, "x"));
    // 1.05x is a quarter of 1.2x's effect, though 88% of its value
    assertEquals(Verdict.SMALLER_HERE, Verdict.compare(1.2, 1.05, "x"));
    assertEquals(Verdict.LARGER_HERE, Verdict.compare(1.47, 3.0, "x"));
    assertEquals(Verdict.SMALLER_HERE, Verdict.compare(2.0, 0.9, "x"), "a slowdown where the paper sped up");
    assertEquals(Verdict.REPRODUCED, Verdict.compare(1.0, 1.1, "x"), "no effect either way");
    assertEquals(Verdict.LARGER_HERE, Verdict.compare(1.0, 1.5, "x"));
    assertEquals(Verdict.REPRODUCED, Verdict.compare(30, 25, "%"));
    assertEquals(Verdict.SMALLER_HERE, Verdict.compare(30, 20, "%"));
    assertEquals(Verdict.NOT_REPRODUCIBLE, Verdict.compare(Double.NaN, 2, "x"));
    assertEquals(Math.log(1.05) / Math.log(1.2), Verdict.ratio(1.2, 1.05, "x"), 1e-12);
  }

  @Test
  void aFigureThePaperStatesAsABoundIsComparedByItsSide() throws Exception {
    // "speculation makes it worse": on over off above 1x, by more than noise
    assertEquals(Verdict.REPRODUCED, Verdict.compareBound(Verdict.ABOVE, 1.0, 1.3, "x"));
    assertEquals(Verdict.SMALLER_HERE, Verdict.compareBound(Verdict.ABOVE, 1.0, 1.01, "x"), "noise is no direction");
    assertEquals(Verdict.SMALLER_HERE, Verdict.compareBound(Verdict.ABOVE, 1.0, 0.8, "x"));
    // "within a factor of two"
    assertEquals(Verdict.REPRODUCED, Verdict.compareBound(Verdict.BELOW, 2.0, 1.3, "x"));
    assertEquals(Verdict.LARGER_HERE, Verdict.compareBound(Verdict.BELOW, 2.0, 2.5, "x"));
    assertEquals(Verdict.compare(1.47, 1.51, "x"), Verdict.compareBound(Verdict.EXACT, 1.47, 1.51, "x"));
    Finding f = Finding.of("p", "paper", "speculation hurts").paperAbove("on over off", 1.0).ours("here", 1.3)
        .unit("x").measured("");
    assertEquals(Verdict.REPRODUCED, f.verdict);
    assertTrue(Double.isNaN(f.ratio()), "a bound has no ratio");
    File file = new File(dir, "findings/p.json");
    Findings.write(file, "p", Collections.singletonList(f));
    Finding back = Findings.read(file).get(0);
    assertEquals(Verdict.ABOVE, back.paperBound);
    assertEquals(Verdict.REPRODUCED, back.verdict);
    assertTrue(ReproduceReport.text(Collections.singletonList(back)).contains("> 1.00x"),
        ReproduceReport.text(Collections.singletonList(back)));
    assertEquals(Verdict.EXACT, Finding.of("p", "paper", "f").paper("s", 2).ours("o", 2).measured("").paperBound);
  }

  @Test
  void notReproducibleNeedsAReason() {
    assertThrows(IllegalArgumentException.class, () -> Finding.of("p", "paper", "f").notReproducible(" "));
  }

  @Test
  void everyAskedExperimentGetsARowEvenWithoutFindings() throws Exception {
    List<MicroPart> parts = Arrays.asList(
        ReproduceParts.part("alpha", "alpha's finding", false, EnergyCheck.class, null, null),
        ReproduceParts.part("beta", "beta's finding", false, EnergyCheck.class, null, null),
        ReproduceParts.part("gamma", "gamma's finding", false, EnergyCheck.class, null, null),
        ReproduceParts.part("delta", "delta's finding", false, EnergyCheck.class, null, null));
    Files.write(new File(dir, ReproduceReport.STATUS).toPath(), Arrays.asList("alpha\tok\t3s",
        "beta\tskipped\tno /dev/shm", "gamma\tfailed\texit 1 after 2s, log logs/gamma.log", "delta\tok\t1s"),
        StandardCharsets.UTF_8);
    Finding measured = Finding.of("alpha", "Jiang et al., VLDB 2010", "grep, MT over the baseline")
        .paper("Table 1", 1.47).ours("scale 0.1", 1.6).measured("");
    Findings.write(new File(dir, "findings/alpha.json"), "alpha", Collections.singletonList(measured));
    // delta: ok but no file

    List<Finding> rows = ReproduceReport.collect(dir, parts);
    assertEquals(4, rows.size());
    assertEquals(Verdict.REPRODUCED, rows.get(0).verdict);
    assertEquals(1.6, rows.get(0).ourFigure, 0);
    assertEquals(Math.log(1.6) / Math.log(1.47), rows.get(0).ratio(), 1e-12);
    assertEquals("beta", rows.get(1).part);
    assertEquals(Verdict.NOT_REPRODUCIBLE, rows.get(1).verdict);
    assertTrue(rows.get(1).why.contains("no /dev/shm"), rows.get(1).why);
    assertTrue(rows.get(2).why.contains("failed") && rows.get(2).why.contains("logs/gamma.log"), rows.get(2).why);
    assertTrue(rows.get(3).why.contains("wrote no findings"), rows.get(3).why);
    String text = ReproduceReport.text(rows);
    assertTrue(text.contains("4 findings: 1 reproduced, 0 larger here, 0 smaller here, 3 not reproducible here"), text);
    // the rows not reproducible, each with its reason, listed after the counts
    assertTrue(text.contains("not reproducible here, and why:\n  beta: beta's finding: cannot run here: no /dev/shm\n"),
        text);
    assertEquals(3, ReproduceReport.notReproducible(rows).size());
  }

  @Test
  void aRunOfTheEnergyExperimentWritesTheThreeReports() throws Exception {
    File out = new File(dir, "out");
    int rc = PartRunner.run(Reproduce.PROGRAM, new String[] {"--only", "energy", "--quick", "--out", out.getPath(),
        "--home", dir.getPath()});
    assertEquals(0, rc, new String(Files.readAllBytes(new File(out, "logs/energy.log").toPath()), StandardCharsets.UTF_8));
    JsonNode json = Json.MAPPER.readTree(new File(out, "reproduce.json"));
    assertEquals(1, json.path("findings").size(), json.toString());
    JsonNode f = json.path("findings").get(0);
    assertEquals("energy", f.path("part").asText());
    assertEquals("NOT_REPRODUCIBLE", f.path("verdict").asText());
    assertTrue(f.path("why").asText().contains("power meter"), f.toString());
    assertEquals(1, json.path("verdicts").path("NOT_REPRODUCIBLE").asInt());
    String html = new String(Files.readAllBytes(new File(out, "reproduce.html").toPath()), StandardCharsets.UTF_8);
    assertTrue(html.contains("<td class=\"verdict-NOT_REPRODUCIBLE\">not reproducible here</td>"), html);
    assertTrue(new File(out, "reproduce.txt").isFile());
  }

  @Test
  void anUnknownExperimentIsRefusedNamingTheKnownOnes() throws Exception {
    int rc = PartRunner.run(Reproduce.PROGRAM, new String[] {"--only", "energy,telepathy", "--out", dir.getPath(),
        "--home", dir.getPath()});
    assertEquals(1, rc);
  }
}
