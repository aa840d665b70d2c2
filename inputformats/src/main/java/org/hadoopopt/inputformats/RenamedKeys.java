package org.hadoopopt.inputformats;

import org.apache.hadoop.conf.Configuration;

/**
 * Keys of this module that were renamed (one prefix, {@code hadoopopt.input.}, for the module and
 * {@code .bytes} for byte sizes). The old names stay valid as Hadoop deprecated keys: a value set
 * under an old name is read under the new one, with Hadoop's one-time deprecation warning. Every
 * class that declares one of the new keys registers them all when it is initialized.
 *
 * <p>Each plugin module has its own copy of this class (its own pairs, the same few lines of
 * registration): the plugins share no module, since each jar is installed alone beside a stock
 * Hadoop, and a jar every plugin had to ship for those lines would cost operators more than it saves.
 */
public final class RenamedKeys {
  /** Pairs of old name, new name. */
  public static final String[][] OLD_TO_NEW = {
      {"hadoopopt.kvsf.page.size", "hadoopopt.input.kvsf.page.bytes"},
      {"hadoopopt.kvsf.codec", "hadoopopt.input.kvsf.codec"},
      {"hadoopopt.kvsf.schema", "hadoopopt.input.kvsf.schema"},
      {"hadoopopt.index.column", "hadoopopt.input.index.column"},
      {"hadoopopt.index.lower", "hadoopopt.input.index.lower"},
      {"hadoopopt.index.upper", "hadoopopt.input.index.upper"},
      {"hadoopopt.index.lower.inclusive", "hadoopopt.input.index.lower.inclusive"},
      {"hadoopopt.index.upper.inclusive", "hadoopopt.input.index.upper.inclusive"},
      {"hadoopopt.index.page.size", "hadoopopt.input.index.page.bytes"},
      {"hadoopopt.loader.table", "hadoopopt.input.loader.table"},
      {"hadoopopt.loader.partitions", "hadoopopt.input.loader.partitions"},
      {"hadoopopt.loader.partition.column", "hadoopopt.input.loader.partition.column"},
      {"hadoopopt.loader.index.column", "hadoopopt.input.loader.index.column"},
      {"hadoopopt.loader.format", "hadoopopt.input.loader.format"},
      {"hadoopopt.btree.open.mode", "hadoopopt.input.btree.open.mode"},
      {"hadoopopt.btree.checksum.read", "hadoopopt.input.btree.checksum.read"},
      {"hadoopopt.btree.local.dir", "hadoopopt.input.btree.local.dir"},
      {"hadoopopt.btree.cache.bytes", "hadoopopt.input.btree.cache.bytes"},
      {"hadoopopt.join.build.dir", "hadoopopt.input.join.build.dir"},
      {"hadoopopt.join.hash.max.bytes", "hadoopopt.input.join.hash.max.bytes"},
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
