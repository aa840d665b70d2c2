package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.inputformats.loader.LoadJob;
import org.hadoopopt.inputformats.mapreduce.KvsfConvert;
import org.hadoopopt.inputformats.mapreduce.KvsfOutputFormat;

/**
 * What the local-runner variant tests share: the generated set (scale 0.0003, seed 11, one per
 * test JVM, {@link LocalSets}), its {@link Reference} answers, the test class's own output folder,
 * and the copies made from the set there (KVSF conversions, loaded tables).
 */
final class SetFixture {
  final File set;
  final File out;
  final FileSystem fs;
  final Reference ref;

  /** The shared set, and OUT_NAME (under target/test-work) emptied for the class's outputs. */
  SetFixture(String outName) throws Exception {
    set = LocalSets.set(0.0003, 11);
    out = LocalSets.work(outName);
    fs = FileSystem.getLocal(new Configuration());
    ref = new Reference(fs, new Path(set.toString()));
  }

  /** The fixture with Rankings and UserVisits converted to KVSF ({@link #convert}). */
  static SetFixture withKvsf(String outName) throws Exception {
    SetFixture f = new SetFixture(outName);
    f.convert("rankings");
    f.convert("uservisits");
    return f;
  }

  /** The generated TABLE's folder. */
  String table(String table) {
    return new File(set, table).toString();
  }

  /** The output lines (sorted) of TOOL run on the local runner with ARGS into out/NAME. */
  List<String> run(Tool tool, String name, String... args) throws Exception {
    return LocalSets.runLocal(tool, out, name, args);
  }

  /** TABLE converted to KVSF into out/TABLE-kvsf, with 4 KB pages so the tiny tables still span many pages. */
  String convert(String table) throws Exception {
    String dir = new File(out, table + "-kvsf").toString();
    assertEquals(0, ToolRunner.run(LocalSets.conf(), new KvsfConvert(), new String[] {"-D", KvsfOutputFormat.PAGE_SIZE + "=4096",
        table, table(table), dir}));
    return dir;
  }

  /** TABLE loaded by {@code load} in FORMAT into out/TABLE-FORMAT: 2 partitions, 4 KB pages. */
  String load(String table, String format) throws Exception {
    String dir = new File(out, table + "-" + format).toString();
    assertEquals(0, ToolRunner.run(LocalSets.conf(), new LoadJob(), new String[] {"--table", table, "--partitions", "2",
        "--format", format, "--page-size", "4096", table(table), dir}));
    return dir;
  }
}
