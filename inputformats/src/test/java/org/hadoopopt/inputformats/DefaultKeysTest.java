package org.hadoopopt.inputformats;

import org.hadoopopt.testing.keys.KeyFileCheck;
import org.junit.jupiter.api.Test;

/**
 * {@code hadoopopt-input-default.xml} (the module's one description of its keys, shipped in its jar) names exactly the
 * module's key constants, with their defaults and a description each; see docs/configuration.md.
 */
class DefaultKeysTest {
  @Test
  void theKeyFileMatchesTheKeyConstants() throws Exception {
    KeyFileCheck.check(org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat.class, "org.hadoopopt.inputformats", "hadoopopt-input-default.xml", "hadoopopt.input.");
  }
}
