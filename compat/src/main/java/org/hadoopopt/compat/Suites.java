package org.hadoopopt.compat;

import java.util.Arrays;
import java.util.List;

/** Which configurations run each suite, and which plugin each configuration switches on. */
enum Suites {
  MAPRED("mapred", "stock", "fp-prefix", "fp-hash"),
  HDFS("hdfs", "stock", "dio-tokens", "dio-notokens"),
  STREAMING("streaming", "stock", "shm");

  /** The configuration without any plugin, run beside the others. */
  static final String STOCK = "stock";

  final String id;
  final List<String> configs;

  Suites(String id, String... configs) {
    this.id = id;
    this.configs = Arrays.asList(configs);
  }

  /** The plugin a configuration exercises: "fp", "dio", "shm", or "" for stock. */
  static String plugin(String config) {
    if (config.startsWith("fp-")) {
      return "fp";
    }
    if (config.startsWith("dio-")) {
      return "dio";
    }
    return config.equals("shm") ? "shm" : "";
  }
}
