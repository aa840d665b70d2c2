package org.hadoopopt.compat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** One test class under one configuration: its result, its plugin activity and the verdict. */
final class Row {
  static final String PASS = "pass";
  static final String FAIL = "fail";
  static final String NOT_EXERCISED = "not exercised";
  static final String DOCUMENTED = "documented behaviour";
  static final String NOT_EXERCISED_DOCUMENTED = "not exercised (documented)";
  static final String FAILS_STOCK_TOO = "fails stock too";
  /** Fails only in methods that stock Hadoop fails too once block tokens are on ({@code tokens} in expected.txt). */
  static final String FAILS_WITH_TOKENS = "fails stock with block tokens too";
  /**
   * Fails only in methods that fail stock Hadoop now and then too ({@code intermittent} in expected.txt:
   * a timing race of the test, shown by failure rates), with the failure message listed there.
   */
  static final String INTERMITTENT = "fails stock too, intermittently";
  static final String NOT_RUN = "not run";
  static final String STOCK_PASS = "stock: pass";
  static final String STOCK_FAILS = "stock: fails";

  final String testClass;
  final String config;
  final ClassResult result;
  /** Activity record keys (see {@link ActivityListener}) plus collector lines of the local runner. */
  final Map<String, Long> activity = new TreeMap<>();
  /** Collector lines of the local job runner per test method (the listener marks each start). */
  final Map<String, Map<String, Long>> perMethod = new TreeMap<>();
  boolean shmResolver;
  boolean hasActivityRecord;
  /** The listener halted the class's JVM after surefire's timeout (see {@link ActivityListener#CLASS_TIMEOUT}). */
  boolean halted;
  String verdict;
  /** Why: failing methods and messages, or the documented reason. */
  final List<String> notes = new ArrayList<>();

  Row(String testClass, String config, ClassResult result) {
    this.testClass = testClass;
    this.config = config;
    this.result = result;
  }

  long count(String key) {
    return activity.getOrDefault(key, 0L);
  }

  /** Whether the configuration's plugin did its work in this class. */
  boolean exercised() {
    switch (Suites.plugin(config)) {
      case "fp":
        return count(CollectorLines.FP_USED) > 0;
      case "dio":
        return count("dio.DirectOpens") > 0 || count("dio.DirectBytes") > 0;
      case "shm":
        return shmResolver;
      case "all":
        return count(CollectorLines.FP_USED) > 0 || CollectorLines.hashUsed(activity) > 0
            || count(CollectorLines.MERGE_USED) > 0 || count("dio.DirectOpens") > 0 || shmResolver;
      default:
        return true;
    }
  }

  /** The activity column. */
  String activityText() {
    switch (Suites.plugin(config)) {
      case "fp":
        return String.format("fp %d, declined %d, stock %d map attempts", count(CollectorLines.FP_USED),
            count(CollectorLines.FP_DECLINED), count(CollectorLines.STOCK_USED));
      case "dio":
        return dioText();
      case "all":
        return allText();
      case "shm":
        return shmResolver ? "resolver used" : "resolver not used";
      default:
        long maps = count(CollectorLines.STOCK_USED);
        return maps > 0 ? "stock collector " + maps + " map attempts" : "";
    }
  }

  private String dioText() {
    return String.format("%s direct in %d opens; %d streamed, %d fallbacks, %d refusals",
        bytes(count("dio.DirectBytes")), count("dio.DirectOpens"), count("dio.StreamedBlockReads"),
        count("dio.Fallbacks"), count("dio.Refusals"));
  }

  /** Every plugin that showed anything: collectors per map attempt, merges per reduce, direct reads, the resolver. */
  private String allText() {
    List<String> parts = new ArrayList<>();
    long maps = count(CollectorLines.HASH_LISTED) + count(CollectorLines.FP_USED) + count(CollectorLines.STOCK_USED)
        - count(CollectorLines.HASH_DECLINED);
    if (maps > 0 || count(CollectorLines.FP_DECLINED) > 0) {
      parts.add(String.format("map attempts: hash %d, fp %d, stock %d (hash declined %d, fp declined %d)",
          CollectorLines.hashUsed(activity), count(CollectorLines.FP_USED), count(CollectorLines.STOCK_USED),
          count(CollectorLines.HASH_DECLINED), count(CollectorLines.FP_DECLINED)));
    }
    if (count(CollectorLines.MERGE_USED) + count(CollectorLines.MERGE_DECLINED) > 0) {
      parts.add(String.format("fp merge %d reduces (declined %d)", count(CollectorLines.MERGE_USED),
          count(CollectorLines.MERGE_DECLINED)));
    }
    if (count("dio.DirectOpens") + count("dio.StreamedBlockReads") > 0) {
      parts.add(dioText());
    }
    if (shmResolver) {
      parts.add("shm resolver used");
    }
    return String.join("; ", parts);
  }

  private static String bytes(long n) {
    if (n >= 1L << 30) {
      return String.format("%.2f GB", n / (double) (1L << 30));
    }
    if (n >= 1L << 20) {
      return String.format("%.1f MB", n / (double) (1L << 20));
    }
    return n >= 1024 ? (n / 1024) + " KB" : n + " B";
  }
}
