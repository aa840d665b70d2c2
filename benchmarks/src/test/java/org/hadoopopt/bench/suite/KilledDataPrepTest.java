package org.hadoopopt.bench.suite;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.gen.PavloGenerator;
import org.hadoopopt.inputformats.loader.LoadJob;
import org.hadoopopt.inputformats.mapreduce.CompleteOutput;
import org.hadoopopt.inputformats.mapreduce.KvsfConvert;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * The generator, the converter and the loader killed part-way, as the suite runs them: a child
 * JVM running the suite's data preparation gets SIGKILL as soon as its job has written data.
 * The next run must say it discards the partial output, make it again, and the result must
 * equal, byte for byte, what a clean run of the same tool writes. States a kill could leave
 * with too small a window to hit (job committed, marker not yet written) or that a reader
 * must not accept either (a file cut short, a stray file, other parameters) are made directly.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KilledDataPrepTest {
  private static File work;
  private static File ref;
  private static Configuration conf;
  private static FileSystem fs;
  private static DataPrep prep;
  private static int faults;

  @BeforeAll
  static void setUp() throws IOException {
    work = new File("target/test-work/" + TestFiles.perFork("killed-prep")).getAbsoluteFile();
    TestFiles.deleteRecursively(work);
    assertTrue(work.mkdirs(), "made " + work);
    ref = new File(work, "ref");
    conf = DataPrepChild.conf();
    fs = FileSystem.getLocal(conf);
  }

  @AfterAll
  static void tearDown() {
    System.out.println("KilledDataPrepTest: faults injected " + faults);
    TestFiles.deleteRecursively(work);
  }

  private static Path set() {
    return new Path(new File(work, "suite").toString(), "data-s5.0E-4-seed42");
  }

  /**
   * Starts the step in a child JVM and kills it (SIGKILL) once a file under WATCH has data;
   * returns the partial folder's file count and bytes at the kill.
   */
  private static long[] killPartWay(String step, File watch) throws Exception {
    File log = new File(work, step + "-child.log");
    ProcessBuilder pb = new ProcessBuilder(new File(System.getProperty("java.home"), "bin/java").toString(), "-Xmx512m",
        "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), DataPrepChild.class.getName(),
        new File(work, "suite").toString(), step).redirectErrorStream(true).redirectOutput(log);
    Process p = pb.start();
    long deadline = System.currentTimeMillis() + 300_000;
    long[] seen = null;
    while (p.isAlive() && System.currentTimeMillis() < deadline) {
      long[] s = dataUnder(watch);
      if (s[1] > 0) {
        p.destroyForcibly(); // SIGKILL: no shutdown hook, no clean-up of the job's files
        seen = s;
        break;
      }
      Thread.sleep(2);
    }
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child gone");
    String out = new String(Files.readAllBytes(log.toPath()), StandardCharsets.UTF_8);
    assertNotNull(seen, "the " + step + " child ended (code " + p.exitValue() + ") before it wrote any data: " + out);
    assertEquals(137, p.exitValue(), "killed, not finished: " + out);
    assertTrue(watch.exists(), "partial output left at " + watch);
    assertFalse(new File(watch, CompleteOutput.FILE).exists(), "no marker in a killed run's output");
    faults++;
    return seen;
  }

  /** Files and bytes under DIR (any depth), 0 if it does not exist. */
  private static long[] dataUnder(File dir) throws IOException {
    if (!dir.exists()) {
      return new long[2];
    }
    long[] s = new long[2];
    try (Stream<java.nio.file.Path> files = Files.walk(dir.toPath())) {
      files.filter(f -> f.getFileName().toString().startsWith("part-") && Files.isRegularFile(f)).forEach(f -> {
        s[0]++;
        s[1] += f.toFile().length();
      });
    } catch (java.io.UncheckedIOException | IOException e) {
      // a file renamed or removed under the walk: look again
    }
    return s;
  }

  /** Runs the step in this JVM as the next suite run would; returns what it printed. */
  private static String rerun(String step) throws Exception {
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    prep = new DataPrep(conf, Programs.ofDriver(), new Path(new File(work, "suite").toString()),
        new PrintStream(progress, true, "UTF-8"));
    DataPrepChild.step(prep, step);
    return progress.toString("UTF-8");
  }

  /**
   * A and B have the same files of the same lengths and the same row count in their markers.
   * KVSF files and range indexes carry a per-file stamp (a new one each run), so their bytes differ.
   */
  private static void assertSameShape(Path a, Path b) throws IOException {
    Map<String, byte[]> fa = files(new File(a.toUri().getPath()));
    Map<String, byte[]> fb = files(new File(b.toUri().getPath()));
    assertEquals(fb.keySet(), fa.keySet(), "files of " + a + " and " + b);
    assertTrue(fa.keySet().stream().anyMatch(n -> n.contains("part-")), "data files in " + a);
    for (String n : fa.keySet()) {
      assertEquals(fb.get(n).length, fa.get(n).length, n + " of " + a + " has the clean run's length");
    }
    long rows = CompleteOutput.count(CompleteOutput.read(fs, b), "rows");
    assertTrue(rows > 0, "rows of the clean run");
    assertEquals(rows, CompleteOutput.count(CompleteOutput.read(fs, a), "rows"));
  }

  /** Every file under A but the marker equals the same file under B, and both have the same files. */
  private static void assertSameFiles(Path a, Path b) throws IOException {
    Map<String, byte[]> fa = files(new File(a.toUri().getPath()));
    Map<String, byte[]> fb = files(new File(b.toUri().getPath()));
    assertEquals(fb.keySet(), fa.keySet(), "files of " + a + " and " + b);
    assertTrue(fa.keySet().stream().anyMatch(n -> n.contains("part-")), "data files in " + a);
    for (String n : fa.keySet()) {
      assertArrayEquals(fb.get(n), fa.get(n), n + " of " + a + " equals the clean run's");
    }
  }

  private static Map<String, byte[]> files(File dir) throws IOException {
    Map<String, byte[]> m = new TreeMap<>();
    try (Stream<java.nio.file.Path> files = Files.walk(dir.toPath())) {
      for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) {
        String name = dir.toPath().relativize(f).toString();
        if (Files.isRegularFile(f) && !name.endsWith(".crc") && !name.endsWith(CompleteOutput.FILE)
            && !name.endsWith(PavloGenerator.SET_FILE) && !name.startsWith("kvsf") && !name.startsWith("loaded-")) {
          m.put(name, Files.readAllBytes(f));
        }
      }
    }
    return m;
  }

  @Test
  @Order(1)
  @Timeout(600)
  void killedGeneratorIsDiscardedAndMadeAgain() throws Exception {
    long[] at = killPartWay("gen", new File(work, "suite/_partial-data-s5.0E-4-seed42"));
    String said = rerun("gen");
    assertTrue(said.contains("data: discarding " + new Path(set().getParent(), "_partial-data-s5.0E-4-seed42")
        + ", the partial output of a run that did not finish"), said);
    Configuration c = DataPrepChild.conf();
    PavloGenerator.setTables(c, "rankings", "uservisits");
    assertNull(CompleteOutput.check(fs, set(), PavloGenerator.parameters(c)), "complete now");
    Path clean = new Path(new File(ref, "set").toString());
    assertEquals(0, ToolRunner.run(c, new PavloGenerator(new PrintStream(new ByteArrayOutputStream())), new String[] {clean.toString()}));
    assertSameFiles(set(), clean);
    System.out.println("gen killed at " + at[0] + " part files, " + at[1] + " bytes; rerun equal to a clean run");
    assertTrue(rerun("gen").contains("data: reusing " + set()), "a complete set is reused");
  }

  @Test
  @Order(2)
  @Timeout(600)
  void killedConverterIsDiscardedAndMadeAgain() throws Exception {
    File partial = new File(set().toUri().getPath(), "kvsf/_partial-uservisits");
    long[] at = killPartWay("kvsf", partial);
    String said = rerun("kvsf");
    assertTrue(said.contains("data: discarding " + new Path(partial.toString()) + ", the partial output"), said);
    assertFalse(said.contains("generating"), "the complete set was reused: " + said);
    Path clean = new Path(new File(ref, "kvsf").toString());
    assertEquals(0, ToolRunner.run(DataPrepChild.conf(), new KvsfConvert(),
        new String[] {"uservisits", new Path(set(), "uservisits").toString(), clean.toString()}));
    assertSameShape(new Path(set(), "kvsf/uservisits"), clean);
    assertEquals(CompleteOutput.count(CompleteOutput.read(fs, clean), "rows"),
        CompleteOutput.count(CompleteOutput.read(fs, new Path(set(), "kvsf/uservisits")), "rows"));
    System.out.println("KvsfConvert killed at " + at[0] + " part files, " + at[1] + " bytes; rerun equal to a clean run");
  }

  @Test
  @Order(3)
  @Timeout(600)
  void killedLoaderIsDiscardedAndMadeAgain() throws Exception {
    File partial = new File(set().toUri().getPath(), "loaded-kvsf/_partial-uservisits");
    long[] at = killPartWay("load", partial);
    String said = rerun("load");
    assertTrue(said.contains("data: discarding " + new Path(partial.toString()) + ", the partial output"), said);
    Path clean = new Path(new File(ref, "loaded").toString());
    // with the suite's load settings: rows equal in the index column keep the order its sort gives them,
    // and a KVSF file's page breaks (so its length) follow the rows' order
    Configuration loadConf = DataPrepChild.conf();
    LoadSettings.apply(loadConf);
    assertEquals(0, ToolRunner.run(loadConf, new LoadJob(), new String[] {"--table", "uservisits",
        "--partitions", "2", "--format", "kvsf", new Path(set(), "uservisits").toString(), clean.toString()}));
    assertSameShape(new Path(set(), "loaded-kvsf/uservisits"), clean);
    System.out.println("load killed at " + at[0] + " part files, " + at[1] + " bytes; rerun equal to a clean run");
  }

  @Test
  @Order(4)
  @Timeout(600)
  void incompleteOrOtherOutputIsNeverReused() throws Exception {
    Path loaded = new Path(set(), "loaded-kvsf/uservisits");
    File dir = new File(loaded.toUri().getPath());
    byte[] part0 = Files.readAllBytes(new File(dir, "part-00000").toPath());

    // Killed after the job committed, before the marker: a _SUCCESS and every file, no marker.
    assertTrue(new File(dir, CompleteOutput.FILE).delete());
    assertTrue(new File(dir, "_SUCCESS").exists());
    faults++;
    assertTrue(rerun("load").contains("data: discarding " + loaded + " and making it again: it has no completeness marker"));
    assertEquals(part0.length, new File(dir, "part-00000").length());
    part0 = Files.readAllBytes(new File(dir, "part-00000").toPath());

    // A data file cut short.
    try (RandomAccessFile f = new RandomAccessFile(new File(dir, "part-00000"), "rw")) {
      f.setLength(part0.length / 2);
    }
    new File(dir, ".part-00000.crc").delete();
    faults++;
    assertTrue(rerun("load").contains("its file part-00000 is " + part0.length / 2 + " bytes, the marker says " + part0.length));
    assertEquals(part0.length, new File(dir, "part-00000").length());

    // A stray part file (e.g. left by an attempt of another run) beside the listed ones.
    Files.write(new File(dir, "part-00007").toPath(), new byte[] {1, 2, 3});
    faults++;
    assertTrue(rerun("load").contains("it has a file the marker does not list: part-00007"));
    assertFalse(new File(dir, "part-00007").exists());

    // The suite asks for other parameters: 3 partitions, not 2.
    conf.set(SuiteOptions.PARTITIONS, "3");
    try {
      faults++;
      assertTrue(rerun("load").contains("it was made with partitions=2, not 3"));
      assertTrue(new File(dir, "part-00002").exists(), "loaded again with 3 partitions");
    } finally {
      conf.set(SuiteOptions.PARTITIONS, "2");
    }

    // The set's own marker cut out: the set and all made from it are made again.
    assertTrue(new File(set().toUri().getPath(), CompleteOutput.FILE).delete());
    faults++;
    String said = rerun("gen");
    assertTrue(said.contains("data: discarding " + set() + " and making it again: it has no completeness marker"), said);
    assertFalse(fs.exists(new Path(set(), "loaded-kvsf")), "derived copies went with the set");
    assertSameFiles(set(), new Path(new File(ref, "set").toString()));
    assertEquals(Arrays.asList(), Arrays.asList(new File(work, "suite").list((d, n) -> n.startsWith(DataPrep.PARTIAL))));
  }
}
