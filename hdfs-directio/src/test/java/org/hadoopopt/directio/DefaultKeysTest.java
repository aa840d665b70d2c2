package org.hadoopopt.directio;

import org.hadoopopt.testing.keys.KeyFileCheck;
import org.junit.jupiter.api.Test;

/**
 * {@code hadoopopt-directio-default.xml} (the module's one description of its keys, shipped in its jar) names exactly the
 * module's key constants, with their defaults and a description each; see docs/configuration.md.
 */
class DefaultKeysTest {
  @Test
  void theKeyFileMatchesTheKeyConstants() throws Exception {
    KeyFileCheck.check(org.hadoopopt.directio.datanode.DirectIoDataNodePlugin.class, "org.hadoopopt.directio", "hadoopopt-directio-default.xml", "hadoopopt.directio.");
  }
}
