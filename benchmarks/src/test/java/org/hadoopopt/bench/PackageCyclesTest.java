package org.hadoopopt.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmarks' packages form no cycle: the layers are {@code bench} (the jar's entry) over
 * {@code suite} over {@code report}, {@code reference} and {@code ideal}, over {@code results}
 * and the Pavlo programs ({@code pavlo.gen}, {@code pavlo.jobs} over {@code pavlo}), all over
 * {@code tools}; {@code micro} uses the Pavlo programs, {@code results} and {@code tools}. Read from the main sources, not the compiled classes: a compile-time
 * constant of another package leaves no trace in a class file but is a dependency all the same.
 * Every mention counts: an import, a qualified name in code, a class name in a string (a class
 * reached by name is a dependency Maven cannot see either); comments do not.
 */
class PackageCyclesTest {
  private static final String ROOT = "org.hadoopopt.bench";
  private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
  /** A package of ours followed by a class name or a wildcard. */
  private static final Pattern MENTION = Pattern.compile("\\b(" + Pattern.quote(ROOT) + "(?:\\.[a-z_]\\w*)*)\\.([A-Z]\\w*|\\*)");
  private static final Pattern COMMENT = Pattern.compile("//[^\n]*|/\\*.*?\\*/", Pattern.DOTALL);

  @Test
  void theBenchmarksPackagesFormNoCycle() throws IOException {
    Path src = Paths.get(System.getProperty("basedir", "."), "src", "main", "java");
    Map<String, Map<String, Set<String>>> graph = graph(src);
    assertTrue(graph.keySet().containsAll(List.of(ROOT, ROOT + ".suite", ROOT + ".pavlo", ROOT + ".tools")),
        "read the benchmarks' sources under " + src.toAbsolutePath() + ": " + graph.keySet());
    List<List<String>> cycles = cycles(graph);
    assertTrue(cycles.isEmpty(), () -> describe(cycles, graph));
  }

  /** The check itself finds a cycle, through an import and through a constant's qualified name. */
  @Test
  void aCycleIsFound(@TempDir Path dir) throws IOException {
    write(dir, "a/A.java", "package org.hadoopopt.bench.a;\nimport org.hadoopopt.bench.b.B;\nclass A { B b; }\n");
    write(dir, "b/B.java", "package org.hadoopopt.bench.b;\n// org.hadoopopt.bench.c.C in a comment does not count\n"
        + "class B { String s = org.hadoopopt.bench.c.C.NAME; }\n");
    write(dir, "c/C.java", "package org.hadoopopt.bench.c;\nclass C { static final String NAME = \"c\"; }\n");
    Map<String, Map<String, Set<String>>> graph = graph(dir);
    assertTrue(cycles(graph).isEmpty(), () -> describe(cycles(graph), graph));
    write(dir, "c/D.java", "package org.hadoopopt.bench.c;\nimport org.hadoopopt.bench.a.*;\nclass D {}\n");
    Map<String, Map<String, Set<String>>> cyclic = graph(dir);
    List<List<String>> found = cycles(cyclic);
    assertEquals(List.of(List.of(ROOT + ".a", ROOT + ".b", ROOT + ".c")), found);
    String message = describe(found, cyclic);
    assertTrue(message.contains("bench.c -> bench.a: D -> *") && message.contains("bench.b -> bench.c: B -> C"), message);
  }

  private static void write(Path dir, String file, String text) throws IOException {
    Path p = dir.resolve("org/hadoopopt/bench").resolve(file);
    Files.createDirectories(p.getParent());
    Files.write(p, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Package -> package it mentions -> "Class -> Mentioned" witnesses; only packages with sources here. */
  static Map<String, Map<String, Set<String>>> graph(Path src) throws IOException {
    Map<Path, String> packages = new HashMap<>();
    Map<String, Map<String, Set<String>>> graph = new TreeMap<>();
    List<Path> files;
    try (Stream<Path> s = Files.walk(src)) {
      files = s.filter(p -> p.toString().endsWith(".java")).sorted().collect(java.util.stream.Collectors.toList());
    }
    Map<Path, String> texts = new HashMap<>();
    for (Path f : files) {
      String text = COMMENT.matcher(new String(Files.readAllBytes(f), StandardCharsets.UTF_8)).replaceAll(" ");
      Matcher m = PACKAGE.matcher(text);
      if (m.find()) {
        packages.put(f, m.group(1));
        texts.put(f, text);
        graph.computeIfAbsent(m.group(1), k -> new TreeMap<>());
      }
    }
    for (Path f : files) {
      String from = packages.get(f);
      if (from == null) {
        continue;
      }
      String name = f.getFileName().toString().replace(".java", "");
      Matcher m = MENTION.matcher(texts.get(f));
      while (m.find()) {
        String to = m.group(1);
        if (!to.equals(from) && graph.containsKey(to)) {
          graph.get(from).computeIfAbsent(to, k -> new TreeSet<>()).add(name + " -> " + m.group(2));
        }
      }
    }
    return graph;
  }

  /** The strongly connected components of more than one package (Tarjan), each sorted, in order. */
  static List<List<String>> cycles(Map<String, Map<String, Set<String>>> graph) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new TreeSet<>();
    List<List<String>> out = new ArrayList<>();
    for (String v : graph.keySet()) {
      if (!index.containsKey(v)) {
        connect(v, graph, index, low, stack, onStack, out);
      }
    }
    out.sort((a, b) -> a.get(0).compareTo(b.get(0)));
    return out;
  }

  private static void connect(String v, Map<String, Map<String, Set<String>>> graph, Map<String, Integer> index,
      Map<String, Integer> low, Deque<String> stack, Set<String> onStack, List<List<String>> out) {
    index.put(v, index.size());
    low.put(v, index.get(v));
    stack.push(v);
    onStack.add(v);
    for (String w : graph.getOrDefault(v, Collections.emptyMap()).keySet()) {
      if (!index.containsKey(w)) {
        connect(w, graph, index, low, stack, onStack, out);
        low.put(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.contains(w)) {
        low.put(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v).equals(index.get(v))) {
      List<String> component = new ArrayList<>();
      String w;
      do {
        w = stack.pop();
        onStack.remove(w);
        component.add(w);
      } while (!w.equals(v));
      if (component.size() > 1) {
        Collections.sort(component);
        out.add(component);
      }
    }
  }

  /** Each cycle's packages and the mentions that tie them, e.g. "bench.suite -> bench: Programs -> PavloDriver". */
  private static String describe(List<List<String>> cycles, Map<String, Map<String, Set<String>>> graph) {
    StringBuilder b = new StringBuilder("package cycles in the benchmarks:");
    for (List<String> c : cycles) {
      b.append("\n  cycle among ").append(c);
      for (String from : c) {
        for (Map.Entry<String, Set<String>> e : graph.get(from).entrySet()) {
          if (c.contains(e.getKey())) {
            b.append("\n    ").append(from.replace("org.hadoopopt.", "")).append(" -> ")
                .append(e.getKey().replace("org.hadoopopt.", "")).append(": ").append(String.join(", ", e.getValue()));
          }
        }
      }
    }
    return b.toString();
  }
}
