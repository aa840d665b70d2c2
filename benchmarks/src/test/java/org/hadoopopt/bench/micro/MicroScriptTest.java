package org.hadoopopt.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import org.hadoopopt.testing.Scripts;
import org.junit.jupiter.api.Test;

/** {@code bin/hadoopopt micro}'s command line: the help lists every part, a bad part is refused before anything runs. */
class MicroScriptTest {
  private static final String[] PARTS = {"decode", "sort", "io", "shm", "sched", "dfsio", "wordcount", "terasort"};

  @Test
  void helpListsEveryPart() throws Exception {
    Scripts.Result r = Scripts.run(Collections.emptyMap(), 60, "hadoopopt", "micro", "--help");
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.stdout.contains("bin/hadoopopt micro [--only PART,..] [--quick]"), r.toString());
    for (String p : PARTS) {
      assertTrue(r.stdout.matches("(?s).*\\n\\s+" + p + "\\s+\\S.*"), "no line for part " + p + ":\n" + r.stdout);
    }
  }

  @Test
  void unknownPartIsRefusedNamingTheParts() throws Exception {
    Scripts.Result r = Scripts.run(Collections.emptyMap(), 60, "hadoopopt", "micro", "--only", "sort,teraflop");
    assertEquals(1, r.exitCode, r.toString());
    assertTrue(r.stderr.contains("unknown part 'teraflop'"), r.toString());
    for (String p : PARTS) {
      assertTrue(r.stderr.contains(p), r.toString());
    }
  }
}
