package org.hadoopopt.bench;

import org.hadoopopt.testing.keys.KeyFileCheck;
import org.junit.jupiter.api.Test;

/**
 * {@code hadoopopt-bench-default.xml} (the module's one description of its keys, shipped in its jar) names exactly the
 * module's key constants, with their defaults and a description each; see docs/configuration.md.
 */
class DefaultKeysTest {
  @Test
  void theKeyFileMatchesTheKeyConstants() throws Exception {
    KeyFileCheck.check(org.hadoopopt.bench.pavlo.HadoopOptKeys.class, "org.hadoopopt.bench", "hadoopopt-bench-default.xml", "hadoopopt.bench.");
  }
}
