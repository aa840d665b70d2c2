package org.hadoopopt.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.hadoopopt.bench.results.Answer;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.SuiteResults;
import org.hadoopopt.bench.pavlo.Task;

/** results.json round trip and errors, medians and speedups, variant names, answer differences, option errors. */
class ResultsAndVariantsTest {
  @Test
  void resultsRoundTripWithDerivedNumbers() throws Exception {
    SuiteResults r = new SuiteResults();
    r.run().put("scale", "0.05");
    r.hardware().put("cores", 2.0);
    r.notices().add("skipped dio: no plugin (tasks: grep)");
    CellResult b = r.cell("grep", "baseline");
    for (double s : new double[] {12, 10, 30}) {
      b.addSeconds(s);
    }
    b.setAnswer(3, "aa");
    b.setAnswerMatchesBaseline(true);
    b.counters().put("inputBytes", 1000L);
    b.setIdealSeconds(2.0);
    CellResult v = r.cell("grep", "bdb+fph");
    v.addSeconds(3);
    v.addSeconds(5);
    CellResult lonely = r.cell("udf", "fph"); // no baseline: no speedup
    lonely.addSeconds(1);

    String json = ResultsJson.write(r);
    assertTrue(json.contains("\"median\" : 12.0") && json.contains("\"speedup\" : 3.0")
        && json.contains("\"measuredOverIdeal\" : 6.0"), json);
    SuiteResults back = ResultsJson.read(json);
    assertEquals("0.05", back.run().get("scale"));
    assertEquals(List.of("skipped dio: no plugin (tasks: grep)"), back.notices());
    assertEquals(Arrays.asList(12.0, 10.0, 30.0), back.find("grep", "baseline").seconds());
    assertEquals(12.0, back.find("grep", "baseline").median(), 0);
    assertEquals(4.0, back.find("grep", "bdb+fph").median(), 0); // even count: mean of the middle two
    assertEquals(3.0, back.speedup(back.find("grep", "bdb+fph")), 1e-12);
    assertTrue(Double.isNaN(back.speedup(back.find("udf", "fph"))));
    assertEquals(1000L, back.find("grep", "baseline").counters().get("inputBytes").longValue());
    assertEquals(Boolean.TRUE, back.find("grep", "baseline").answerMatchesBaseline());
    assertNull(back.find("grep", "bdb+fph").answerMatchesBaseline());
    assertEquals("bdb+fph", back.best("grep").variant());
    assertEquals(3.0, back.geometricMeanBestSpeedup(List.of("grep", "udf")), 1e-12);
  }

  @Test
  void badResultsFilesAreNamed() {
    IOException e = assertThrows(IOException.class, () -> ResultsJson.read("{\"format\": 9}"));
    assertTrue(e.getMessage().contains("format 9"), e.getMessage());
    e = assertThrows(IOException.class, () -> ResultsJson.read(
        "{\"format\": 2, \"cells\": [{\"task\": \"grep\", \"variant\": \"baseline\", \"seconds\": [\"fast\"]}]}"));
    assertTrue(e.getMessage().contains("grep/baseline") && e.getMessage().contains("seconds"), e.getMessage());
    e = assertThrows(IOException.class, () -> ResultsJson.read("{\"format\": 2, \"cells\": [{\"task\": \"grep\"}]}"));
    assertTrue(e.getMessage().contains("cell 0"), e.getMessage());
  }

  @Test
  void variantNamesAreCanonical() {
    assertEquals("bdb+fph+dio", JobVariant.parse("BDB+dio+fph").name());
    assertEquals("fph", JobVariant.parse("baseline+fph").name());
    assertTrue(JobVariant.parse("baseline").isBaseline());
    assertEquals(JobVariant.Input.LOADED_KVSF, JobVariant.parse("bdbi").decoder().input());
    assertEquals(JobVariant.Input.LOADED_BDBTREE, JobVariant.parse("bdbtree").decoder().input());
    assertTrue(JobVariant.parse("bdbtree").decoder().input().loaded());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JobVariant.parse("bdb+turbo"));
    assertTrue(e.getMessage().contains("turbo"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> JobVariant.parse("fp+fph"));
    assertEquals("bdb+fph+hash", JobVariant.parse("bdb+hash+fph").name());
    assertEquals("mt+pfs", JobVariant.parse("mt+patched+pfs").name(), "+pfs implies +patched");
    assertTrue(JobVariant.parse("pfsh").patched() && JobVariant.parse("patched+fp").patched() && !JobVariant.parse("fp").patched());
    assertThrows(IllegalArgumentException.class, () -> JobVariant.parse("pfs+pfsh"));
    assertThrows(IllegalArgumentException.class, () -> JobVariant.parse("pfs+fp"));
    assertThrows(IllegalArgumentException.class, () -> JobVariant.parse("pfsh+hash"));
    assertTrue(!Availability.applies(JobVariant.parse("pfs"), Task.JOIN) && !Availability.applies(JobVariant.parse("pfs"), Task.GREP)
        && Availability.applies(JobVariant.parse("pfsh"), Task.UDF) && Availability.applies(JobVariant.parse("patched"), Task.GREP));
    assertTrue(JobVariant.parseList(List.of("all")).containsAll(JobVariant.parseList(List.of("mt+hash", "bdb+hash"))));
    for (Task t : List.of(Task.AGGREGATION, Task.AGGREGATION_SMALL, Task.AGGREGATION_DATES)) {
      assertTrue(Availability.applies(JobVariant.parse("mt+hash"), t) && Availability.applies(JobVariant.parse("bdb+hash"), t), t.name());
      assertEquals(null, new Availability(Programs.ofDriver(), new Configuration()).missing(JobVariant.parse("bdb+hash"), t),
          t.name());
    }
    assertTrue(Availability.applies(JobVariant.parse("hash"), Task.JOIN) && Availability.applies(JobVariant.parse("hash"), Task.UDF));
    assertTrue(!Availability.applies(JobVariant.parse("hash"), Task.GREP), "map-only: no collector");
    assertEquals(JobVariant.parseList(JobVariant.QUICK), JobVariant.parseList(List.of("quick", "bdbiv")));
    assertTrue(JobVariant.parseList(List.of("all")).containsAll(JobVariant.parseList(JobVariant.QUICK)),
        "--variants all runs the quick run's variants too");
    for (JobVariant.Decoder d : JobVariant.Decoder.values()) {
      assertTrue(JobVariant.parseList(List.of("all")).stream().anyMatch(v -> v.decoder() == d), "all has decoder " + d.label());
    }
  }

  @Test
  void variantsAreFoundInTheProgramsUsage() {
    assertTrue(Programs.offers("selection [--variant baseline|mt|bdbi] RANKINGS OUT", "mt"));
    assertTrue(Programs.offers("join [--variant baseline|simple-index|partition] R UV OUT", "simple-index"));
    assertTrue(!Programs.offers("selection [--variant baseline|mti|bdbi] RANKINGS OUT", "mt"));
    assertTrue(!Programs.offers("join [--variant baseline|simple-index] R UV OUT", "index"));
    assertTrue(!Programs.offers("grep [--pattern mt] IN OUT", "mt"));
    Programs jar = Programs.ofDriver();
    assertTrue(jar.offersVariant("selection", "bdb") && jar.offersVariant("aggregation", "mt"));
    assertTrue(!jar.offersVariant("grep", "bdb"));
    assertTrue(jar.has("gen") && jar.has("suite") && !jar.has("no-such-program"));
  }

  @Test
  void roundsRotateTheVariantOrder() {
    List<JobVariant> vs = JobVariant.parseList(List.of("baseline", "mt", "bdb"));
    Availability all = new Availability(Programs.ofDriver(), new Configuration());
    SuitePlan plan = new SuitePlan(List.of(Task.SELECTION), vs, all);
    assertEquals("[baseline, mt, bdb]", plan.variants(Task.SELECTION, 0).toString());
    assertEquals("[mt, bdb, baseline]", plan.variants(Task.SELECTION, 1).toString());
    assertEquals("[bdb, baseline, mt]", plan.variants(Task.SELECTION, 2).toString());
  }

  @Test
  void answersReportTheFirstDifference() {
    Answer a = new Answer(List.of("b\t2", "a\t1"));
    assertNull(a.firstDifference(new Answer(List.of("a\t1", "b\t2"))));
    assertEquals("sorted line 2: expected 'b\t2' but got 'b\t3'", a.firstDifference(new Answer(List.of("a\t1", "b\t3"))));
    assertTrue(a.firstDifference(new Answer(List.of("a\t1"))).startsWith("expected 2 lines but got 1"));
    SuiteResults r = new SuiteResults();
    SuiteTool.AnswerMismatchException e = assertThrows(SuiteTool.AnswerMismatchException.class,
        () -> SuiteTool.check(r, a, "aggregation", "bdb", new Answer(List.of("a\t1", "b\t3"))));
    assertTrue(e.getMessage().contains("aggregation") && e.getMessage().contains("bdb") && e.getMessage().contains("b\t3"));
    assertEquals(Boolean.FALSE, r.find("aggregation", "bdb").answerMatchesBaseline());
  }

  @Test
  void aggregationCollectorVariantsReadOneMapPerFile() {
    String min = Execution.SPLIT_MINSIZE;
    Configuration base = new Configuration(false);
    assertEquals(Long.MAX_VALUE, Execution.configure(base, Task.AGGREGATION, JobVariant.parse("mt+hash")).getLong(min, 0));
    assertEquals(Long.MAX_VALUE, Execution.configure(base, Task.AGGREGATION_DATES, JobVariant.parse("mt+fph")).getLong(min, 0));
    assertNull(Execution.configure(base, Task.AGGREGATION, JobVariant.parse("mt")).get(min), "no collector: Hadoop's splits");
    assertNull(Execution.configure(base, Task.AGGREGATION, JobVariant.BASELINE).get(min), "baseline: Hadoop's splits");
    assertNull(Execution.configure(base, Task.JOIN, JobVariant.parse("mt+fph")).get(min), "not an aggregation");
    org.apache.hadoop.mapred.JobConf defaults = new org.apache.hadoop.mapred.JobConf(); // mapred-default.xml's 0
    assertEquals("0", defaults.get(min));
    assertEquals(Long.MAX_VALUE, Execution.configure(defaults, Task.AGGREGATION, JobVariant.parse("mt+hash")).getLong(min, 0),
        "Hadoop's default minimum is not the run's own");
    Configuration off = new Configuration(false);
    off.set(SuiteOptions.AGGREGATION_WHOLE_FILES, "false");
    assertNull(Execution.configure(off, Task.AGGREGATION, JobVariant.parse("mt+hash")).get(min), "switched off");
    Configuration given = new Configuration(false);
    given.setLong(min, 1234);
    assertEquals(1234, Execution.configure(given, Task.AGGREGATION, JobVariant.parse("mt+hash")).getLong(min, 0), "the run's own");
    Configuration bad = new Configuration(false);
    bad.set(SuiteOptions.AGGREGATION_WHOLE_FILES, "yes");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Execution.configure(bad, Task.AGGREGATION, JobVariant.parse("mt+hash")));
    assertTrue(e.getMessage().contains(SuiteOptions.AGGREGATION_WHOLE_FILES), e.getMessage());
  }

  @Test
  void aggregationCollectorVariantsRunTheReduceSideInParallelAndInMemory() {
    int cores = Runtime.getRuntime().availableProcessors();
    org.apache.hadoop.mapred.JobConf defaults = new org.apache.hadoop.mapred.JobConf(); // mapred-default.xml's values
    Configuration hash = Execution.configure(defaults, Task.AGGREGATION, JobVariant.parse("mt+hash"));
    assertEquals(cores, hash.getInt(Execution.REDUCES, -1));
    assertEquals(cores, hash.getInt(Execution.LOCAL_REDUCES, -1));
    assertEquals(Execution.REDUCE_INPUT_IN_MEMORY, hash.getFloat(Execution.REDUCE_INPUT_BUFFER, -1f));
    assertEquals(cores, Execution.configure(defaults, Task.AGGREGATION_SMALL, JobVariant.parse("bdb+fph")).getInt(Execution.REDUCES, -1));
    assertEquals(1, Execution.configure(defaults, Task.AGGREGATION, JobVariant.parse("mt")).getInt(Execution.REDUCES, -1),
        "no collector: Hadoop's one reducer");
    assertEquals(0f, Execution.configure(defaults, Task.AGGREGATION, JobVariant.BASELINE).getFloat(Execution.REDUCE_INPUT_BUFFER, -1f));
    for (String dates : new String[] {"mti", "mt", "bdbtree", "mti+hash"}) {
      Configuration c = Execution.configure(defaults, Task.AGGREGATION_DATES, JobVariant.parse(dates));
      assertEquals(cores, c.getInt(Execution.REDUCES, -1), "the date-range aggregation's " + dates);
      assertEquals(Execution.REDUCE_INPUT_IN_MEMORY, c.getFloat(Execution.REDUCE_INPUT_BUFFER, -1f), dates);
    }
    assertEquals(1, Execution.configure(defaults, Task.AGGREGATION_DATES, JobVariant.BASELINE).getInt(Execution.REDUCES, -1),
        "the baseline stays stock Hadoop");
    assertTrue(Execution.configure(defaults, Task.AGGREGATION_DATES, JobVariant.parse("mti")).getLong(Execution.SPLIT_MINSIZE, 0)
        < Long.MAX_VALUE, "whole files only with a collector");
    assertEquals(1, Execution.configure(defaults, Task.JOIN, JobVariant.parse("mt+hash")).getInt(Execution.REDUCES, -1),
        "not an aggregation");
    Configuration given = new Configuration(defaults);
    given.setInt(Execution.REDUCES, 5);
    given.setFloat(Execution.REDUCE_INPUT_BUFFER, 0.3f);
    Configuration kept = Execution.configure(given, Task.AGGREGATION, JobVariant.parse("mt+hash"));
    assertEquals(5, kept.getInt(Execution.REDUCES, -1), "the run's own");
    assertEquals(0.3f, kept.getFloat(Execution.REDUCE_INPUT_BUFFER, -1f), "the run's own");
    Configuration off = new Configuration(defaults);
    off.set(SuiteOptions.AGGREGATION_PARALLEL_REDUCE, "false");
    assertEquals(1, Execution.configure(off, Task.AGGREGATION, JobVariant.parse("mt+hash")).getInt(Execution.REDUCES, -1), "switched off");
    Configuration bad = new Configuration(false);
    bad.set(SuiteOptions.AGGREGATION_PARALLEL_REDUCE, "2");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Execution.configure(bad, Task.AGGREGATION, JobVariant.parse("mt+hash")));
    assertTrue(e.getMessage().contains(SuiteOptions.AGGREGATION_PARALLEL_REDUCE), e.getMessage());
  }

  @Test
  void theSuiteShortensHdfsCloseWaitUnlessTheRunSetsIt() throws Exception {
    Configuration c = new Configuration(false);
    SuiteOptions.apply(org.hadoopopt.bench.tools.ToolArgs.parse(new String[] {"/w"}, SuiteOptions.VALUED,
        SuiteOptions.FLAGS, 1), c);
    assertEquals(SuiteOptions.CLOSE_POLL_MS, c.getInt(SuiteOptions.CLOSE_POLL_KEY, -1));
    assertEquals(SuiteOptions.CLOSE_RETRIES, c.getInt(SuiteOptions.CLOSE_RETRIES_KEY, -1));
    Configuration given = new Configuration(false);
    given.setInt(SuiteOptions.CLOSE_POLL_KEY, 250);
    SuiteOptions.apply(org.hadoopopt.bench.tools.ToolArgs.parse(new String[] {"/w"}, SuiteOptions.VALUED,
        SuiteOptions.FLAGS, 1), given);
    assertEquals(250, given.getInt(SuiteOptions.CLOSE_POLL_KEY, -1));
    assertEquals(-1, given.getInt(SuiteOptions.CLOSE_RETRIES_KEY, -1), "the run's own wait keeps Hadoop's retries");
  }

  @Test
  void theSuiteSetsTheNioLocalFileSystemForTheLocalRunnerUnlessTheRunSetsOne() throws Exception {
    Configuration c = new Configuration(false);
    SuiteOptions.apply(org.hadoopopt.bench.tools.ToolArgs.parse(new String[] {"/w"}, SuiteOptions.VALUED,
        SuiteOptions.FLAGS, 1), c);
    assertEquals(org.hadoopopt.bench.tools.PosixLocalFileSystem.class.getName(), c.get(SuiteOptions.LOCAL_FS_KEY));
    Configuration given = new Configuration(false);
    given.set(SuiteOptions.LOCAL_FS_KEY, org.apache.hadoop.fs.LocalFileSystem.class.getName());
    SuiteOptions.apply(org.hadoopopt.bench.tools.ToolArgs.parse(new String[] {"/w"}, SuiteOptions.VALUED,
        SuiteOptions.FLAGS, 1), given);
    assertEquals(org.apache.hadoop.fs.LocalFileSystem.class.getName(), given.get(SuiteOptions.LOCAL_FS_KEY), "the run's own");
    Configuration yarn = new Configuration(false);
    yarn.set("mapreduce.framework.name", "yarn");
    SuiteOptions.apply(org.hadoopopt.bench.tools.ToolArgs.parse(new String[] {"/w"}, SuiteOptions.VALUED,
        SuiteOptions.FLAGS, 1), yarn);
    assertEquals(null, yarn.get(SuiteOptions.LOCAL_FS_KEY), "YARN's containers keep Hadoop's");
  }

  @Test
  void badOptionsFailNamingTheKey() {
    Configuration c = new Configuration(false);
    c.set(SuiteOptions.RUNS, "0");
    assertTrue(assertThrows(IllegalArgumentException.class, () -> SuiteOptions.getRuns(c)).getMessage()
        .contains(SuiteOptions.RUNS));
    c.set(SuiteOptions.TASKS, "grep,sort");
    assertTrue(assertThrows(IllegalArgumentException.class, () -> SuiteOptions.getTasks(c)).getMessage()
        .contains(SuiteOptions.TASKS));
    c.set(SuiteOptions.TASKS, "headline,join,udf");
    assertEquals(List.of(Task.GREP, Task.SELECTION, Task.AGGREGATION, Task.JOIN, Task.UDF), SuiteOptions.getTasks(c));
    c.set(SuiteOptions.TASKS, "all");
    assertEquals(Task.ALL, SuiteOptions.getTasks(c));
    c.set(SuiteOptions.VARIANTS, "mt,xyz");
    assertTrue(assertThrows(IllegalArgumentException.class, () -> SuiteOptions.getVariants(c)).getMessage()
        .contains(SuiteOptions.VARIANTS));
    c.set(SuiteOptions.VARIANTS, "bdb");
    assertEquals("[baseline, bdb]", SuiteOptions.getVariants(c).toString());
  }
}
