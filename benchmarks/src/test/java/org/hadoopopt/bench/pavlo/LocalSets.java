package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;
import org.hadoopopt.testing.TestFiles;

/**
 * Generated sets on the local file system, made once per test JVM and shared by its test classes
 * (each JVM its own copy: classes run in several JVMs at once).
 */
final class LocalSets {
  private static final Map<String, File> SETS = new HashMap<>();

  private LocalSets() {}

  /** The local file system and the local job runner, as {@code -fs file:/// -jt local} would set. */
  static Configuration conf() {
    Configuration c = new Configuration();
    c.set("fs.defaultFS", "file:///");
    c.set("mapreduce.framework.name", "local");
    return c;
  }

  /**
   * Runs {@code tool} with {@code -fs file:/// -jt local}, the given arguments and the output
   * folder {@code out/name} as its last argument; returns the output's lines, sorted.
   */
  static List<String> runLocal(Tool tool, File out, String name, String... args) throws Exception {
    List<String> all = new ArrayList<>(Arrays.asList("-fs", "file:///", "-jt", "local"));
    all.addAll(Arrays.asList(args));
    Path dir = new Path(new File(out, name).toString());
    all.add(dir.toString());
    assertEquals(0, ToolRunner.run(new Configuration(), tool, all.toArray(new String[0])));
    return Reference.sorted(TestFiles.readPartLines(FileSystem.getLocal(new Configuration()), dir));
  }

  static File work(String name) {
    File f = new File("target/test-work/" + name).getAbsoluteFile();
    TestFiles.deleteRecursively(f);
    f.getParentFile().mkdirs();
    return f;
  }

  /** A complete set of the given scale and seed written by {@code gen} with 2 maps. */
  static synchronized File set(double scale, long seed) throws Exception {
    String key = scale + "-" + seed;
    File dir = SETS.get(key);
    if (dir == null) {
      dir = work(TestFiles.perFork("set-" + key));
      int rc = ToolRunner.run(conf(), new PavloGenerator(),
          new String[] {"--scale", Double.toString(scale), "--seed", Long.toString(seed), "--maps", "2", dir.toString()});
      assertEquals(0, rc);
      SETS.put(key, dir);
    }
    return dir;
  }
}
