package org.hadoopopt.directio.client;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The order in which the builder asks the local DataNodes for a block: name order for the first
 * read of the block in this process, then starting one DataNode further on each later read
 * (round robin). HDFS spreads a block's reads over its replicas (MiniDFSCluster's NameNode orders
 * them at random for each call), and a read that meets a corrupt replica reports it. Were the
 * builder to serve every read from the same healthy local replica while HDFS chose another, a
 * corrupt replica that HDFS would have met and reported stayed unread and unreported for good (and
 * a caller re-reading until the NameNode drops it waited forever). With the rotation, n successive
 * reads of a block meet every one of its n local replicas. A host with one DataNode, the
 * supported deployment, is not affected.
 */
final class ReplicaRotation {
  private static final int MAX_ENTRIES = 4096;

  private static final Map<String, Integer> NEXT = new LinkedHashMap<String, Integer>(64, 0.75f, true) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
      return size() > MAX_ENTRIES;
    }
  };

  private ReplicaRotation() {}

  /** {@code sockets} (in name order) rotated for this read of block {@code blockKey}. */
  static List<Path> order(String blockKey, List<Path> sockets) {
    int n = sockets.size();
    if (n <= 1) {
      return sockets;
    }
    int start;
    synchronized (NEXT) {
      start = NEXT.getOrDefault(blockKey, 0) % n;
      NEXT.put(blockKey, (start + 1) % n);
    }
    List<Path> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(sockets.get((start + i) % n));
    }
    return out;
  }
}
