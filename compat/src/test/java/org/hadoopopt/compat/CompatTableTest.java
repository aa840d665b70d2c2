package org.hadoopopt.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdicts of the table program on hand-written surefire reports and activity records: each
 * verdict is reached from the evidence that defines it, and a pass needs the plugin's activity.
 */
class CompatTableTest {
  private static final String USED_FP = "INFO mapred.MapTask - Map output collector class = "
      + "org.hadoopopt.fingerprint.collector.FingerprintCollector";
  private static final String USED_STOCK = "INFO mapred.MapTask - Map output collector class = "
      + "org.apache.hadoop.mapred.MapTask$MapOutputBuffer";
  private static final String DECLINED = "WARN collector.FingerprintCollector - FingerprintCollector declines this task: "
      + "encrypted intermediate data (mapreduce.job.encrypted-intermediate-data=true) is not supported; falling back to "
      + "org.apache.hadoop.mapred.MapTask$MapOutputBuffer\n"
      + "WARN mapred.MapTask - Unable to initialize MapOutputCollector "
      + "org.hadoopopt.fingerprint.collector.FingerprintCollector (1 more collector(s) to try)";

  @TempDir Path dir;
  private Path lists;
  private File reports;
  private File activity;
  private Path expected;

  @BeforeEach
  void setUp() throws IOException {
    lists = Files.createDirectories(dir.resolve("lists"));
    reports = dir.resolve("reports").toFile();
    activity = dir.resolve("activity").toFile();
    expected = dir.resolve("expected.txt");
    Files.write(expected, List.of(
        "fp-hash TestOrder testSorted behaviour hash mode's reduce input is not in key order",
        "* TestEncrypted testEncrypted declines encrypted intermediate data",
        "* TestOwnKey * not-exercised sets the key itself"));
  }

  @Test
  void verdictsFollowResultsAndActivity() throws Exception {
    Files.write(lists.resolve("mapred.txt"), List.of(
        "a/TestGood.java", "a/TestBroken.java", "a/TestIdle.java", "a/TestBothFail.java",
        "a/TestOrder.java", "a/TestEncrypted.java", "a/TestOwnKey.java", "a/TestMissing.java"));
    for (String cfg : new String[] {"stock", "fp-prefix", "fp-hash"}) {
      String use = cfg.equals("stock") ? USED_STOCK : USED_FP;
      report(cfg, "a.TestGood", Map.of("t1", ok(use)));
      report(cfg, "a.TestBroken", Map.of("t1", cfg.equals("stock") ? ok(use) : failed(use)));
      report(cfg, "a.TestIdle", Map.of("t1", ok("no collector line")));
      report(cfg, "a.TestBothFail", Map.of("t1", failed(use)));
      report(cfg, "a.TestOrder", Map.of("testSorted", cfg.equals("fp-hash") ? failed(use) : ok(use),
          "testOther", ok(use)));
      report(cfg, "a.TestEncrypted", Map.of("testEncrypted", ok(cfg.equals("stock") ? use : DECLINED + "\n" + USED_STOCK),
          "testPlain", ok(use)));
      report(cfg, "a.TestOwnKey", Map.of("t1", ok(USED_STOCK)));
    }
    Map<String, String> v = verdicts();
    assertEquals(Row.STOCK_PASS, v.get("TestGood stock"));
    assertEquals(Row.PASS, v.get("TestGood fp-prefix"));
    assertEquals(Row.FAIL, v.get("TestBroken fp-prefix"));
    assertEquals(Row.NOT_EXERCISED, v.get("TestIdle fp-hash"), "a pass without activity is not a pass");
    assertEquals(Row.FAILS_STOCK_TOO, v.get("TestBothFail fp-prefix"));
    assertEquals(Row.DOCUMENTED, v.get("TestOrder fp-hash"));
    assertEquals(Row.PASS, v.get("TestOrder fp-prefix"));
    assertEquals(Row.PASS, v.get("TestEncrypted fp-prefix"), "declined where it must, ran elsewhere");
    assertEquals(Row.NOT_EXERCISED_DOCUMENTED, v.get("TestOwnKey fp-prefix"));
    assertEquals(Row.NOT_RUN, v.get("TestMissing fp-prefix"));
  }

  @Test
  void documentedBehaviourCoversOnlyItsMethodAndConfiguration() throws Exception {
    Files.write(lists.resolve("mapred.txt"), List.of("a/TestOrder.java"));
    for (String cfg : new String[] {"stock", "fp-prefix", "fp-hash"}) {
      String use = cfg.equals("stock") ? USED_STOCK : USED_FP;
      boolean plugin = !cfg.equals("stock");
      report(cfg, "a.TestOrder", Map.of("testSorted", plugin ? failed(use) : ok(use),
          "testOther", cfg.equals("fp-hash") ? failed(use) : ok(use)));
    }
    Map<String, String> v = verdicts();
    assertEquals(Row.FAIL, v.get("TestOrder fp-prefix"), "the exception is for fp-hash only");
    assertEquals(Row.FAIL, v.get("TestOrder fp-hash"), "testOther is not documented");
  }

  @Test
  void tokensCoversOnlyItsMethodsAndNamesTheCause() throws Exception {
    Files.write(expected, List.of("dio-tokens TestMove testMove tokens sends a dummy block token"));
    Files.write(lists.resolve("hdfs.txt"), List.of("a/TestMove.java"));
    report("stock", "a.TestMove", Map.of("testMove", ok(""), "testRead", ok("")));
    report("dio-tokens", "a.TestMove", Map.of("testMove", failed(""), "testRead", ok("")));
    report("dio-notokens", "a.TestMove", Map.of("testMove", failed(""), "testRead", ok("")));
    Map<String, String> v = verdicts();
    assertEquals(Row.FAILS_WITH_TOKENS, v.get("TestMove dio-tokens"));
    assertEquals(Row.FAIL, v.get("TestMove dio-notokens"), "the exception is for dio-tokens only");
  }

  @Test
  void intermittentCoversOnlyTheFailureItNames() throws Exception {
    Files.write(expected, List.of("* TestRace testRace intermittent \"expected:<9> but was:<6>\" a longer race",
        "* TestRace testRace intermittent \"expected:<9> but was:<8>\" a race in the test"));
    Files.write(lists.resolve("hdfs.txt"), List.of("a/TestRace.java"));
    report("stock", "a.TestRace", Map.of("testRace", ok(""), "testRead", ok("")));
    report("dio-tokens", "a.TestRace", Map.of("testRace", failedWith("expected:&lt;9&gt; but was:&lt;8&gt;"),
        "testRead", ok("")));
    report("dio-notokens", "a.TestRace", Map.of("testRace", failedWith("expected:&lt;9&gt; but was:&lt;7&gt;"),
        "testRead", ok("")));
    Map<String, String> v = verdicts();
    assertEquals(Row.INTERMITTENT, v.get("TestRace dio-tokens"));
    assertEquals(Row.FAIL, v.get("TestRace dio-notokens"), "another failure of the method is the plugin's");
    Files.write(expected, List.of("* TestRace testRace intermittent \"expected:<9> but was:<8>\" a race in the test",
        "dio-tokens TestRace testRead tokens sends a dummy block token"));
    report("dio-tokens", "a.TestRace", Map.of("testRace", failedWith("expected:&lt;9&gt; but was:&lt;8&gt;"),
        "testRead", failed("")));
    assertEquals(Row.FAILS_WITH_TOKENS, verdicts().get("TestRace dio-tokens"), "with a tokens method, tokens names the row");
    Files.write(expected, List.of("* TestRace testRace intermittent a race, no message"));
    assertThrows(IllegalArgumentException.class, () -> Expectations.read(expected));
  }

  @Test
  void stockFailureReasonIsShownAndChangesNoVerdict() throws Exception {
    Files.write(expected, List.of("* TestOld testOldImage stock the test jar leaves out its image file"));
    Files.write(lists.resolve("hdfs.txt"), List.of("a/TestOld.java"));
    report("stock", "a.TestOld", Map.of("testOldImage", failed(""), "testRead", ok("")));
    report("dio-tokens", "a.TestOld", Map.of("testOldImage", failed(""), "testRead", ok("")));
    report("dio-notokens", "a.TestOld", Map.of("testOldImage", ok(""), "testRead", failed("")));
    Map<Suites, List<Row>> rows = CompatTable.build(lists, reports, activity,
        new Verdicts(Expectations.read(expected)));
    Map<String, Row> byConfig = new HashMap<>();
    rows.values().forEach(l -> l.forEach(r -> byConfig.put(r.config, r)));
    assertEquals(Row.STOCK_FAILS, byConfig.get("stock").verdict);
    assertEquals(Row.FAILS_STOCK_TOO, byConfig.get("dio-tokens").verdict);
    assertEquals(Row.FAIL, byConfig.get("dio-notokens").verdict, "only the listed method, and only where stock fails it");
    assertTrue(byConfig.get("stock").notes.toString().contains("leaves out its image file"));
    assertTrue(byConfig.get("dio-tokens").notes.toString().contains("leaves out its image file"));
  }

  @Test
  void aHaltedClassIsNotRunAndSaysWhy() throws Exception {
    Files.write(lists.resolve("hdfs.txt"), List.of("a/TestHang.java"));
    report("stock", "a.TestHang", Map.of("t1", ok("")));
    record("dio-tokens", "a.TestHang", "halted=true\ndio.DirectOpens=3\n");
    Map<Suites, List<Row>> rows = CompatTable.build(lists, reports, activity,
        new Verdicts(Expectations.read(expected)));
    Row hang = rows.get(Suites.HDFS).stream().filter(r -> r.config.equals("dio-tokens")).findFirst().get();
    assertEquals(Row.NOT_RUN, hang.verdict);
    assertTrue(hang.notes.toString().contains("halted"), hang.notes.toString());
  }

  @Test
  void usingTheCollectorWhereItMustDeclineFails() throws Exception {
    Files.write(lists.resolve("mapred.txt"), List.of("a/TestEncrypted.java"));
    report("stock", "a.TestEncrypted", Map.of("testEncrypted", ok(USED_STOCK), "testPlain", ok(USED_STOCK)));
    report("fp-prefix", "a.TestEncrypted", Map.of("testEncrypted", ok(USED_FP), "testPlain", ok(USED_FP)));
    assertEquals(Row.FAIL, verdicts().get("TestEncrypted fp-prefix"));
  }

  @Test
  void declinesSomeAllowsReferenceJobsButNeedsADecline() throws Exception {
    Files.write(expected, List.of("* TestRef * declines-some encrypted and unencrypted jobs"));
    Files.write(lists.resolve("mapred.txt"), List.of("a/TestRef.java"));
    report("stock", "a.TestRef", Map.of("t1", ok(USED_STOCK)));
    report("fp-prefix", "a.TestRef", Map.of("t1", ok(USED_FP + "\n" + DECLINED + "\n" + USED_STOCK)));
    report("fp-hash", "a.TestRef", Map.of("t1", ok(USED_FP + "\n" + USED_FP)));
    Map<String, String> v = verdicts();
    assertEquals(Row.PASS, v.get("TestRef fp-prefix"));
    assertEquals(Row.FAIL, v.get("TestRef fp-hash"), "never declined: it took the encrypted job too");
  }

  @Test
  void containerActivityAndDirectIoComeFromTheRecords() throws Exception {
    Files.write(lists.resolve("hdfs.txt"), List.of("a/TestRead.java"));
    Files.write(lists.resolve("mapred.txt"), List.of("a/TestYarn.java"));
    for (String cfg : new String[] {"stock", "dio-tokens", "dio-notokens"}) {
      report(cfg, "a.TestRead", Map.of("t1", ok("")));
    }
    record("dio-tokens", "a.TestRead", "dio.DirectOpens=3\ndio.DirectBytes=100640\n");
    record("dio-notokens", "a.TestRead", "dio.DirectOpens=0\ndio.StreamedBlockReads=4\n");
    for (String cfg : new String[] {"stock", "fp-prefix", "fp-hash"}) {
      report(cfg, "a.TestYarn", Map.of("t1", ok("")));
    }
    record("fp-prefix", "a.TestYarn", "yarn.fp.used=4\n");
    record("fp-hash", "a.TestYarn", "yarn.fp.declined=4\nyarn.stock.used=4\n");
    Map<String, String> v = verdicts();
    assertEquals(Row.PASS, v.get("TestRead dio-tokens"));
    assertEquals(Row.NOT_EXERCISED, v.get("TestRead dio-notokens"));
    assertEquals(Row.PASS, v.get("TestYarn fp-prefix"));
    assertEquals(Row.NOT_EXERCISED, v.get("TestYarn fp-hash"));
  }

  /**
   * All plugins on: a map attempt the hash-grouping collector handed to the fingerprint collector
   * (MapTask names the hash collector, its INFO line names the one that took the task) counts as
   * the fingerprint collector's; an attempt it served itself as its own.
   */
  @Test
  void allOnCountsTheCollectorThatTookEachAttempt() throws Exception {
    Files.write(lists.resolve("mapred.txt"), List.of("a/TestAll.java", "a/TestNone.java"));
    String hashListed = "INFO mapred.MapTask - Map output collector class = org.hadoopopt.fingerprint.collector.HashGroupCollector";
    String handedOn = "INFO collector.HashGroupCollector - HashGroupCollector declines this task: the job has no combiner"
        + "; map output collector: org.hadoopopt.fingerprint.collector.FingerprintCollector";
    String merged = "INFO shuffle.FingerprintShuffle - fingerprint merge for reduce attempt_1_r_000000_0: fingerprint text-prefix8";
    for (String cfg : new String[] {"stock", "all-on"}) {
      report(cfg, "a.TestNone", Map.of("t1", ok(USED_STOCK)));
    }
    report("stock", "a.TestAll", Map.of("t1", ok(USED_STOCK + "\n" + USED_STOCK)));
    report("all-on", "a.TestAll", Map.of("t1", ok(handedOn + "\n" + hashListed + "\n" + hashListed + "\n" + merged)));
    Map<Suites, List<Row>> rows = CompatTable.build(lists, reports, activity, new Verdicts(Expectations.read(expected)));
    Row all = rows.get(Suites.MAPRED).stream().filter(r -> r.config.equals("all-on") && r.testClass.endsWith("TestAll"))
        .findFirst().get();
    assertEquals(Row.PASS, all.verdict);
    assertEquals(1, all.count(CollectorLines.FP_USED));
    assertEquals(1, CollectorLines.hashUsed(all.activity));
    assertEquals(1, all.count(CollectorLines.MERGE_USED));
    assertTrue(all.activityText().contains("hash 1, fp 1, stock 0 (hash declined 1, fp declined 0)"), all.activityText());
    Row none = rows.get(Suites.MAPRED).stream().filter(r -> r.config.equals("all-on") && r.testClass.endsWith("TestNone"))
        .findFirst().get();
    assertEquals(Row.NOT_EXERCISED, none.verdict, "only Hadoop's collector ran");
  }

  @Test
  void expectationLinesAreChecked() throws IOException {
    Files.write(expected, List.of("fp-hash TestX * sometimes reason"));
    try {
      Expectations.read(expected);
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().contains("sometimes"), e.getMessage());
      return;
    }
    throw new AssertionError("an unknown kind must be refused");
  }

  private Map<String, String> verdicts() throws Exception {
    Map<String, String> out = new HashMap<>();
    Map<Suites, List<Row>> rows = CompatTable.build(lists, reports, activity,
        new Verdicts(Expectations.read(expected)));
    rows.values().forEach(l -> l.forEach(r ->
        out.put(r.testClass.substring(r.testClass.lastIndexOf('.') + 1) + " " + r.config, r.verdict)));
    return out;
  }

  private static String ok(String out) {
    return "<system-out><![CDATA[" + out + "\n]]></system-out>";
  }

  private static String failedWith(String message) {
    return "<failure message=\"" + message + "\" type=\"java.lang.AssertionError\"/>" + ok("");
  }

  private static String failed(String out) {
    return "<failure message=\"expected sorted\" type=\"java.lang.AssertionError\"/>" + ok(out);
  }

  /** A surefire report {@code TEST-<cls>.xml} for one configuration, a test case per entry. */
  private void report(String config, String cls, Map<String, String> cases) throws IOException {
    StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<testsuite name=\"" + cls + "\">\n");
    cases.forEach((name, body) -> xml.append("<testcase name=\"").append(name).append("\" classname=\"")
        .append(cls).append("\" time=\"1.5\">").append(body).append("</testcase>\n"));
    put(reports, config, "TEST-" + cls + ".xml", xml.append("</testsuite>\n").toString());
  }

  /** An activity record {@code <cls>.properties} for one configuration. */
  private void record(String config, String cls, String props) throws IOException {
    put(activity, config, cls + ".properties", "class=" + cls + "\n" + props);
  }

  /** The one place evidence is written: {@code root/config/name}. */
  private static void put(File root, String config, String name, String text) throws IOException {
    Path d = Files.createDirectories(root.toPath().resolve(config));
    Files.write(d.resolve(name), text.getBytes(StandardCharsets.UTF_8));
  }
}
