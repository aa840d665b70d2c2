package org.hadoopopt.bench.suite;

import java.io.File;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.hadoopopt.bench.pavlo.HadoopOptKeys;
import org.hadoopopt.bench.pavlo.Task;
import org.hadoopopt.bench.tools.Jobs;
import org.hadoopopt.directio.protocol.EndpointDirectory;

/**
 * Which task a variant makes sense for, and whether this jar and cluster can run it now. A
 * variant that does not apply to a task is simply not planned; one that applies but cannot run
 * yet gets a one-line notice saying what is missing.
 */
final class Availability {
  /** The collector class of the mapred-fingerprint module. */
  static final String FINGERPRINT_COLLECTOR = HadoopOptKeys.FINGERPRINT_COLLECTOR;
  /** The HDFS client plugin of the hdfs-directio module. */
  static final String DIRECTIO_BUILDER = HadoopOptKeys.DIRECTIO_BUILDER;

  private static final Set<Task> AGGREGATIONS = new HashSet<>(Arrays.asList(
      Task.AGGREGATION, Task.AGGREGATION_SMALL, Task.AGGREGATION_DATES));

  private final Programs programs;
  private final Configuration conf;
  /** Whether the jobs run in the local job runner; elsewhere (YARN) {@link #containers} must get every class. */
  private final boolean local;
  private final ContainerClasses containers = new ContainerClasses();

  Availability(Programs programs, Configuration conf) {
    this.programs = programs;
    this.conf = conf;
    this.local = Jobs.isLocalRunner(conf);
  }

  /** Whether the variant is meant for the task at all (independent of what is installed). */
  static boolean applies(JobVariant v, Task t) {
    if ((v.has(JobVariant.Modifier.FP) || v.has(JobVariant.Modifier.FPH) || v.has(JobVariant.Modifier.HASH)) && !t.reduces()) {
      return false; // map-only: no sort for a collector to change
    }
    if ((v.has(JobVariant.Modifier.PFS) || v.has(JobVariant.Modifier.PFSH)) && (!t.reduces() || t == Task.JOIN)) {
      // the join's last job sorts NullWritable keys, which the patch declines (and the suite then fails)
      return false;
    }
    switch (v.decoder()) {
      case BASELINE:
        return true;
      case MT:
        return t == Task.GREP || t == Task.SELECTION || AGGREGATIONS.contains(t) || t == Task.JOIN;
      case BDB:
        return t == Task.SELECTION || AGGREGATIONS.contains(t);
      case MTP:
        return t == Task.GREP || t == Task.SELECTION || t == Task.AGGREGATION_DATES || t == Task.JOIN;
      case MTV:
      case BDBIV:
        return t == Task.SELECTION || AGGREGATIONS.contains(t);
      case BDBP:
        return t == Task.SELECTION || t == Task.AGGREGATION_DATES;
      case MTI:
      case BDBI:
      case BDBTREE:
        return t == Task.SELECTION || t == Task.AGGREGATION_DATES;
      case SIMPLE_INDEX:
      case PARTITION:
      case LOOKUP:
        return t == Task.JOIN;
      default:
        return false;
    }
  }

  /** Null when the variant can run the task here, else why not (one line). */
  String missing(JobVariant v, Task t) {
    JobVariant.Decoder d = v.decoder();
    if (d != JobVariant.Decoder.BASELINE && !programs.offersVariant(t.program(), d.label())) {
      return "program '" + t.program() + "' has no --variant " + d.label() + " in this jar yet";
    }
    if (d.input().loaded() && !programs.has("load")) {
      return "the jar has no 'load' program yet (needed for the loaded copies " + d.label() + " reads)";
    }
    if ((v.has(JobVariant.Modifier.FP) || v.has(JobVariant.Modifier.FPH)) && !loadable(FINGERPRINT_COLLECTOR)) {
      return "the mapred-fingerprint jar is not on the classpath";
    }
    if (v.has(JobVariant.Modifier.HASH) && !loadable(HadoopOptKeys.HASH_GROUP_COLLECTOR)) {
      return "the mapred-fingerprint jar on the classpath has no hash-grouping collector";
    }
    if (v.patched()) {
      String why = PatchedClasses.missing(conf, v);
      if (why != null) {
        return why;
      }
    }
    if (v.has(JobVariant.Modifier.DIO)) {
      String why = directIoMissing();
      if (why != null) {
        return why;
      }
    }
    return local ? null : containers.missing(v, programs.programClass(t.program()));
  }

  private String directIoMissing() {
    if (!loadable(DIRECTIO_BUILDER)) {
      return "the hdfs-directio jar is not on the classpath";
    }
    String scheme;
    try {
      scheme = FileSystem.get(conf).getUri().getScheme();
    } catch (java.io.IOException e) {
      return "cannot reach the default file system: " + e.getMessage();
    }
    if (!"hdfs".equals(scheme)) {
      return "direct I/O reads HDFS blocks; the data is on " + scheme + ":";
    }
    File[] socks = new File(conf.get(EndpointDirectory.SOCKET_DIR, EndpointDirectory.SOCKET_DIR_DEFAULT))
        .listFiles((dir, name) -> name.startsWith("dn-") && name.endsWith(".sock"));
    if (socks == null || socks.length == 0) {
      return "no DataNode runs the direct I/O plugin (no dn-*.sock in "
          + conf.get(EndpointDirectory.SOCKET_DIR, EndpointDirectory.SOCKET_DIR_DEFAULT) + "); start the cluster with it";
    }
    return null;
  }

  static boolean loadable(String className) {
    try {
      Class.forName(className, false, Availability.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

}
