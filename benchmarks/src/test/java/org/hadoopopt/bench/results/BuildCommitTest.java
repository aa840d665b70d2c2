package org.hadoopopt.bench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.hadoopopt.testing.Scripts;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The commit stamp the build writes into the jar is the checkout's HEAD. */
class BuildCommitTest {
  @Test
  void theStampIsTheCheckoutsHead() throws Exception {
    Assumptions.assumeTrue(Scripts.root().resolve(".git").toFile().exists(), "built outside a git checkout");
    Process p = new ProcessBuilder("git", "-C", Scripts.root().toString(), "rev-parse", "HEAD").start();
    String head = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    Assumptions.assumeTrue(p.waitFor() == 0, "no git on this machine");
    String stamp = BuildCommit.get();
    assertTrue(stamp.equals(head) || stamp.equals(head + "+changes"), stamp + " for HEAD " + head);
    assertEquals(40, stamp.indexOf('+') < 0 ? stamp.length() : stamp.indexOf('+'), stamp);
  }
}
