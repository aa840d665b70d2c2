package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormatCounter;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.jobs.AggregationJob;
import org.hadoopopt.bench.pavlo.jobs.BaselineTool;
import org.hadoopopt.bench.pavlo.jobs.GrepJob;
import org.hadoopopt.bench.pavlo.jobs.SelectionJob;
import org.hadoopopt.inputformats.mapreduce.BadRows;
import org.hadoopopt.inputformats.mapreduce.Pushdown;
import org.hadoopopt.inputformats.mapreduce.PushdownCounter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The pushed-down variants ({@code mtp}: mutable text, {@code bdbp}: KVSF, with the filter in the
 * record reader) of Grep, Selection and the date-range Aggregation give exactly the baseline's
 * output and the reference answer on a generated set (local runner); their counters count every row
 * scanned and the rows passed as the output says, and Hadoop's input byte counters equal the
 * baseline's.
 */
class PushdownVariantsLocalTest {
  private static SetFixture data;

  @BeforeAll
  static void generateAndConvert() throws Exception {
    data = SetFixture.withKvsf("pushdown-local-out");
  }

  /** Output lines (sorted) of {@code tool} run on the local runner; {@code counters[0]} gets its job's counters. */
  private static List<String> run(BaselineTool tool, String name, Counters[] counters, String... args) throws Exception {
    List<String> lines = data.run(tool, name, args);
    if (counters != null) {
      counters[0] = tool.jobs().get(0).getCounters();
    }
    return lines;
  }

  private static long rows(File dir) throws Exception {
    long n = 0;
    for (File f : dir.listFiles((d, name) -> name.startsWith("part-"))) {
      n += Files.readAllLines(f.toPath(), StandardCharsets.ISO_8859_1).size();
    }
    return n;
  }

  private static void assertCounters(Counters base, Counters pushed, long scanned, long passed) {
    assertEquals(scanned, pushed.findCounter(PushdownCounter.ROWS_SCANNED).getValue(), "rows scanned");
    assertEquals(passed, pushed.findCounter(PushdownCounter.ROWS_PASSED).getValue(), "rows passed");
    assertEquals(passed, pushed.findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue(), "the mapper sees the passed rows only");
    long bytes = base.findCounter(FileInputFormatCounter.BYTES_READ).getValue();
    assertTrue(bytes > 0);
    assertEquals(bytes, pushed.findCounter(FileInputFormatCounter.BYTES_READ).getValue(), "input bytes as Hadoop counts them for its own TextInputFormat (baseline)");
    // (FileSystemCounter "file" BYTES_READ is not compared: in the local runner it is the whole JVM's, jars included.)
  }

  @Test
  void grepPushedDownGivesTheBaselineAnswerAndCountsRows() throws Exception {
    String grep = new File(data.set, "grep").toString();
    Counters[] base = new Counters[1];
    Counters[] pushed = new Counters[1];
    List<String> baseline = run(new GrepJob(), "grep-baseline", base, "--variant", "baseline", grep);
    assertFalse(baseline.isEmpty());
    assertEquals(data.ref.grep("XYZ"), baseline);
    assertEquals(baseline, run(new GrepJob(), "grep-mtp", pushed, "--variant", "mtp", grep));
    assertCounters(base[0], pushed[0], rows(new File(data.set, "grep")), baseline.size());
  }

  @Test
  void selectionPushedDownGivesTheBaselineAnswer() throws Exception {
    String rankings = new File(data.set, "rankings").toString();
    Counters[] base = new Counters[1];
    Counters[] pushed = new Counters[1];
    List<String> baseline = run(new SelectionJob(), "sel-baseline", base, "--variant", "baseline", rankings);
    assertEquals(data.ref.selection(10), baseline);
    assertFalse(baseline.isEmpty());
    assertEquals(baseline, run(new SelectionJob(), "sel-mtp", pushed, "--variant", "mtp", rankings));
    assertCounters(base[0], pushed[0], rows(new File(data.set, "rankings")), baseline.size());
    Counters[] kvsf = new Counters[1];
    assertEquals(baseline, run(new SelectionJob(), "sel-bdbp", kvsf, "--variant", "bdbp",
        new File(data.out, "rankings-kvsf").toString()));
    assertEquals(baseline.size(), kvsf[0].findCounter(PushdownCounter.ROWS_PASSED).getValue());
  }

  @Test
  void dateRangeAggregationPushedDownGivesTheBaselineAnswer() throws Exception {
    String uv = new File(data.set, "uservisits").toString();
    String[] range = {"--from", "1984-01-01", "--to", "1987-01-01"};
    List<String> baseline = run(new AggregationJob(), "agg-baseline", null, concat(range, uv));
    assertFalse(baseline.isEmpty());
    assertEquals(data.ref.aggregation(0, "1984-01-01", "1987-01-01"), baseline);
    Counters[] pushed = new Counters[1];
    assertEquals(baseline, run(new AggregationJob(), "agg-mtp", pushed, concat(range, "--variant", "mtp", uv)));
    long uvRows = rows(new File(data.set, "uservisits"));
    long passed = pushed[0].findCounter(PushdownCounter.ROWS_PASSED).getValue();
    assertEquals(uvRows, pushed[0].findCounter(PushdownCounter.ROWS_SCANNED).getValue());
    assertTrue(passed > 0 && passed < uvRows / 4, "passed " + passed + " of " + uvRows);
    assertEquals(baseline, run(new AggregationJob(), "agg-bdbp", null,
        concat(range, "--variant", "bdbp", new File(data.out, "uservisits-kvsf").toString())));
  }

  @Test
  void grepPushedDownRejectsBadRowsLikeTheBaseline() throws Exception {
    File in = new File(data.out, "grep-edges.txt");
    Files.write(in.toPath(), String.join("\n",
        "k000000001|XYZabc", "k000000002|abcXYZ", "XYZ0000003|abc", "k000000004|abXYbZ", "k000000005|a|XYZ",
        "k000000006|", "no separator XYZ", "k000000007|\u00fcXYZ\u65e5", "k000000008|XYZ").concat("\n")
        .getBytes(StandardCharsets.UTF_8));
    List<String> want = Arrays.asList("k000000001\tXYZabc", "k000000002\tabcXYZ", "k000000007\t\u00fcXYZ\u65e5", "k000000008\tXYZ");
    String skip = BadRows.SKIP_BAD + "=true";
    Counters[] base = new Counters[1];
    Counters[] pushed = new Counters[1];
    assertEquals(want, run(new GrepJob(), "edges-baseline", base, "-D", skip, in.toString()));
    assertEquals(want, run(new GrepJob(), "edges-mtp", pushed, "-D", skip, "--variant", "mtp", in.toString()));
    assertEquals(2, base[0].findCounter(BadRows.Counters.MALFORMED_ROWS_SKIPPED).getValue());
    assertEquals(2, pushed[0].findCounter(BadRows.Counters.MALFORMED_ROWS_SKIPPED).getValue());
    assertEquals(7, pushed[0].findCounter(PushdownCounter.ROWS_SCANNED).getValue());
    int rc;
    try {
      rc = ToolRunner.run(LocalSets.conf(), new GrepJob(), new String[] {"--variant", "mtp", in.toString(),
          new File(data.out, "edges-mtp-strict").toString()});
    } catch (Exception e) {
      rc = -1;
    }
    assertNotEquals(0, rc, "a row with three fields must fail the pushed-down grep when skipping is off");
  }

  @Test
  void aBadPushdownKeyFailsTheJobAtSubmissionNamingKeyAndValue() {
    String rankings = new File(data.set, "rankings").toString();
    Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> ToolRunner.run(LocalSets.conf(),
        new SelectionJob(), new String[] {"-D", Pushdown.COLUMN + "=pageRank", "-D",
            Pushdown.LOWER + "=ten", "--variant", "mt", rankings, new File(data.out, "sel-badkey").toString()}));
    Throwable t = e;
    while (!(t instanceof IllegalArgumentException) && t.getCause() != null) {
      t = t.getCause();
    }
    assertTrue(t.getMessage().contains(Pushdown.LOWER) && t.getMessage().contains("'ten'"), t.getMessage());
    assertFalse(new File(data.out, "sel-badkey").exists(), "no task ran");
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = new String[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
