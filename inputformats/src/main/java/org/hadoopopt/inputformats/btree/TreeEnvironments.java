package org.hadoopopt.inputformats.btree;

import com.sleepycat.je.DatabaseConfig;
import com.sleepycat.je.EnvironmentConfig;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;

/**
 * The Berkeley DB JE settings of the loader (writing) and of the reader (opening a cleanly closed
 * tree), and the keys both read. No JE background thread runs in either: the loader checkpoints
 * once, at the end, and a reader's environment is read-only and lives for one split.
 */
public final class TreeEnvironments {
  /** Local directory where trees are built (loader) and staged (reader); default the JVM's java.io.tmpdir (a YARN container's own tmp). */
  public static final String LOCAL_DIR = "hadoopopt.input.btree.local.dir";
  /** JE cache bytes per environment (loader and reader), at least 1048576; default 33554432. */
  public static final String CACHE_BYTES = "hadoopopt.input.btree.cache.bytes";

  static final long DEFAULT_CACHE_BYTES = 32L << 20;
  /** The largest JE log file: the whole tree of a partition must fit in one. */
  static final long LOG_FILE_MAX = 1L << 30;

  private TreeEnvironments() {}

  public static void setLocalDir(Configuration conf, String dir) {
    conf.set(LOCAL_DIR, dir);
  }

  public static void setCacheBytes(Configuration conf, long bytes) {
    conf.setLong(CACHE_BYTES, bytes);
    cacheBytes(conf);
  }

  static long cacheBytes(Configuration conf) {
    String v = conf.getTrimmed(CACHE_BYTES, Long.toString(DEFAULT_CACHE_BYTES));
    try {
      long n = Long.parseLong(v);
      if (n >= 1L << 20) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(CACHE_BYTES + " must be a number of bytes >= 1048576, not '" + v + "'");
  }

  /** A new empty directory under {@link #LOCAL_DIR}. */
  static File newLocalDir(Configuration conf, String prefix) throws IOException {
    File base = new File(conf.getTrimmed(LOCAL_DIR, System.getProperty("java.io.tmpdir")));
    if (!base.isDirectory() && !base.mkdirs()) {
      throw new IOException(LOCAL_DIR + " = '" + base + "': cannot create the directory");
    }
    return Files.createTempDirectory(base.toPath(), prefix).toFile();
  }

  private static EnvironmentConfig quiet(Configuration conf) {
    EnvironmentConfig c = new EnvironmentConfig();
    c.setTransactional(false);
    c.setCacheSize(cacheBytes(conf));
    c.setConfigParam(EnvironmentConfig.ENV_RUN_CLEANER, "false");
    c.setConfigParam(EnvironmentConfig.ENV_RUN_CHECKPOINTER, "false");
    c.setConfigParam(EnvironmentConfig.ENV_RUN_IN_COMPRESSOR, "false");
    c.setConfigParam(EnvironmentConfig.ENV_RUN_VERIFIER, "false");
    c.setConfigParam(EnvironmentConfig.ENV_RUN_EXTINCT_RECORD_SCANNER, "false");
    c.setConfigParam(EnvironmentConfig.STATS_COLLECT, "false");
    c.setConfigParam(EnvironmentConfig.FILE_LOGGING_LEVEL, "OFF");
    c.setConfigParam(EnvironmentConfig.CONSOLE_LOGGING_LEVEL, "OFF");
    c.setConfigParam(EnvironmentConfig.LOG_FILE_MAX, Long.toString(LOG_FILE_MAX));
    return c;
  }

  /**
   * Records up to this many bytes are kept inside the tree's bottom nodes (JE "embedded LNs"), so a
   * range scan reads one node per ~128 records instead of one log entry per record.
   */
  static final int EMBED_MAX_BYTES = 1024;

  /** The loader's: a new environment, no transactions, no background work, one log file up to 1 GB. */
  static EnvironmentConfig writer(Configuration conf) {
    EnvironmentConfig c = quiet(conf);
    c.setConfigParam(EnvironmentConfig.TREE_MAX_EMBEDDED_LN, Integer.toString(EMBED_MAX_BYTES));
    c.setAllowCreate(true);
    c.setReadOnly(false);
    return c;
  }

  /**
   * A reader's: read-only (no recovery checkpoint, nothing written, no cleaner, compressor,
   * checkpointer, evictor threads or verifier); {@code checksums} keeps JE's per-entry check on reads.
   */
  static EnvironmentConfig reader(Configuration conf, boolean checksums) {
    EnvironmentConfig c = quiet(conf);
    c.setAllowCreate(false);
    c.setReadOnly(true);
    c.setConfigParam(EnvironmentConfig.ENV_RUN_EVICTOR, "false");
    c.setConfigParam(EnvironmentConfig.LOG_CHECKSUM_READ, Boolean.toString(checksums));
    return c;
  }

  static DatabaseConfig database(boolean write) {
    DatabaseConfig d = new DatabaseConfig();
    d.setTransactional(false);
    d.setAllowCreate(write);
    d.setReadOnly(!write);
    d.setKeyPrefixing(true); // keys of a BIN share their value bytes
    return d;
  }
}
