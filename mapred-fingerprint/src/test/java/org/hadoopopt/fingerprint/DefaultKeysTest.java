package org.hadoopopt.fingerprint;

import org.hadoopopt.testing.keys.KeyFileCheck;
import org.junit.jupiter.api.Test;

/**
 * {@code hadoopopt-fingerprint-default.xml} (the module's one description of its keys, shipped in its jar) names exactly the
 * module's key constants, with their defaults and a description each; see docs/configuration.md.
 */
class DefaultKeysTest {
  @Test
  void theKeyFileMatchesTheKeyConstants() throws Exception {
    KeyFileCheck.check(org.hadoopopt.fingerprint.collector.FingerprintCollector.class, "org.hadoopopt.fingerprint", "hadoopopt-fingerprint-default.xml", "hadoopopt.fingerprint.");
  }
}
