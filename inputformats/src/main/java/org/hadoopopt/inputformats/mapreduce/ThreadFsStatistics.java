package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The calling thread's own file-system statistics for one path's scheme. MapTask and ReduceTask
 * count {@code File Input/Output Format} bytes by summing the scheme's statistics over every thread
 * around each record (a lock and a walk per record); our readers and writers take the same deltas
 * from these, which no other thread writes to.
 */
final class ThreadFsStatistics {
  private ThreadFsStatistics() {}

  /** The calling thread's statistics of every file system instance of PATH's scheme. */
  static List<FileSystem.Statistics.StatisticsData> of(Path path, Configuration conf) throws IOException {
    String scheme = path.getFileSystem(conf).makeQualified(path).toUri().getScheme();
    List<FileSystem.Statistics.StatisticsData> mine = new ArrayList<>();
    @SuppressWarnings("deprecation")
    List<FileSystem.Statistics> all = FileSystem.getAllStatistics();
    for (FileSystem.Statistics s : all) {
      if (s.getScheme().equals(scheme)) {
        mine.add(s.getThreadStatistics());
      }
    }
    return mine;
  }
}
