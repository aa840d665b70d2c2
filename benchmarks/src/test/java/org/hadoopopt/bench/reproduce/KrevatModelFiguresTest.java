package org.hadoopopt.bench.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import org.hadoopopt.bench.ideal.KrevatWorkedFigures;
import org.hadoopopt.bench.results.Finding;
import org.hadoopopt.bench.results.Findings;
import org.hadoopopt.bench.results.Verdict;
import org.hadoopopt.testing.VersionNeutral;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The krevat-model experiment's rows: each of the paper's worked figures beside the model's. */
@VersionNeutral
class KrevatModelFiguresTest {
  @TempDir
  File dir;

  @Test
  void everyWorkedFigureIsARowBesideTheModelsOwn() throws Exception {
    File f = new File(dir, "findings/krevat-model.json");
    KrevatModelFigures.main(new String[] {"--findings", f.getPath()});
    List<Finding> rows = Findings.read(f);
    // per run its time and its node count, then PetaSort's disks and section 6's backup write
    assertEquals(2 * KrevatWorkedFigures.all().size() + 2, rows.size());
    for (Finding r : rows) {
      assertEquals(Verdict.REPRODUCED, r.verdict, r.finding + ": " + r.ourFigure + " vs " + r.paperFigure);
    }
    Finding hadoop = rows.get(0);
    assertEquals(8.86, hadoop.paperFigure, 0);
    assertEquals(8.86, hadoop.ourFigure, 0.005);
    assertEquals(209, rows.get(1).ourFigure, 0);
    Finding yahooNodes = rows.get(7);
    assertEquals(400, yahooNodes.paperFigure, 0);
    assertEquals(395, yahooNodes.ourFigure, 0);
    assertTrue(yahooNodes.why.contains("394.5") && yahooNodes.why.contains("round 400"), yahooNodes.why);
    assertEquals(6, rows.get(10).ourFigure, 0);
    Finding backup = rows.get(11);
    assertEquals(39, backup.paperFigure, 0);
    assertEquals(41.24, backup.ourFigure, 0.01);
    assertTrue(backup.why.contains("39.3 s"), backup.why);
  }
}
