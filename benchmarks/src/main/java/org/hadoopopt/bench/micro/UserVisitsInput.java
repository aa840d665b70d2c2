package org.hadoopopt.bench.micro;

import java.io.File;
import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;

/**
 * The local UserVisits input of the job-level aggregation benchmarks: the Pavlo generator's own
 * rows (same seed, same bytes), in two files (two maps), kept under the work folder for the next
 * run. A set is reused only when the generator finished it (its set file exists).
 */
final class UserVisitsInput {
  /** UserVisits rows at scale 1.0 (the generator's table size). */
  private static final double ROWS_AT_SCALE_1 = 155_000_000d;

  private UserVisitsInput() {}

  /** The folder of about {@code rows} generated UserVisits rows under {@code base}. */
  static File generate(File base, int rows) throws Exception {
    File set = new File(base, "uservisits-" + rows);
    File table = new File(set, "uservisits");
    if (new File(set, PavloGenerator.SET_FILE).isFile()) {
      return table;
    }
    FileUtil.fullyDelete(set);
    Configuration conf = LocalJobs.conf(new File(base, "tmp"));
    String scale = String.format(Locale.ROOT, "%.9f", rows / ROWS_AT_SCALE_1);
    int rc = ToolRunner.run(conf, new PavloGenerator(),
        new String[] {"--scale", scale, "--maps", "2", "--tables", "uservisits", set.getPath()});
    if (rc != 0) {
      FileUtil.fullyDelete(set);
      throw new IOException("the Pavlo generator exited " + rc + " writing " + set);
    }
    return table;
  }
}
