package org.hadoopopt.shmstreaming;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;

/** The example programs as Streaming commands, per client language, and test data with its expected answers. */
final class Programs {
  private Programs() {}

  static final String PYTHON = new File("/usr/bin/python3").canExecute() ? "/usr/bin/python3" : "python3";

  /** The Streaming command running example {@code name} of {@code client} ("cpp" or "python"). */
  static String command(String client, String name, String... args) {
    String cmd = client.equals("cpp") ? NativeBuild.bin(name)
        : PYTHON + " -B " + NativeBuild.python() + "/examples/" + name + ".py";
    return args.length == 0 ? cmd : cmd + " " + String.join(" ", args);
  }

  /** {@code lines} lines of 10-20 words drawn from a dictionary of {@code words} random words. */
  static String text(long seed, int lines, int words) {
    SplittableRandom rnd = new SplittableRandom(seed);
    String[] dict = new String[words];
    for (int i = 0; i < words; i++) {
      StringBuilder w = new StringBuilder();
      int len = 2 + rnd.nextInt(8);
      for (int k = 0; k < len; k++) {
        w.append((char) ('a' + rnd.nextInt(26)));
      }
      dict[i] = w.toString();
    }
    StringBuilder sb = new StringBuilder();
    for (int l = 0; l < lines; l++) {
      int n = 10 + rnd.nextInt(11);
      for (int k = 0; k < n; k++) {
        if (k > 0) {
          sb.append(' ');
        }
        sb.append(dict[rnd.nextInt(words)]);
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.write(file, text.getBytes(StandardCharsets.UTF_8));
  }

  /** word TAB count lines in key order: the answer word count must give. */
  static List<String> wordCounts(String... texts) {
    Map<String, Integer> counts = new TreeMap<>();
    for (String t : texts) {
      for (String w : t.split("[ \t\n]+")) {
        if (!w.isEmpty()) {
          counts.merge(w, 1, Integer::sum);
        }
      }
    }
    List<String> out = new ArrayList<>();
    counts.forEach((w, c) -> out.add(w + "\t" + c));
    return out;
  }

  /** word TAB doc1,doc2 lines in key order: the answer the inverted index must give. */
  static List<String> invertedIndex(Map<String, String> docs) {
    Map<String, TreeSet<String>> index = new TreeMap<>();
    docs.forEach((doc, text) -> {
      for (String w : text.split("[ \t\n]+")) {
        if (!w.isEmpty()) {
          index.computeIfAbsent(w, k -> new TreeSet<>()).add(doc);
        }
      }
    });
    List<String> out = new ArrayList<>();
    index.forEach((w, d) -> out.add(w + "\t" + String.join(",", d)));
    return out;
  }
}
