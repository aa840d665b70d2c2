package org.hadoopopt.inputformats.join;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The build side of a map-side join, in memory and bounded: entries are charged their estimated
 * size, and an insert that would pass {@link #MAX_BYTES} fails naming the partition and the key to
 * raise, instead of an OutOfMemoryError later.
 */
public final class JoinHashTable<V> {
  /** Bytes the in-memory hash table of one partition may take (estimated); default 268435456 (256 MB). */
  public static final String MAX_BYTES = "hadoopopt.input.join.hash.max.bytes";
  private static final long ENTRY_OVERHEAD = 64;

  private final Map<String, List<V>> table = new HashMap<>();
  private final long maxBytes;
  private final String partition;
  private long bytes;
  private long entries;

  public JoinHashTable(Configuration conf, String partition) {
    this.maxBytes = getMaxBytes(conf);
    this.partition = partition;
  }

  public static void setMaxBytes(Configuration conf, long bytes) {
    conf.setLong(MAX_BYTES, bytes);
    getMaxBytes(conf);
  }

  static long getMaxBytes(Configuration conf) {
    String v = conf.getTrimmed(MAX_BYTES, "268435456");
    try {
      long b = Long.parseLong(v);
      if (b > 0) {
        return b;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(MAX_BYTES + " must be a positive number of bytes, not '" + v + "'");
  }

  /** Adds {@code value} under {@code key}; {@code valueBytes} is the caller's estimate of its size. */
  public void put(String key, V value, long valueBytes) throws IOException {
    long cost = ENTRY_OVERHEAD + 2L * key.length() + valueBytes;
    if (bytes + cost > maxBytes) {
      throw new IOException("partition " + partition + ": the build side's hash table would exceed " + maxBytes
          + " bytes after " + entries + " rows; raise " + MAX_BYTES + " (and the map heap, mapreduce.map.java.opts),"
          + " narrow the range, or load with more partitions");
    }
    bytes += cost;
    entries++;
    table.computeIfAbsent(key, k -> new ArrayList<>(2)).add(value);
  }

  /** The values under {@code key} (empty if none). */
  public List<V> get(String key) {
    List<V> v = table.get(key);
    return v == null ? Collections.<V>emptyList() : v;
  }

  public long bytes() {
    return bytes;
  }

  public long entries() {
    return entries;
  }
}
