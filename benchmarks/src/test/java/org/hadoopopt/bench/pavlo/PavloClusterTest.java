package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.util.Arrays;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.util.JarFinder;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;
import org.hadoopopt.bench.pavlo.jobs.AggregationJob;
import org.hadoopopt.testing.MiniMrYarn;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The generator on real daemons: its maps run in a YARN container (an uber job; dictionaries
 * loaded from the job jar) and write HDFS files through the output committer; a baseline job with two reducers then
 * reads them from HDFS. Only the generator runs on YARN: each YARN job costs close to a minute on
 * this loaded machine, and the baseline jobs' YARN runs are covered by {@code bin/hadoopopt bench}.
 */
class PavloClusterTest {
  @RegisterExtension
  static final MiniMrYarn CLUSTER = new MiniMrYarn(1);

  private static Configuration conf() {
    Configuration conf = CLUSTER.conf();
    // The classes come from target/classes: ship them (and the dictionaries) as a job jar.
    conf.set("mapreduce.job.jar", JarFinder.getJar(PavloGenerator.class));
    return conf;
  }

  @Test
  void generateOnHdfsThenAggregateWithTwoReducers() throws Exception {
    FileSystem fs = CLUSTER.fs();
    Configuration uber = conf();
    // The maps run inside the job's one YARN container (the AM's JVM) instead of one container
    // each: a container launch costs tens of seconds on this loaded machine.
    uber.setBoolean("mapreduce.job.ubertask.enable", true);
    assertEquals(0, ToolRunner.run(uber, new PavloGenerator(),
        new String[] {"--scale", "0.0001", "--seed", "3", "--maps", "2", "--tables", "rankings,uservisits", "/pavlo/data"}));
    assertEquals(2, fs.globStatus(new Path("/pavlo/data/uservisits/part-m-*")).length, "one file per map");
    File local = LocalSets.set(0.0001, 3); // the local runner's bytes, with the same seed and scale
    for (String t : new String[] {"rankings", "uservisits"}) {
      assertArrayEquals(concat(FileSystem.getLocal(new Configuration()), new Path(new File(local, t).toString())),
          concat(fs, new Path("/pavlo/data/" + t)), t + ": YARN and the local runner wrote different bytes");
    }

    Configuration localRunner = conf();
    localRunner.set("mapreduce.framework.name", "local"); // same HDFS, the local runner
    assertEquals(0, ToolRunner.run(localRunner, new AggregationJob(), new String[] {"-D", "mapreduce.job.reduces=2",
        "--prefix", "7", "--from", "1980-01-01", "/pavlo/data/uservisits", "/pavlo/out/aggregation"}));
    Reference ref = new Reference(fs, new Path("/pavlo/data"));
    assertEquals(ref.aggregation(7, "1980-01-01", null),
        Reference.sorted(TestFiles.readPartLines(fs, new Path("/pavlo/out/aggregation"))));
    assertEquals(2, fs.globStatus(new Path("/pavlo/out/aggregation/part-r-*")).length);
  }

  private static byte[] concat(FileSystem fs, Path dir) throws Exception {
    FileStatus[] parts = fs.globStatus(new Path(dir, "part-*"));
    Arrays.sort(parts);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (FileStatus p : parts) {
      try (InputStream in = fs.open(p.getPath())) {
        IOUtils.copyBytes(in, out, 65536, false);
      }
    }
    return out.toByteArray();
  }
}
