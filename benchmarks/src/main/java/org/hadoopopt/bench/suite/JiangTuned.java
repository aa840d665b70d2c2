package org.hadoopopt.bench.suite;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The suite's {@code +jiang} modifier: the tuned settings of Jiang et al. (PVLDB 2010) — 512 MB
 * blocks, io.sort.mb 512, sort factor 300, a 1 GB task heap, replication 1 — the same keys and
 * values as {@code conf/jiang-tuned-site.xml}. Blocks of data already written stay as they are:
 * {@code split.minsize} (and the local file system's block size) give the 512 MB splits such
 * blocks would. All Hadoop keys; the modifier adds none of its own.
 */
public final class JiangTuned {
  /** Key to value, in the profile's order. */
  public static final Map<String, String> SETTINGS;

  static {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("dfs.blocksize", "536870912");
    m.put("dfs.replication", "1");
    m.put("fs.local.block.size", "536870912");
    m.put("mapreduce.input.fileinputformat.split.minsize", "536870912");
    m.put("mapreduce.task.io.sort.mb", "512");
    m.put("mapreduce.task.io.sort.factor", "300");
    m.put("mapreduce.map.java.opts", "-Xmx1024m");
    m.put("mapreduce.reduce.java.opts", "-Xmx1024m");
    m.put("mapreduce.map.memory.mb", "1536");
    m.put("mapreduce.reduce.memory.mb", "1536");
    SETTINGS = Collections.unmodifiableMap(m);
  }

  private JiangTuned() {}

  /** Sets every key of the profile on {@code conf}. */
  public static void apply(Configuration conf) {
    SETTINGS.forEach(conf::set);
  }
}
