package org.hadoopopt.testing.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.hadoopopt.testing.Scripts;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/configuration.md} is what the key files generate; the {@code conf/} snippets use
 * only documented keys of ours; the keys documented for the Hadoop patches are in the patches.
 * {@code -Dconfiguration.doc.write=true} rewrites the page instead of failing.
 */
class ConfigurationDocTest {
  private static final Path ROOT = Scripts.root();

  @Test
  void theReferenceIsCurrent() throws Exception {
    String generated = ConfigurationDoc.render(ROOT);
    Path page = ROOT.resolve(ConfigurationDoc.OUTPUT);
    if (Boolean.getBoolean("configuration.doc.write")) {
      ConfigurationDoc.main(new String[] {ROOT.toString()});
    }
    String committed = Files.exists(page) ? new String(Files.readAllBytes(page), StandardCharsets.UTF_8) : "";
    assertEquals(generated, committed, ConfigurationDoc.OUTPUT + " is not what the key files generate; regenerate it with: "
        + ConfigurationDoc.REGENERATE);
  }

  @Test
  void everyKeyFileIsReadAndKeysAreDocumentedOnce() throws Exception {
    Set<String> seen = new TreeSet<>();
    List<String> twice = new ArrayList<>();
    for (ConfigurationDoc.Source s : ConfigurationDoc.SOURCES) {
      List<KeyFile.Entry> entries = KeyFile.read(ROOT.resolve(s.keyFile));
      assertTrue(!entries.isEmpty(), s.keyFile + " documents no key");
      for (KeyFile.Entry e : entries) {
        if (!e.hadoop && !seen.add(e.name)) {
          twice.add(e.name);
        }
      }
    }
    assertTrue(seen.size() > 80, "only " + seen.size() + " keys of ours documented");
    assertEquals(List.of(), twice, "keys of ours documented in more than one key file");
  }

  /** Our keys named in each snippet (set or mentioned) that no key file documents. */
  static List<String> undocumentedInSnippets(Map<String, String> snippetTexts, Set<String> documented) {
    List<String> problems = new ArrayList<>();
    java.util.regex.Pattern ourKey = java.util.regex.Pattern.compile(
        "(?<![A-Za-z0-9.])(hadoopopt\\.[a-z0-9][a-z0-9.-]*[a-z0-9]|stream\\.shm\\.[a-z0-9.-]*[a-z0-9])(?![A-Za-z0-9_-])");
    for (Map.Entry<String, String> s : snippetTexts.entrySet()) {
      java.util.regex.Matcher m = ourKey.matcher(s.getValue());
      while (m.find()) {
        if (!documented.contains(m.group(1))) {
          problems.add("conf/" + s.getKey() + " names " + m.group(1) + ", which no key file documents");
        }
      }
    }
    return problems;
  }

  private static Set<String> documented() throws Exception {
    Set<String> keys = new TreeSet<>();
    for (ConfigurationDoc.Source s : ConfigurationDoc.SOURCES) {
      KeyFile.read(ROOT.resolve(s.keyFile)).forEach(e -> keys.add(e.name));
    }
    return keys;
  }

  private static Map<String, String> snippets() throws Exception {
    Map<String, String> texts = new TreeMap<>();
    try (Stream<Path> files = Files.list(ROOT.resolve("conf"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".xml")).collect(Collectors.toList())) {
        texts.put(f.getFileName().toString(), new String(Files.readAllBytes(f), StandardCharsets.UTF_8));
      }
    }
    return texts;
  }

  @Test
  void theSnippetsUseOnlyDocumentedKeys() throws Exception {
    Map<String, String> texts = snippets();
    assertTrue(texts.size() >= 5, "conf/ snippets: " + texts.keySet());
    Set<String> documented = documented();
    assertEquals(List.of(), undocumentedInSnippets(texts, documented));
    // an undocumented key in a snippet is reported
    String name = texts.keySet().iterator().next();
    texts.put(name, texts.get(name) + "<!-- hadoopopt.directio.not.a.key -->");
    assertEquals(List.of("conf/" + name + " names hadoopopt.directio.not.a.key, which no key file documents"),
        undocumentedInSnippets(texts, documented));
  }

  @Test
  void thePatchKeysAreThePatches() throws Exception {
    StringBuilder patches = new StringBuilder();
    try (Stream<Path> files = Files.list(ROOT.resolve("hadoop-patches"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".patch")).collect(Collectors.toList())) {
        patches.append(new String(Files.readAllBytes(f), StandardCharsets.UTF_8));
      }
    }
    for (KeyFile.Entry e : KeyFile.read(ROOT.resolve("hadoop-patches/hadoopopt-patches-default.xml"))) {
      assertTrue(patches.indexOf("\"" + e.name + "\"") >= 0, e.name + " is documented for the patches but no patch reads it");
      assertTrue(!e.description.isEmpty(), e.name + " has no description");
    }
  }

  /**
   * The keys a script or snippet sets: a property {@code <name>} (the snippets, the sites
   * bin/cluster writes), {@code prop KEY} (bin/cluster's site writer), {@code --set KEY=} (bin/cluster's
   * option), {@code -D KEY=} (Hadoop's generic option); JVM system properties ({@code -Dhadoop.log.dir=})
   * are no configuration keys.
   */
  private static final java.util.regex.Pattern SETS = java.util.regex.Pattern.compile(
      "(?:<name>|\\bprop |--set |-D )([A-Za-z][A-Za-z0-9._-]*[A-Za-z0-9])");

  /** Every key the texts set that is ours or Hadoop's, with where: "KEY (FILE)". */
  static Map<String, String> keysSet(Map<String, String> texts) {
    Map<String, String> keys = new TreeMap<>();
    for (Map.Entry<String, String> t : texts.entrySet()) {
      java.util.regex.Matcher m = SETS.matcher(t.getValue());
      while (m.find()) {
        String k = m.group(1);
        if (KeyConstants.ours(k) || KeyConstants.hadoop(k)) {
          keys.putIfAbsent(k, t.getKey());
        }
      }
    }
    return keys;
  }

  /** The shipped scripts and snippets by path: bin/ (its scripts and site files) and conf/. */
  private static Map<String, String> shipped() throws Exception {
    Map<String, String> texts = new TreeMap<>();
    for (String dir : new String[] {"bin", "bin/lib", "bin/lib/default-conf", "conf"}) {
      try (Stream<Path> files = Files.list(ROOT.resolve(dir))) {
        for (Path f : files.filter(Files::isRegularFile).collect(Collectors.toList())) {
          String name = f.getFileName().toString();
          if (dir.startsWith("bin") && name.endsWith("-default.xml")) {
            continue; // a key file, not a setting
          }
          texts.put(dir + "/" + name, new String(Files.readAllBytes(f), StandardCharsets.UTF_8));
        }
      }
    }
    return texts;
  }

  /** Keys the texts set that no key file documents, or that only an entry not tagged hadoop documents when stock. */
  static List<String> undocumentedSettings(Map<String, String> texts, List<KeyFile.Entry> entries) {
    Map<String, Boolean> tagged = new TreeMap<>();
    for (KeyFile.Entry e : entries) {
      tagged.merge(e.name, e.hadoop, Boolean::logicalOr);
    }
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, String> k : keysSet(texts).entrySet()) {
      Boolean hadoop = tagged.get(k.getKey());
      if (hadoop == null) {
        problems.add(k.getValue() + " sets " + k.getKey() + ", which no key file documents"
            + (KeyConstants.hadoop(k.getKey()) ? " (a stock Hadoop key: add it with <tag>hadoop</tag> to "
            + ConfigurationDoc.BIN_KEY_FILE + " or to the key file of the module whose code sets it)" : ""));
      } else if (KeyConstants.hadoop(k.getKey()) && !hadoop) {
        problems.add(k.getValue() + " sets " + k.getKey() + ", a stock Hadoop key no key file tags hadoop");
      }
    }
    return problems;
  }

  private static List<KeyFile.Entry> allEntries() throws Exception {
    List<KeyFile.Entry> all = new ArrayList<>();
    for (ConfigurationDoc.Source s : ConfigurationDoc.SOURCES) {
      all.addAll(KeyFile.read(ROOT.resolve(s.keyFile)));
    }
    return all;
  }

  @Test
  void everyKeyTheScriptsAndSnippetsSetIsDocumented() throws Exception {
    Map<String, String> texts = shipped();
    assertTrue(texts.containsKey("bin/cluster") && texts.containsKey("bin/lib/host-faults.sh"), texts.keySet().toString());
    Map<String, String> set = keysSet(texts);
    assertTrue(set.containsKey("yarn.nodemanager.resource.memory-mb") && set.containsKey("dfs.datanode.data.dir.perm")
        && set.containsKey("yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms") && !set.containsKey("hadoop.log.dir"),
        "the scan reads prop, --set and -D settings, not JVM properties: " + set.keySet());
    List<KeyFile.Entry> entries = allEntries();
    assertEquals(List.of(), undocumentedSettings(texts, entries));
    // a stock key a script starts to set, undocumented, is reported
    texts.put("bin/cluster", texts.get("bin/cluster") + "\n$(prop dfs.namenode.not-a-key 1)\n");
    List<String> p = undocumentedSettings(texts, entries);
    assertEquals(1, p.size(), p.toString());
    assertTrue(p.get(0).startsWith("bin/cluster sets dfs.namenode.not-a-key, which no key file documents"), p.get(0));
  }

  @Test
  void theBinKeyFileDocumentsOnlyKeysTheScriptsSet() throws Exception {
    Set<String> set = keysSet(shipped()).keySet();
    for (KeyFile.Entry e : KeyFile.read(ROOT.resolve(ConfigurationDoc.BIN_KEY_FILE))) {
      assertTrue(e.hadoop, e.name + " in " + ConfigurationDoc.BIN_KEY_FILE + ": only stock Hadoop keys belong there");
      assertTrue(set.contains(e.name), e.name + " is in " + ConfigurationDoc.BIN_KEY_FILE + " but no script or snippet sets it");
      assertTrue(!e.description.isEmpty(), e.name + " has no description");
    }
  }
}
