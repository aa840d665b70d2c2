package org.hadoopopt.bench.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.testing.Scripts;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The code's key constants, the root README's key tables and the conf/ snippets name the same keys
 * with the same defaults; renamed keys still work under their old names. Reflection over the
 * compiled classes of every plugin module and the benchmarks (no mini cluster).
 */
class KeyTableTest {
  private static Map<String, List<KeyTable.Constant>> code;
  private static String readme;
  private static Map<String, Map<String, String>> snippets;
  private static final Map<String, String> SNIPPET_TEXTS = new LinkedHashMap<>();
  private static final Map<String, String> RENAMED = new LinkedHashMap<>();

  @BeforeAll
  static void read() throws Exception {
    code = KeyTable.constants(KeyTable.moduleClasses());
    Path root = Scripts.root();
    readme = new String(Files.readAllBytes(root.resolve("README.md")), StandardCharsets.UTF_8);
    snippets = KeyTable.snippets(root.resolve("conf"));
    for (String name : snippets.keySet()) {
      SNIPPET_TEXTS.put(name, new String(Files.readAllBytes(root.resolve("conf").resolve(name)), StandardCharsets.UTF_8));
    }
    for (String[][] pairs : new String[][][] {org.hadoopopt.inputformats.RenamedKeys.OLD_TO_NEW,
        org.hadoopopt.fingerprint.RenamedKeys.OLD_TO_NEW, org.hadoopopt.shmstreaming.RenamedKeys.OLD_TO_NEW,
        org.hadoopopt.bench.micro.RenamedKeys.OLD_TO_NEW}) {
      for (String[] p : pairs) {
        RENAMED.put(p[0], p[1]);
      }
    }
  }

  private static List<String> problems(String readmeText, Map<String, String> texts) {
    return KeyTable.problems(code, readmeText, snippets, texts, RENAMED);
  }

  @Test
  void everyKeyConstantIsInTheReadmeWithTheSnippetsDefault() {
    // Each module declares keys, so a scan that found none of a module's would pass vacuously.
    for (String prefix : KeyTable.MODULE_PREFIX.values()) {
      assertTrue(code.keySet().stream().anyMatch(k -> k.startsWith(prefix)), "no key constant found with prefix " + prefix);
    }
    assertTrue(code.size() > 80, "only " + code.size() + " key constants found");
    List<String> problems = problems(readme, SNIPPET_TEXTS);
    assertEquals("", String.join("\n", problems), problems.size() + " disagreements");
  }

  @Test
  void aKeyRemovedFromTheReadmeIsReported() {
    String row = readme.lines().filter(l -> l.startsWith("| `hadoopopt.fingerprint.sort` |")).findFirst().orElseThrow();
    List<String> problems = problems(readme.replace(row + "\n", ""), SNIPPET_TEXTS);
    assertTrue(problems.stream().anyMatch(p -> p.startsWith("hadoopopt.fingerprint.sort (org.hadoopopt.fingerprint.collector"
        + ".FingerprintCollector.SORT) is missing")), String.join("\n", problems));
    // the snippet that sets it is reported too
    assertTrue(problems.stream().anyMatch(p -> p.contains("conf/mapred-fingerprint-site.xml sets hadoopopt.fingerprint.sort")),
        String.join("\n", problems));
  }

  @Test
  void aDefaultThatDiffersFromTheCodesOrTheSnippetsIsReported() {
    String shmDir = "| `stream.shm.dir` | `/dev/shm` |";
    assertTrue(readme.contains(shmDir));
    List<String> problems = problems(readme.replace(shmDir, "| `stream.shm.dir` | `/tmp` |"), SNIPPET_TEXTS);
    assertTrue(problems.contains("stream.shm.dir: the code's default (org.hadoopopt.shmstreaming.io.ShmChannel.DIR) is "
        + "'/dev/shm', README.md says '/tmp'"), String.join("\n", problems));
    assertTrue(problems.contains("conf/shmstreaming-site.xml sets stream.shm.dir=/dev/shm, README.md's default is /tmp"),
        String.join("\n", problems));
  }

  @Test
  void aByteSizeWithoutTheBytesSuffixIsReported() {
    String row = "| `hadoopopt.input.kvsf.page.bytes` |";
    assertTrue(readme.contains(row));
    List<String> problems = problems(readme.replace(row, "| `hadoopopt.input.kvsf.page.size` |"), SNIPPET_TEXTS);
    assertTrue(problems.stream().anyMatch(p -> p.startsWith("hadoopopt.input.kvsf.page.size is a size in bytes")),
        String.join("\n", problems));
  }

  @Test
  void oldNamesAreReadUnderTheNewOnes() throws ClassNotFoundException {
    // The classes that declare the new keys register the old names when initialized, as in a task.
    for (String newKey : RENAMED.values()) {
      String field = code.get(newKey).get(0).declaredIn;
      Class.forName(field.substring(0, field.lastIndexOf('.')), true, getClass().getClassLoader());
    }
    for (Map.Entry<String, String> r : RENAMED.entrySet()) {
      assertTrue(Configuration.isDeprecated(r.getKey()), r.getKey() + " is not registered as deprecated");
      Configuration c = new Configuration(false);
      c.set(r.getKey(), "v-" + r.getKey());
      assertEquals("v-" + r.getKey(), c.get(r.getValue()), r.getKey() + " is not read as " + r.getValue());
    }
  }
}
