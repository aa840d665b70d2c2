package org.hadoopopt.bench.suite;

import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;

/**
 * The suite's data preparation as a process of its own, for {@link KilledDataPrepTest} to kill:
 * {@code DataPrepChild WORK gen|kvsf|load}.
 */
public final class DataPrepChild {
  private DataPrepChild() {}

  static Configuration conf() {
    Configuration c = new Configuration();
    c.set("fs.defaultFS", "file:///");
    c.set("mapreduce.framework.name", "local");
    c.set(PavloGenerator.SCALE, "0.0005");
    c.set(SuiteOptions.PARTITIONS, "2");
    c.setInt("mapreduce.task.io.sort.mb", 16);
    return c;
  }

  /** Runs one preparation step the way the suite does. */
  static void step(DataPrep prep, String step) throws Exception {
    prep.ensureSet(Arrays.asList("rankings", "uservisits"));
    if (step.equals("kvsf")) {
      prep.input(JobVariant.Input.KVSF, "uservisits");
    } else if (step.equals("load")) {
      prep.input(JobVariant.Input.LOADED_KVSF, "uservisits");
    }
  }

  public static void main(String[] args) throws Exception {
    step(new DataPrep(conf(), Programs.ofDriver(), new Path(args[0]), System.out), args[1]);
    System.exit(0);
  }
}
