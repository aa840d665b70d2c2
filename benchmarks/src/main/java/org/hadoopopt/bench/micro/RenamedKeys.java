package org.hadoopopt.bench.micro;

import org.apache.hadoop.conf.Configuration;

/**
 * Keys of this module that were renamed ({@code .bytes} for byte sizes). The old names stay valid
 * as Hadoop deprecated keys: a value set under an old name is read under the new one, with
 * Hadoop's one-time deprecation warning. Every class that declares one of the new keys registers
 * them all when it is initialized.
 *
 * <p>The plugin modules each have a copy of this class with their own pairs (they share no module:
 * each jar is installed alone beside a stock Hadoop); this one is the benchmarks', whose keys no
 * plugin declares.
 */
public final class RenamedKeys {
  /** Pairs of old name, new name. */
  public static final String[][] OLD_TO_NEW = {
      {"hadoopopt.bench.sched.file.size", "hadoopopt.bench.sched.file.bytes"},
      {"hadoopopt.bench.dfsio.file.size", "hadoopopt.bench.dfsio.file.bytes"},
      {"hadoopopt.bench.wordcount.input.size", "hadoopopt.bench.wordcount.input.bytes"},
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
