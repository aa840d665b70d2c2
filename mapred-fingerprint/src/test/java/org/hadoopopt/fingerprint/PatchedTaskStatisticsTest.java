package org.hadoopopt.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.hadoopopt.testing.HadoopPatches;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * hadoop-patches' MAPREDUCE-per-record-io-statistics-per-thread.patch: MapTask and ReduceTask
 * read the calling thread's own file-system statistics around each record instead of walking
 * every thread's under the Statistics lock. The same jobs run in a stock child JVM and in one
 * with the patched classes first; their byte counters and outputs must be equal.
 *
 * <p>The same two child JVMs (one pair for the class: JVM start-up and Hadoop's class loading are
 * most of their time) also run MAPREDUCE-fingerprint-sort.patch's jobs
 * ({@link PatchedFingerprintSortJobs}) with {@code mapreduce.map.sort.fingerprint} set: stock
 * Hadoop ignores it, so the stock JVM gives the reference outputs and counters.
 */
class PatchedTaskStatisticsTest {
  private static final Pattern JOB = Pattern.compile("JOB (.*): bytes read (\\d+), bytes written (\\d+), output crc (\\w+)");
  private static final Pattern FP = Pattern.compile(
      "FP ([\\w-]+): crc (\\w+)(?: \\(\\d+ parts\\))?(?:, answer (\\w+))?(?:, counters \\{(.*?)\\}, patch \\{(.*?)\\})?"
      + ", log sorting (\\d+) spills (\\d+) records \\[(.*?)\\] warnings \\[(.*)\\]");
  private static final String KEY = PatchedFingerprintSortJobs.KEY;

  private static Path jar;
  private static String stock;
  private static String patched;

  @BeforeAll
  static void runChildren() throws Exception {
    Assumptions.assumeTrue(HadoopPatches.VERSION.equals(System.getProperty("hadoop.version", HadoopPatches.VERSION)),
        "hadoop-patches target Hadoop " + HadoopPatches.VERSION);
    jar = HadoopPatches.jar();
    stock = run(null, "stock");
    patched = run(jar, "patched");
  }

  @Test
  void patchedTasksCountTheSameBytesAndWriteTheSameOutput() throws Exception {
    assertTrue(patched.contains("MapTask from file:" + jar), "the patched MapTask was loaded:\n" + HadoopPatches.tail(patched));
    assertTrue(!stock.contains("MapTask from file:" + jar), "the stock run loaded stock Hadoop");
    List<String> stockJobs = jobs(stock);
    assertEquals(4, stockJobs.size(), HadoopPatches.tail(stock));
    assertEquals(stockJobs, jobs(patched));
    long input = 0;
    for (int i = 0; i < 20_000; i++) {
      input += ("line " + (i * 7919 % 20_011) + " of the input\n").length();
    }
    for (String line : stockJobs) {
      Matcher m = JOB.matcher(line);
      assertTrue(m.matches(), line);
      assertTrue(Long.parseLong(m.group(2)) >= input, "every input byte counted: " + line);
      assertTrue(Long.parseLong(m.group(3)) > input, "the output is counted (it is larger than the input): " + line);
    }
  }

  /** The fingerprint functions inlined in the patch equal the collector's on 120,000 keys. */
  @Test
  void patchFingerprintsEqualTheCollectors() {
    assertTrue(patched.contains("FUNCTIONS checked 120000 keys, mismatches 0"), HadoopPatches.tail(patched));
    assertTrue(stock.contains("FUNCTIONS absent (stock MapTask)"), "stock has no fingerprint sort");
  }

  /**
   * Key on: TeraSort (prefix) byte-identical to stock; the Pavlo aggregation in hash mode (combiner,
   * many spills) identical to stock and to the sums computed in the child; 256 MB io.sort.mb spilled
   * many times, its buffer holding 20-byte metadata (fewer records in the same bytes); WordCount's
   * combiner; LongWritable keys. The patch's lines and counters show that it sorted every record.
   */
  @Test
  void keyOnSortsByFingerprintWithStocksOutput() {
    Map<String, Matcher> s = fp(stock);
    Map<String, Matcher> p = fp(patched);
    for (String job : new String[] {"terasort-prefix", "pavlo-hash", "large-sort-mb-prefix", "wordcount-combiner-prefix",
        "long-keys-prefix"}) {
      Matcher sj = s.get(job);
      Matcher pj = p.get(job);
      assertEquals(sj.group(2), pj.group(2), job + ": output identical to stock\n" + sj.group() + "\n" + pj.group());
      assertEquals("0", sj.group(6), job + ": stock ignores the key");
      // TeraGen writes one file here (one map); the other inputs are two files
      assertTrue(Integer.parseInt(pj.group(6)) >= (job.equals("terasort-prefix") ? 1 : 2),
          job + ": every map sorted by fingerprint: " + pj.group());
      assertEquals("", pj.group(9), job + ": no warning");
      if (pj.group(4) != null) {
        Map<String, Long> sc = counters(sj.group(4));
        Map<String, Long> pc = counters(pj.group(4));
        for (String c : new String[] {"MAP_INPUT_RECORDS", "MAP_OUTPUT_RECORDS", "MAP_OUTPUT_BYTES", "REDUCE_INPUT_GROUPS",
            "REDUCE_OUTPUT_RECORDS"}) {
          assertEquals(sc.get(c), pc.get(c), job + " " + c);
        }
        assertEquals("", sj.group(5), job + ": stock has no fingerprint counters");
        assertEquals(pc.get("MAP_OUTPUT_RECORDS"), counters(pj.group(5)).get("RECORDS_SORTED"),
            job + ": every record sorted by fingerprint");
        if (sc.get("COMBINE_INPUT_RECORDS") > 0) {
          assertTrue(pc.get("COMBINE_OUTPUT_RECORDS") > 0 && pc.get("COMBINE_OUTPUT_RECORDS") < pc.get("COMBINE_INPUT_RECORDS"),
              job + ": the combiner ran: " + pj.group());
        }
      }
    }
    for (String job : new String[] {"pavlo-hash", "large-sort-mb-prefix"}) {
      assertEquals("right", s.get(job).group(3), job + " stock");
      assertEquals("right", p.get(job).group(3), job + " patched");
      // how many depends on the spill thread's timing: 5-6 for the 2 maps in stock here
      assertTrue(Integer.parseInt(p.get(job).group(7)) >= 4, job + ": several spills a map: " + p.get(job).group());
    }
    int buffer = 256 << 20;
    assertEquals(String.valueOf(buffer / 16), s.get("large-sort-mb-prefix").group(8), "stock: 16 bytes of metadata a record");
    assertEquals(String.valueOf((buffer - buffer % 20) / 20), p.get("large-sort-mb-prefix").group(8),
        "patched: 20 bytes a record, in the same io.sort.mb buffer");
  }

  /**
   * Key unset: the patched MapTask is stock. With one spill per map every task counter is equal
   * to stock's; with many spills (their number depends on the spill thread's timing, in stock as
   * well) the output, the records and the buffer's record capacity are.
   */
  @Test
  void keyOffGivesStocksExactCounters() {
    Matcher s = fp(stock).get("wordcount-off-exact");
    Matcher p = fp(patched).get("wordcount-off-exact");
    assertEquals(s.group(2), p.group(2));
    assertEquals(counters(s.group(4)), counters(p.group(4)), s.group() + "\n" + p.group());
    assertTrue(counters(s.group(4)).get("COMBINE_INPUT_RECORDS") > 0);
    assertEquals(s.group(7), p.group(7), "the same spills");
    for (Matcher[] m : new Matcher[][] {{s, p}, {fp(stock).get("wordcount-combiner-off"), fp(patched).get("wordcount-combiner-off")}}) {
      assertEquals("", m[1].group(5), "no fingerprint counters");
      assertEquals("0", m[1].group(6));
      assertEquals(m[0].group(8), m[1].group(8), "the same metadata capacity");
      assertEquals("", m[1].group(9));
      assertEquals(m[0].group(2), m[1].group(2));
    }
    Map<String, Long> sc = counters(fp(stock).get("wordcount-combiner-off").group(4));
    Map<String, Long> pc = counters(fp(patched).get("wordcount-combiner-off").group(4));
    for (String c : new String[] {"MAP_INPUT_RECORDS", "MAP_OUTPUT_RECORDS", "MAP_OUTPUT_BYTES", "REDUCE_INPUT_GROUPS",
        "REDUCE_OUTPUT_RECORDS"}) {
      assertEquals(sc.get(c), pc.get(c), c);
    }
  }

  /** A key type prefix mode cannot fingerprint, an unknown mode, hash mode without its comparator. */
  @Test
  void badKeyTypeOrModeFallsBackToTheStockSort() {
    Map<String, Matcher> s = fp(stock);
    Map<String, Matcher> p = fp(patched);
    String[][] cases = {
        {"bad-key-type", KEY + "=prefix: no order-preserving fingerprint for map output key class " + TestJobs.PairKey.class.getName()},
        {"bad-mode", "Invalid \"" + KEY + "\": \"fast\""},
        {"hash-without-comparator", KEY + "=hash needs org.hadoopopt.fingerprint.key.FingerprintHashComparator"},
    };
    for (String[] c : cases) {
      Matcher sj = s.get(c[0]);
      Matcher pj = p.get(c[0]);
      assertTrue(pj.group(9).contains(c[1]) && pj.group(9).contains("this map task uses the stock sort"), pj.group());
      assertEquals(sj.group(2), pj.group(2), c[0] + ": stock's output");
      assertEquals(counters(sj.group(4)), counters(pj.group(4)), c[0] + ": stock's counters\n" + sj.group() + "\n" + pj.group());
      assertEquals("0", pj.group(6), c[0] + ": no fingerprint sort");
      assertEquals(Long.valueOf(2), counters(pj.group(5)).get("DECLINED"), c[0] + ": both maps declined: " + pj.group());
      if (sj.group(3) != null) {
        assertEquals("right", pj.group(3), c[0]);
      }
    }
  }

  private static Map<String, Matcher> fp(String out) {
    Map<String, Matcher> jobs = new TreeMap<>();
    out.lines().filter(l -> l.startsWith("FP ")).forEach(l -> {
      Matcher m = FP.matcher(l);
      assertTrue(m.matches(), l);
      jobs.put(m.group(1), m);
    });
    assertEquals(10, jobs.size(), HadoopPatches.tail(out));
    return jobs;
  }

  private static Map<String, Long> counters(String list) {
    Map<String, Long> m = new TreeMap<>();
    if (list != null && !list.isEmpty()) {
      for (String kv : list.split(", ")) {
        int eq = kv.indexOf('=');
        m.put(kv.substring(0, eq), Long.parseLong(kv.substring(eq + 1)));
      }
    }
    return m;
  }

  private static String run(Path first, String name) throws Exception {
    Path log = Paths.get("target", "patched-statistics-" + name + ".log").toAbsolutePath();
    int exit = HadoopPatches.runChild(first, PatchedTaskStatisticsMain.class.getName(), log, 420, "patched-statistics-" + name);
    String out = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
    assertEquals(0, exit, name + ":\n" + HadoopPatches.tail(out));
    assertTrue(out.contains("DONE"), name + ":\n" + HadoopPatches.tail(out));
    return out;
  }

  private static List<String> jobs(String out) {
    return out.lines().filter(l -> l.startsWith("JOB ")).collect(Collectors.toList());
  }
}
