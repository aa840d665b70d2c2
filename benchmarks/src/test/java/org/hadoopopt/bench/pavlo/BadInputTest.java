package org.hadoopopt.bench.pavlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.lib.input.InvalidInputException;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.pavlo.jobs.AggregationJob;
import org.hadoopopt.bench.pavlo.jobs.BaselineTool;
import org.hadoopopt.bench.pavlo.jobs.JoinJob;
import org.hadoopopt.bench.pavlo.jobs.SelectionJob;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.hadoopopt.testing.LogCapture;
import org.hadoopopt.bench.tools.Jobs;

/** Malformed rows fail the job with file, offset and field named, or are skipped and counted on request. */
class BadInputTest {
  private static final String R1 = "http://a.com/x.html|12|5";
  private static final String R2 = "http://b.com/y.html|1x2|5"; // pageRank not a number
  private static final String R3 = "http://c.com/z.html|3"; // a field missing
  private static final String R4 = "http://d.com/w.html|50|7";
  private static final String V1 = "1.2.3.4|http://a.com/x.html|2000-01-16|10.25|ua|USA|eng-US|word|3";
  private static final String V2 = "1.2.3.4|http://a.com/x.html|2000-02-30|1.00|ua|USA|eng-US|word|3"; // no such day
  private static final String V3 = "1.2.3.4|http://d.com/w.html|2000-01-17|12.345|ua|USA|eng-US|word|3"; // 3 decimals
  private static final String V4 = "5.6.7.8|http://d.com/w.html|2000-01-18|0.05|ua|USA|eng-US|word";
  private static final String V5 = "1.2.3.4|http://d.com/w.html|2000-01-20|7.70|ua|USA|eng-US|word|3";
  private static File work;
  private static File rankings;
  private static File visits;

  @BeforeAll
  static void writeFiles() throws Exception {
    work = LocalSets.work("bad-input");
    rankings = write("rankings/part-00000", R1, R2, R3, R4);
    visits = write("uservisits/part-00000", V1, V2, V3, V4, V5);
  }

  private static File write(String name, String... lines) throws Exception {
    File f = new File(work, name);
    f.getParentFile().mkdirs();
    Files.write(f.toPath(), (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    return f;
  }

  private static long offsetOf(String... before) {
    long n = 0;
    for (String s : before) {
      n += s.length() + 1;
    }
    return n;
  }

  private static String out(String name) {
    File f = new File(work, "out-" + name);
    TestFiles.deleteRecursively(f);
    return f.toString();
  }

  @Test
  void aNonNumericPageRankFailsTheJobNamingFileOffsetAndField() throws Exception {
    try (LogCapture log = LogCapture.root()) {
      assertThrows(Jobs.JobFailedException.class, () -> ToolRunner.run(LocalSets.conf(), new SelectionJob(),
          new String[] {rankings.getParent(), out("sel-fail")}));
      String want = "file:" + rankings.getAbsolutePath() + ", offset " + offsetOf(R1)
          + ", field pageRank: not an INT (-?[0-9]{1,10} within 32 bits): '1x2'";
      assertTrue(log.await(t -> t.contains(want)).contains(want), "log lacks <" + want + ">:\n" + tail(log.text()));
    }
  }

  @Test
  void aBadDateFailsTheJobNamingTheField() throws Exception {
    try (LogCapture log = LogCapture.root()) {
      assertThrows(Jobs.JobFailedException.class, () -> ToolRunner.run(LocalSets.conf(), new AggregationJob(),
          new String[] {visits.getParent(), out("agg-fail")}));
      String want = ", offset " + offsetOf(V1) + ", field visitDate: not a DATE (yyyy-MM-dd naming a real day, years 0001..9999): '2000-02-30'";
      assertTrue(log.await(t -> t.contains(want)).contains(want), "log lacks <" + want + ">:\n" + tail(log.text()));
    }
  }

  @Test
  void skippedRowsAreCountedWhenAskedFor() throws Exception {
    SelectionJob selection = new SelectionJob();
    String selOut = out("sel-skip");
    assertEquals(0, ToolRunner.run(LocalSets.conf(), selection,
        new String[] {"-D", BadRecords.SKIP_BAD + "=true", rankings.getParent(), selOut}));
    assertEquals(List.of("http://a.com/x.html\t12", "http://d.com/w.html\t50"), lines(selOut));
    assertEquals(2, skipped(selection));

    AggregationJob aggregation = new AggregationJob();
    String aggOut = out("agg-skip");
    Configuration conf = LocalSets.conf();
    BadRecords.setSkipBad(conf, true);
    assertEquals(0, ToolRunner.run(conf, aggregation, new String[] {visits.getParent(), aggOut}));
    assertEquals(List.of("1.2.3.4\t17.95"), lines(aggOut), "V4 has 8 fields, so only V1 and V5 count");
    assertEquals(3, skipped(aggregation));

    JoinJob join = new JoinJob();
    String joinOut = out("join-skip");
    assertEquals(0, ToolRunner.run(conf, join, new String[] {rankings.getParent(), visits.getParent(), joinOut}));
    assertEquals(List.of("1.2.3.4\t17.95\t31.000000"), lines(joinOut), "(12 + 50) / 2 visits");
    assertEquals(5, skipped(join), "2 Rankings rows and 3 visits");
  }

  @Test
  void anInvalidSkipValueFailsBeforeSubmittingNamingTheKey() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ToolRunner.run(LocalSets.conf(),
        new SelectionJob(), new String[] {"-D", BadRecords.SKIP_BAD + "=maybe", rankings.getParent(), out("x")}));
    assertTrue(e.getMessage().contains(BadRecords.SKIP_BAD), e.getMessage());
    IllegalArgumentException d = assertThrows(IllegalArgumentException.class, () -> ToolRunner.run(LocalSets.conf(),
        new JoinJob(), new String[] {"--from", "2000-13-01", rankings.getParent(), visits.getParent(), out("y")}));
    assertTrue(d.getMessage().contains(JoinJob.FROM), d.getMessage());
  }

  @Test
  void missingInputAndExistingOutputAreHadoopsClearErrors() throws Exception {
    InvalidInputException missing = assertThrows(InvalidInputException.class, () -> ToolRunner.run(LocalSets.conf(),
        new SelectionJob(), new String[] {new File(work, "no-such-dir").toString(), out("z")}));
    assertTrue(missing.getMessage().contains("Input path does not exist"), missing.getMessage());
    FileAlreadyExistsException exists = assertThrows(FileAlreadyExistsException.class, () -> ToolRunner.run(
        LocalSets.conf(), new SelectionJob(), new String[] {rankings.getParent(), rankings.getParent()}));
    assertTrue(exists.getMessage().contains("already exists"), exists.getMessage());
    FileAlreadyExistsException joinExists = assertThrows(FileAlreadyExistsException.class, () -> ToolRunner.run(
        LocalSets.conf(), new JoinJob(), new String[] {rankings.getParent(), visits.getParent(), visits.getParent()}));
    assertTrue(joinExists.getMessage().contains("already exists"), joinExists.getMessage());
  }

  @Test
  void aUsageErrorExitsWithTwo() throws Exception {
    assertEquals(2, ToolRunner.run(LocalSets.conf(), new SelectionJob(), new String[] {"--min-rnak", "3", "a", "b"}));
    assertEquals(2, ToolRunner.run(LocalSets.conf(), new JoinJob(), new String[] {"only-one"}));
  }

  private static long skipped(BaselineTool tool) throws Exception {
    long n = 0;
    for (org.apache.hadoop.mapreduce.Job j : tool.jobs()) {
      n += j.getCounters().findCounter(BadRecords.Counter.MALFORMED_ROWS_SKIPPED).getValue();
    }
    return n;
  }

  private static List<String> lines(String dir) throws Exception {
    return Reference.sorted(TestFiles.readPartLines(FileSystem.getLocal(new Configuration()), new Path(dir)));
  }

  private static String tail(String s) {
    return s.length() > 4000 ? s.substring(s.length() - 4000) : s;
  }
}
