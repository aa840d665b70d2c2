package org.hadoopopt.compat;

import java.util.Arrays;
import java.util.List;

/** Which configurations run each suite, and which plugin each configuration switches on. */
enum Suites {
  MAPRED("mapred", "stock", "fp-prefix", "fp-hash", "all-on"),
  HDFS("hdfs", "stock", "dio-tokens", "dio-notokens", "all-on"),
  STREAMING("streaming", "stock", "shm", "all-on");

  /** The configuration without any plugin, run beside the others. */
  static final String STOCK = "stock";

  final String id;
  final List<String> configs;

  Suites(String id, String... configs) {
    this.id = id;
    this.configs = Arrays.asList(configs);
  }

  /** Every plugin switched on at once, from the conf/ snippets merged. */
  static final String ALL_ON = "all-on";

  /** The plugin a configuration exercises: "fp", "dio", "shm", "all" (every one), or "" for stock. */
  static String plugin(String config) {
    if (config.equals(ALL_ON)) {
      return "all";
    }
    if (config.startsWith("fp-")) {
      return "fp";
    }
    if (config.startsWith("dio-")) {
      return "dio";
    }
    return config.equals("shm") ? "shm" : "";
  }
}
