package org.hadoopopt.fingerprint;

import org.apache.hadoop.conf.Configuration;

/**
 * Keys of this module that were renamed (one prefix, {@code hadoopopt.fingerprint.}, for the
 * module). The old names stay valid as Hadoop deprecated keys: a value set under an old name is
 * read under the new one, with Hadoop's one-time deprecation warning. Every class that declares
 * one of the new keys registers them all when it is initialized.
 *
 * <p>Each plugin module has its own copy of this class (its own pairs, the same few lines of
 * registration): the plugins share no module, since each jar is installed alone beside a stock
 * Hadoop, and a jar every plugin had to ship for those lines would cost operators more than it saves.
 */
public final class RenamedKeys {
  /** Pairs of old name, new name. */
  public static final String[][] OLD_TO_NEW = {
      {"hadoopopt.hashgroup.memory.percent", "hadoopopt.fingerprint.hashgroup.memory.percent"},
      {"hadoopopt.hashgroup.min.reduction", "hadoopopt.fingerprint.hashgroup.min.reduction"},
      {"hadoopopt.hashgroup.check.records", "hadoopopt.fingerprint.hashgroup.check.records"},
  };

  static {
    Configuration.DeprecationDelta[] deltas = new Configuration.DeprecationDelta[OLD_TO_NEW.length];
    for (int i = 0; i < deltas.length; i++) {
      deltas[i] = new Configuration.DeprecationDelta(OLD_TO_NEW[i][0], OLD_TO_NEW[i][1]);
    }
    Configuration.addDeprecations(deltas);
  }

  private RenamedKeys() {}

  /** Registers the old names (once per JVM; later calls do nothing). */
  public static void register() {
    // the static initializer does the work
  }
}
