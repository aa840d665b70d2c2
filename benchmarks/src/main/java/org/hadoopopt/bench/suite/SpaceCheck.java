package org.hadoopopt.bench.suite;

import java.io.File;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;
import org.hadoopopt.bench.pavlo.Task;

/**
 * Before anything is generated: whether the file system of WORK has room for the set and the
 * copies the plan's variants read (each about the size of the text table, times the replication),
 * and the local disk of OUT for the peers' copy when the set lives elsewhere. A scale that does not
 * fit fails here, with the sizes, instead of filling the disk halfway through a job.
 */
final class SpaceCheck {
  /** Free space left over, beyond the estimate, for logs, spills and job output. */
  static final double MARGIN = 1.2;

  private SpaceCheck() {}

  private static long sizeOf(File f) {
    File[] kids = f.listFiles();
    if (kids == null) {
      return f.length();
    }
    long n = 0;
    for (File k : kids) {
      n += sizeOf(k);
    }
    return n;
  }

  static void check(Configuration conf, SuitePlan plan, Path set, File out, boolean peers) throws IOException {
    Map<String, Integer> copies = new LinkedHashMap<>();
    for (Task t : plan.tasks()) {
      for (String table : t.tables()) {
        java.util.Set<JobVariant.Input> inputs = java.util.EnumSet.noneOf(JobVariant.Input.class);
        for (JobVariant v : plan.variants(t)) {
          inputs.add(v.decoder().input(table));
        }
        copies.merge(table, Math.max(1, inputs.size()), Math::max);
      }
    }
    FileSystem fs = set.getFileSystem(conf);
    Path work = set.getParent();
    // The local file system reports no space for a folder that does not exist yet: ask its parent.
    while (work.getParent() != null && !fs.exists(work)) {
      work = work.getParent();
    }
    long text = 0;
    long all = 0;
    for (Map.Entry<String, Integer> e : copies.entrySet()) {
      long b = PavloGenerator.estimateBytes(conf, e.getKey());
      text += b;
      all += b * (e.getValue() + 1L); // + 1: the text table, always there
    }
    all *= Math.max(1, fs.getDefaultReplication(work));
    // What a set of this scale and seed already holds is space the estimate may count again.
    long free = fs.getStatus(work).getRemaining() + (fs.exists(set) ? fs.getContentSummary(set).getSpaceConsumed() : 0);
    if (all * MARGIN > free) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s: scale %s needs about %.1f GB in %s (the set and the copies the variants read), %.1f GB are free;"
              + " choose a smaller --scale", PavloGenerator.SCALE, PavloGenerator.getScale(conf), all * MARGIN / 1e9,
          fs.getUri(), free / 1e9));
    }
    if (peers && !"file".equals(fs.getUri().getScheme())) {
      File dir = out;
      while (dir != null && !dir.exists()) {
        dir = dir.getParentFile();
      }
      long localFree = dir == null ? Long.MAX_VALUE : dir.getUsableSpace() + sizeOf(new File(new File(out, "peer-data"), set.getName()));
      if (text * MARGIN > localFree) {
        throw new IllegalArgumentException(String.format(Locale.ROOT,
            "%s: scale %s needs about %.1f GB in %s for the peers' local copy of the set, %.1f GB are free;"
                + " choose a smaller --scale or --peers none", PavloGenerator.SCALE, PavloGenerator.getScale(conf),
            text * MARGIN / 1e9, out, localFree / 1e9));
      }
    }
  }
}
