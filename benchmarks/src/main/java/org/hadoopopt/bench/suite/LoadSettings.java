package org.hadoopopt.bench.suite;

import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.bench.pavlo.HadoopOptKeys;
import org.hadoopopt.bench.tools.Jobs;
import org.hadoopopt.fingerprint.shuffle.FingerprintShuffle;

/**
 * How the suite runs the jobs that make our loaded copies (the loader's partition, sort and index
 * job, and the KVSF conversion): with our own plugins, as an operator who installed them would, each
 * of Hadoop's keys set only when the run leaves it unset. Profiled (JFR, UserVisits into 4 KVSF
 * partitions at scale 0.1): Hadoop's QuickSort of the map output was 30% of the load's samples,
 * and the local job runner ran the 4 reducers one after the other.
 * <ul>
 *   <li>The map output sorted by the fingerprint collector (prefix mode, radix sort on the key's
 *       first bytes: partition and index key; the order Hadoop's sort gives), merged on the reduce
 *       side by fingerprint ({@link FingerprintShuffle}).
 *   <li>In the local job runner, as many reducers at once as cores, each with its share of the heap
 *       for the shuffle ({@code mapreduce.reduce.memory.totalbytes}: Hadoop gives each the whole heap).
 *   <li>{@link #COMPRESS}: the map output compressed with LZ4 (Hadoop's Java codec), for a load whose
 *       map output would not fit the disk beside the table and its copy (scale 1.0).
 * </ul>
 */
final class LoadSettings {
  /**
   * {@code hadoopopt.bench.suite.load.compress}, default {@code false}: compress the loads' and
   * conversions' map output with LZ4 ({@code mapreduce.map.output.compress}); their temporary
   * space on the local disk shrinks about threefold for some CPU.
   */
  public static final String COMPRESS = "hadoopopt.bench.suite.load.compress";
  static final String LOCAL_REDUCES = "mapreduce.local.reduce.tasks.maximum";
  static final String REDUCE_MEMORY = "mapreduce.reduce.memory.totalbytes";
  static final String MAP_OUTPUT_COMPRESS = "mapreduce.map.output.compress";
  static final String MAP_OUTPUT_CODEC = "mapreduce.map.output.compress.codec";

  private LoadSettings() {}

  static void apply(Configuration c) {
    if (Jobs.onlyDefault(c, HadoopOptKeys.COLLECTOR_KEY)) {
      HadoopOptKeys.fingerprint(c, false);
    }
    if (Jobs.onlyDefault(c, FingerprintShuffle.PLUGIN)) {
      FingerprintShuffle.enable(c);
    }
    if (Jobs.isLocalRunner(c)) {
      int cores = Runtime.getRuntime().availableProcessors();
      if (Jobs.onlyDefault(c, LOCAL_REDUCES)) {
        c.setInt(LOCAL_REDUCES, cores);
      }
      if (Jobs.onlyDefault(c, REDUCE_MEMORY)) {
        c.setLong(REDUCE_MEMORY, Runtime.getRuntime().maxMemory() / Math.max(1, c.getInt(LOCAL_REDUCES, 1)));
      }
    }
    if (compress(c) && Jobs.onlyDefault(c, MAP_OUTPUT_COMPRESS)) {
      c.setBoolean(MAP_OUTPUT_COMPRESS, true);
      c.set(MAP_OUTPUT_CODEC, "org.apache.hadoop.io.compress.Lz4Codec");
    }
  }

  /** {@link #COMPRESS}; a value other than true or false fails naming the key. */
  static boolean compress(Configuration c) {
    String v = c.getTrimmed(COMPRESS, "false");
    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(COMPRESS + " must be true or false, not '" + v + "'");
    }
    return Boolean.parseBoolean(v);
  }
}
