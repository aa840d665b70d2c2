package org.hadoopopt.shmstreaming;

import org.hadoopopt.testing.keys.KeyFileCheck;
import org.junit.jupiter.api.Test;

/**
 * {@code hadoopopt-shmstreaming-default.xml} (the module's one description of its keys, shipped in its jar) names exactly the
 * module's key constants, with their defaults and a description each; see docs/configuration.md.
 */
class DefaultKeysTest {
  @Test
  void theKeyFileMatchesTheKeyConstants() throws Exception {
    KeyFileCheck.check(org.hadoopopt.shmstreaming.io.ShmChannel.class, "org.hadoopopt.shmstreaming", "hadoopopt-shmstreaming-default.xml", "stream.shm.");
  }
}
