package org.hadoopopt.bench.pavlo;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.mapred.MapTask;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.hadoopopt.bench.tools.TaskJars;
import org.hadoopopt.directio.client.DirectReplicaAccessorBuilder;
import org.hadoopopt.fingerprint.collector.FingerprintCollector;
import org.hadoopopt.fingerprint.collector.FingerprintCounter;
import org.hadoopopt.fingerprint.collector.HashGroupCollector;
import org.hadoopopt.fingerprint.collector.HashGroupCounter;
import org.hadoopopt.fingerprint.key.FingerprintHashComparator;

/**
 * How the suite's variants and the classic micro-benchmarks switch the plugins on (what
 * {@code conf/}'s snippets do, through each plugin's own {@code enable} helper and key constants),
 * and the jars shipped with the job so tasks find the plugin classes.
 */
public final class HadoopOptKeys {
  public static final String COLLECTOR_KEY = MRJobConfig.MAP_OUTPUT_COLLECTOR_CLASS_ATTR;
  public static final String FINGERPRINT_COLLECTOR = FingerprintCollector.class.getName();
  public static final String STOCK_COLLECTOR = MapTask.MapOutputBuffer.class.getName();
  public static final String HASH_COMPARATOR = FingerprintHashComparator.class.getName();
  public static final String HASH_GROUP_COLLECTOR = HashGroupCollector.class.getName();
  public static final String DIRECTIO_BUILDER = DirectReplicaAccessorBuilder.class.getName();
  public static final String REPLICA_ACCESSOR_KEY = HdfsClientConfigKeys.REPLICA_ACCESSOR_BUILDER_CLASSES_KEY;
  /**
   * hadoop-patches' MAPREDUCE-fingerprint-sort.patch: the key its patched MapOutputBuffer reads
   * (a patch of Hadoop's own class, so no constant of ours declares it).
   */
  public static final String PATCH_SORT_KEY = "mapreduce.map.sort.fingerprint";
  /** The patched MapOutputBuffer's counter group (RECORDS_SORTED, DECLINED). */
  public static final String PATCH_SORT_COUNTERS = "MapOutputBuffer fingerprint sort";

  private HadoopOptKeys() {}

  /** conf/mapred-fingerprint-site.xml, with the stock collector as fallback; hash mode adds its comparator. */
  public static void fingerprint(Configuration conf, boolean hash) {
    FingerprintCollector.enable(conf, hash ? FingerprintCollector.Mode.HASH : FingerprintCollector.Mode.PREFIX);
    FingerprintCollector.setSort(conf, FingerprintCollector.Sort.RADIX);
    TaskJars.ship(conf, FINGERPRINT_COLLECTOR);
  }

  /**
   * conf/hadoop-patches-fingerprint-sort-site.xml: the fingerprint sort inside a patched Hadoop's own
   * MapOutputBuffer, prefix mode, or hash mode with its comparator (from the mapred-fingerprint jar).
   */
  public static void patchSort(Configuration conf, boolean hash) {
    conf.set(PATCH_SORT_KEY, hash ? "hash" : "prefix");
    if (hash) {
      conf.setClass(MRJobConfig.KEY_COMPARATOR, FingerprintHashComparator.class, RawComparator.class);
      TaskJars.ship(conf, HASH_COMPARATOR);
    }
  }

  /**
   * conf/mapred-hashgroup-site.xml: the hash-grouping collector, then the fingerprint collector
   * (in whatever mode is set; prefix by default) and the stock one as fallbacks.
   */
  public static void hashGroup(Configuration conf) {
    HashGroupCollector.enable(conf);
    TaskJars.ship(conf, HASH_GROUP_COLLECTOR);
  }

  /** Records that went into the hash-grouping table: 0 means it declined or was not switched on. */
  public static long recordsHashed(Counters c) {
    return c.findCounter(HashGroupCounter.RECORDS_HASHED).getValue();
  }

  /** conf/hdfs-directio-client-site.xml's builder; the socket folder comes from the cluster's site files. */
  public static void directIo(Configuration conf) {
    DirectReplicaAccessorBuilder.enable(conf);
    TaskJars.ship(conf, DIRECTIO_BUILDER);
  }

  /** Records the fingerprint collector sorted: 0 means every task fell back to the stock collector. */
  public static long fingerprintRecordsSorted(Counters c) {
    return c.findCounter(FingerprintCounter.RECORDS_SORTED).getValue();
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
