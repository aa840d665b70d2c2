package org.hadoopopt.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The collector holds {@code mapreduce.task.io.sort.mb} as Hadoop's collector does: a job whose
 * map output fills a 100 MB sort buffer more than twice (spills, a final spill, the merge) runs
 * in a child JVM with a heap of 1.6 times the buffer, where stock passes (it passes at 1.3x);
 * stock, prefix mode and hash mode must all succeed there with the same output, and the
 * fingerprint collector must have done the spilling.
 */
class CollectorHeapTest {
  private static final int SORT_MB = 100;
  private static final int OUTPUT_MB = 230;
  private static final String HEAP = "-Xmx160m";

  @Test
  void largeSortBufferFitsTheHeapStockFitsIn() throws Exception {
    long records = LargeSortMain.expectedRecords(LargeSortMain.SEED, OUTPUT_MB);
    Map<String, String> stock = run("stock");
    assertEquals(Long.toString(records), stock.get("records"), "map output records (independent count)");
    assertEquals(stock.get("records"), stock.get("lines"), "random keys: one output line per record");
    assertEquals("0", stock.get("fingerprintSpills"), "the stock run must not use the fingerprint collector");

    for (String mode : new String[] {"prefix", "hash"}) {
      Map<String, String> ours = run(mode);
      assertTrue(Long.parseLong(ours.get("fingerprintSpills")) >= 3,
          mode + ": the fingerprint collector must spill the 230 MB itself, got " + ours);
      assertEquals(stock.get("records"), ours.get("fingerprintSorted"), mode + ": every record sorted by ours");
      assertEquals(stock.get("records"), ours.get("records"), mode);
      assertEquals(stock.get("lines"), ours.get("lines"), mode);
      assertEquals(stock.get("sortedCrc"), ours.get("sortedCrc"), mode + ": output lines differ from stock");
      if (mode.equals("prefix")) {
        assertEquals(stock.get("crc"), ours.get("crc"), "prefix: part file not byte-identical to stock");
      }
    }
  }

  /** Runs {@link LargeSortMain} in a child JVM; returns its RESULT line's fields. */
  private static Map<String, String> run(String collector) throws IOException, InterruptedException {
    Path log = Paths.get("target", "collector-heap-" + collector + ".log").toAbsolutePath();
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add(HEAP);
    cmd.add("-cp");
    cmd.add(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
    cmd.add(LargeSortMain.class.getName());
    cmd.add("collector-heap-" + collector);
    cmd.add(collector);
    cmd.add(Integer.toString(SORT_MB));
    cmd.add(Integer.toString(OUTPUT_MB));
    Process child = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!child.waitFor(240, TimeUnit.SECONDS)) {
      child.destroyForcibly();
      throw new IOException("LargeSortMain " + collector + " did not finish within 240 s; log " + log);
    }
    String out = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
    String tail = out.length() > 6000 ? out.substring(out.length() - 6000) : out;
    assertEquals(0, child.exitValue(), collector + " failed with " + HEAP + " (" + SORT_MB + " MB sort buffer):\n" + tail);
    Map<String, String> fields = new HashMap<>();
    for (String line : out.split("\n")) {
      if (line.startsWith("RESULT ")) {
        String[] f = line.substring("RESULT ".length()).trim().split(" ");
        for (int i = 0; i + 1 < f.length; i += 2) {
          fields.put(f[i], f[i + 1]);
        }
      }
      if (line.startsWith("PEAK ")) {
        System.out.println(collector + ": " + line);
      }
    }
    assertTrue(fields.containsKey("crc"), collector + ": no RESULT line in " + log + "\n" + tail);
    return fields;
  }
}
