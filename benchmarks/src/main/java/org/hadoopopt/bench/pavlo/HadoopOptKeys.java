package org.hadoopopt.bench.pavlo;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counters;
import org.hadoopopt.bench.tools.TaskJars;

/**
 * The HadoopOpt keys the suite's variants and the classic micro-benchmarks switch on (those of
 * {@code conf/}'s snippets), and the jars shipped with the job so tasks find the plugin classes.
 */
public final class HadoopOptKeys {
  public static final String COLLECTOR_KEY = "mapreduce.job.map.output.collector.class";
  public static final String FINGERPRINT_COLLECTOR = "org.hadoopopt.fingerprint.collector.FingerprintCollector";
  public static final String STOCK_COLLECTOR = "org.apache.hadoop.mapred.MapTask$MapOutputBuffer";
  public static final String HASH_COMPARATOR = "org.hadoopopt.fingerprint.key.FingerprintHashComparator";
  public static final String FINGERPRINT_COUNTERS = "org.hadoopopt.fingerprint.collector.FingerprintCounter";
  public static final String HASH_GROUP_COLLECTOR = "org.hadoopopt.fingerprint.collector.HashGroupCollector";
  public static final String HASH_GROUP_COUNTERS = "org.hadoopopt.fingerprint.collector.HashGroupCounter";
  public static final String DIRECTIO_BUILDER = "org.hadoopopt.directio.client.DirectReplicaAccessorBuilder";
  public static final String REPLICA_ACCESSOR_KEY = "dfs.client.replica.accessor.builder.classes";
  /** hadoop-patches' MAPREDUCE-fingerprint-sort.patch: the key its patched MapOutputBuffer reads. */
  public static final String PATCH_SORT_KEY = "mapreduce.map.sort.fingerprint";
  /** The patched MapOutputBuffer's counter group (RECORDS_SORTED, DECLINED). */
  public static final String PATCH_SORT_COUNTERS = "MapOutputBuffer fingerprint sort";

  private HadoopOptKeys() {}

  /** conf/mapred-fingerprint-site.xml, with the stock collector as fallback; hash mode adds its comparator. */
  public static void fingerprint(Configuration conf, boolean hash) {
    conf.set(COLLECTOR_KEY, FINGERPRINT_COLLECTOR + "," + STOCK_COLLECTOR);
    conf.set("hadoopopt.fingerprint.mode", hash ? "hash" : "prefix");
    conf.set("hadoopopt.fingerprint.sort", "radix");
    if (hash) {
      conf.set("mapreduce.job.output.key.comparator.class", HASH_COMPARATOR);
    }
    TaskJars.ship(conf, FINGERPRINT_COLLECTOR);
  }

  /**
   * conf/hadoop-patches-fingerprint-sort-site.xml: the fingerprint sort inside a patched Hadoop's own
   * MapOutputBuffer, prefix mode, or hash mode with its comparator (from the mapred-fingerprint jar).
   */
  public static void patchSort(Configuration conf, boolean hash) {
    conf.set(PATCH_SORT_KEY, hash ? "hash" : "prefix");
    if (hash) {
      conf.set("mapreduce.job.output.key.comparator.class", HASH_COMPARATOR);
      TaskJars.ship(conf, HASH_COMPARATOR);
    }
  }

  /**
   * conf/mapred-hashgroup-site.xml: the hash-grouping collector, then the fingerprint collector
   * (in whatever mode is set; prefix by default) and the stock one as fallbacks.
   */
  public static void hashGroup(Configuration conf) {
    conf.set(COLLECTOR_KEY, HASH_GROUP_COLLECTOR + "," + FINGERPRINT_COLLECTOR + "," + STOCK_COLLECTOR);
    TaskJars.ship(conf, HASH_GROUP_COLLECTOR);
  }

  /** Records that went into the hash-grouping table: 0 means it declined or was not switched on. */
  public static long recordsHashed(Counters c) {
    return c.findCounter(HASH_GROUP_COUNTERS, "RECORDS_HASHED").getValue();
  }

  /** conf/hdfs-directio-client-site.xml's builder; the socket folder comes from the cluster's site files. */
  public static void directIo(Configuration conf) {
    conf.set(REPLICA_ACCESSOR_KEY, DIRECTIO_BUILDER);
    TaskJars.ship(conf, DIRECTIO_BUILDER);
  }

  /** Records the fingerprint collector sorted: 0 means every task fell back to the stock collector. */
  public static long fingerprintRecordsSorted(Counters c) {
    return c.findCounter(FINGERPRINT_COUNTERS, "RECORDS_SORTED").getValue();
  }

  /** Why a class cannot be loaded here, or null when it can. */
  public static String missing(String className, String jar) {
    try {
      Class.forName(className, false, HadoopOptKeys.class.getClassLoader());
      return null;
    } catch (ClassNotFoundException | LinkageError e) {
      return className + " is not on the classpath (" + jar + ")";
    }
  }
}
