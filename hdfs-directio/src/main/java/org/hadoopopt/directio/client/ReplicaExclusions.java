package org.hadoopopt.directio.client;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Replicas whose direct read failed in this process. While excluded, the builder declines them so
 * HDFS's retry reads the block by streaming instead of hitting the same bad file again.
 */
final class ReplicaExclusions {
  static final long EXCLUDE_MS = 10 * 60 * 1000L;
  private static final int MAX_ENTRIES = 4096;

  private static final Map<String, Long> EXCLUDED = new LinkedHashMap<String, Long>(64, 0.75f, false) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
      return size() > MAX_ENTRIES;
    }
  };

  private ReplicaExclusions() {}

  static String key(String bpid, long blockId, long genStamp) {
    return bpid + ":" + blockId + ":" + genStamp;
  }

  static synchronized void exclude(String key) {
    EXCLUDED.put(key, System.currentTimeMillis() + EXCLUDE_MS);
  }

  static synchronized boolean isExcluded(String key) {
    Long until = EXCLUDED.get(key);
    if (until == null) {
      return false;
    }
    if (until < System.currentTimeMillis()) {
      EXCLUDED.remove(key);
      return false;
    }
    return true;
  }

  /** Forgets every exclusion (tests, or an operator who repaired the disk). */
  static synchronized void clear() {
    EXCLUDED.clear();
  }
}
