package org.hadoopopt.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.hadoopopt.bench.pavlo.jobs.SelectionJob;
import org.hadoopopt.inputformats.loader.LoadJob;
import org.hadoopopt.inputformats.mapreduce.KvsfConvert;
import org.junit.jupiter.api.Test;

/** {@code hadoop jar hadoopopt-benchmarks-*.jar} with no program: every program listed with its usage. */
class PavloDriverTest {
  @Test
  void listsEveryProgramWithItsCurrentUsage() throws Throwable {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream old = System.out;
    int rc;
    System.setOut(new PrintStream(bytes, true, "UTF-8"));
    try {
      rc = PavloDriver.programs().run(new String[0]);
    } finally {
      System.setOut(old);
    }
    String list = bytes.toString(StandardCharsets.UTF_8.name());
    assertEquals(-1, rc, list); // ProgramDriver: no program named
    for (String p : new String[] {"gen", "stats", "grep", "selection", "aggregation", "join", "udf", "load", "convert",
        "suite"}) {
      assertTrue(list.matches("(?s).*\\n\\s+" + p + ": \\S.*"), "no line for " + p + ":\n" + list);
    }
    assertTrue(list.contains(SelectionJob.USAGE) && SelectionJob.USAGE.contains("--variant "), list);
    assertTrue(list.contains(LoadJob.USAGE) && LoadJob.USAGE.contains("bdbtree"), list);
    assertTrue(list.contains("convert " + KvsfConvert.USAGE), list);
  }
}
