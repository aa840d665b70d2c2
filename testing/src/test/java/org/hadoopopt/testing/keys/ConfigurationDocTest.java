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
}
