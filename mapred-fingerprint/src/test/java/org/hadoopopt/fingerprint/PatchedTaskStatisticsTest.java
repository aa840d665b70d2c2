package org.hadoopopt.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.hadoopopt.testing.HadoopPatches;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * hadoop-patches' MAPREDUCE-per-record-io-statistics-per-thread.patch: MapTask and ReduceTask
 * read the calling thread's own file-system statistics around each record instead of walking
 * every thread's under the Statistics lock. The same jobs run in a stock child JVM and in one
 * with the patched classes first; their byte counters and outputs must be equal.
 */
class PatchedTaskStatisticsTest {
  private static final Pattern JOB = Pattern.compile("JOB (.*): bytes read (\\d+), bytes written (\\d+), output crc (\\w+)");

  @Test
  void patchedTasksCountTheSameBytesAndWriteTheSameOutput() throws Exception {
    Assumptions.assumeTrue(HadoopPatches.VERSION.equals(System.getProperty("hadoop.version", HadoopPatches.VERSION)),
        "hadoop-patches target Hadoop " + HadoopPatches.VERSION);
    Path jar = HadoopPatches.jar();
    String stock = run(null, "stock");
    String patched = run(jar, "patched");
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

  private static String run(Path first, String name) throws Exception {
    Path log = Paths.get("target", "patched-statistics-" + name + ".log").toAbsolutePath();
    int exit = HadoopPatches.runChild(first, PatchedTaskStatisticsMain.class.getName(), log, 240, "patched-statistics-" + name);
    String out = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
    assertEquals(0, exit, name + ":\n" + HadoopPatches.tail(out));
    assertTrue(out.contains("DONE"), name + ":\n" + HadoopPatches.tail(out));
    return out;
  }

  private static List<String> jobs(String out) {
    return out.lines().filter(l -> l.startsWith("JOB ")).collect(Collectors.toList());
  }
}
