package org.hadoopopt.directio.client;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Replicas whose direct read failed in this process, each at its DataNode. While excluded, the
 * builder skips that replica, so HDFS's retry reads another local replica of the block, or streams
 * it, instead of hitting the same bad file again. It also remembers which DataNodes had a failure:
 * HDFS may have put such a DataNode on a stream's dead list, and then chooses another one while we
 * still read the local replica (see {@link ChecksumFailure}).
 */
final class ReplicaExclusions {
  static final long EXCLUDE_MS = 10 * 60 * 1000L;
  private static final int MAX_ENTRIES = 4096;

  private static final Map<String, Long> EXCLUDED = lru();
  private static final Map<Path, Long> FAILED_DATANODES = lru();

  private ReplicaExclusions() {}

  private static <K> Map<K, Long> lru() {
    return new LinkedHashMap<K, Long>(64, 0.75f, false) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<K, Long> eldest) {
        return size() > MAX_ENTRIES;
      }
    };
  }

  /** The replica of block {@code blockId}/{@code genStamp} at the DataNode listening on {@code socket}. */
  static String key(String bpid, long blockId, long genStamp, Path socket) {
    return bpid + ":" + blockId + ":" + genStamp + "@" + socket;
  }

  static synchronized void exclude(String key, Path socket) {
    long until = System.currentTimeMillis() + EXCLUDE_MS;
    EXCLUDED.put(key, until);
    FAILED_DATANODES.put(socket, until);
  }

  static synchronized boolean isExcluded(String key) {
    return live(EXCLUDED, key);
  }

  /** True if a direct read of any replica at this DataNode failed in the last {@link #EXCLUDE_MS}. */
  static synchronized boolean failedRecently(Path socket) {
    return live(FAILED_DATANODES, socket);
  }

  private static <K> boolean live(Map<K, Long> map, K key) {
    Long until = map.get(key);
    if (until == null) {
      return false;
    }
    if (until < System.currentTimeMillis()) {
      map.remove(key);
      return false;
    }
    return true;
  }

  /** Forgets every exclusion (tests, or an operator who repaired the disk). */
  static synchronized void clear() {
    EXCLUDED.clear();
    FAILED_DATANODES.clear();
  }
}
