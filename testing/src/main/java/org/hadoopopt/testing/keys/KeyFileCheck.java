package org.hadoopopt.testing.keys;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.hadoopopt.testing.keys.KeyConstants.Constant;
import org.hadoopopt.testing.keys.KeyFile.Entry;

/**
 * A module's key file against its code, as Hadoop's {@code TestConfigurationFieldsBase} checks
 * {@code *-default.xml} against its key classes: every key constant is documented, every documented
 * key of ours is a constant, every entry has a description, a default the code declares is the
 * documented value, and a documented stock Hadoop key is one the module's code names (as text or
 * through a constant of an imported Hadoop class).
 */
public final class KeyFileCheck {
  private KeyFileCheck() {}

  /**
   * Fails with every disagreement between the key file {@code resource} (read from the class path,
   * as the module's jar ships it) and the key constants of {@code packagePrefix} compiled beside
   * {@code anchor}.
   *
   * @param keyPrefix the prefix every key of ours this module declares carries ({@code hadoopopt.directio.})
   */
  public static void check(Class<?> anchor, String packagePrefix, String resource, String keyPrefix) throws Exception {
    List<Entry> file;
    try (InputStream in = anchor.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new AssertionError(resource + " is not on the class path (src/main/resources of the module)");
      }
      file = KeyFile.read(in, resource);
    }
    Map<String, List<Constant>> code = KeyConstants.of(anchor, packagePrefix);
    if (code.keySet().stream().noneMatch(k -> k.startsWith(keyPrefix))) {
      throw new AssertionError("no key constant with prefix " + keyPrefix + " found in " + packagePrefix
          + " beside " + anchor.getName() + ": the scan found nothing");
    }
    Path module = KeyConstants.location(anchor).getParent().getParent();
    List<String> problems = problems(file, resource, code, keyPrefix, sources(module.resolve("src/main/java")));
    if (!problems.isEmpty()) {
      throw new AssertionError(problems.size() + " disagreements between " + resource + " and the code:\n"
          + String.join("\n", problems));
    }
  }

  /** The text of every Java source under {@code dir}, joined. */
  public static String sources(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      throw new IOException("no sources at " + dir);
    }
    try (Stream<Path> files = Files.walk(dir)) {
      List<Path> java = files.filter(f -> f.toString().endsWith(".java")).sorted().collect(Collectors.toList());
      StringBuilder all = new StringBuilder();
      for (Path f : java) {
        all.append(new String(Files.readAllBytes(f), StandardCharsets.UTF_8)).append('\n');
      }
      return all.toString();
    }
  }

  private static final Pattern IMPORT = Pattern.compile("^import (org\\.apache\\.hadoop\\.[\\w.]+\\.([A-Z]\\w*));", Pattern.MULTILINE);

  /**
   * The values of the String constants of Hadoop's classes the sources name as
   * {@code ImportedClass.CONSTANT} (how most of our code names a Hadoop key, e.g.
   * {@code MRJobConfig.IO_SORT_MB}).
   */
  static Set<String> hadoopConstantValues(String sources) {
    Set<String> values = new HashSet<>();
    Matcher imports = IMPORT.matcher(sources);
    while (imports.find()) {
      Class<?> c;
      try {
        c = Class.forName(imports.group(1), false, KeyFileCheck.class.getClassLoader());
      } catch (ClassNotFoundException | LinkageError e) {
        continue; // not on this class path: names no key we can resolve
      }
      Matcher uses = Pattern.compile("\\b" + imports.group(2) + "\\.([A-Z][A-Z0-9_]*)\\b").matcher(sources);
      while (uses.find()) {
        try {
          Field f = c.getField(uses.group(1));
          if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
            values.add((String) f.get(null));
          }
        } catch (ReflectiveOperationException | LinkageError e) {
          // not a String constant of that class
        }
      }
    }
    return values;
  }

  /**
   * Every disagreement. Keys of ours with another module's prefix are left to that module's check
   * (a module may repeat another's constant).
   *
   * @param sources the module's main source text: a documented Hadoop key must be named there
   */
  public static List<String> problems(List<Entry> file, String fileName, Map<String, List<Constant>> code,
      String keyPrefix, String sources) {
    List<String> problems = new ArrayList<>();
    Map<String, Entry> byName = new LinkedHashMap<>();
    for (Entry e : file) {
      if (byName.put(e.name, e) != null) {
        problems.add(e.name + " is documented twice in " + fileName);
      }
    }
    for (Map.Entry<String, List<Constant>> c : code.entrySet()) {
      String key = c.getKey();
      String where = c.getValue().get(0).declaredIn;
      boolean ours = KeyConstants.ours(key);
      if (ours && !key.startsWith(keyPrefix)) {
        continue;
      }
      Entry e = byName.get(key);
      if (e == null) {
        problems.add(key + " (" + where + ") is missing from " + fileName
            + (ours ? "" : " (a stock Hadoop key: document it with <tag>hadoop</tag>)"));
        continue;
      }
      if (!ours && !e.hadoop) {
        problems.add(key + " is a stock Hadoop key: its entry in " + fileName + " needs <tag>hadoop</tag>");
      }
      for (Constant k : c.getValue()) {
        if (ours && k.codeDefault != null && !k.codeDefault.equals(e.value)) {
          problems.add(key + ": the code's default (" + k.declaredIn + ") is '" + k.codeDefault + "', " + fileName
              + " says '" + e.value + "'");
        }
      }
    }
    for (Entry e : file) {
      if (e.description.isEmpty()) {
        problems.add(e.name + " has no description in " + fileName);
      }
      if (KeyConstants.ours(e.name)) {
        if (e.hadoop) {
          problems.add(e.name + " is ours, not a stock Hadoop key: remove its <tag>hadoop</tag> in " + fileName);
        }
        if (!e.name.startsWith(keyPrefix)) {
          problems.add(e.name + " in " + fileName + " lacks the module's prefix " + keyPrefix);
        } else if (!code.containsKey(e.name)) {
          problems.add(e.name + " is in " + fileName + " but no static final String of the code names it");
        }
        String what = e.description.toLowerCase(Locale.ROOT);
        if (what.startsWith("bytes") && !e.name.endsWith(".bytes")) {
          problems.add(e.name + " is a size in bytes ('" + e.description.split("[;.]")[0] + "') but does not end in .bytes");
        }
      } else if (!e.hadoop) {
        problems.add(e.name + " in " + fileName + " is not a key of ours: tag it <tag>hadoop</tag> if it is Hadoop's");
      } else if (!code.containsKey(e.name) && !sources.contains(e.name) && !hadoopConstantValues(sources).contains(e.name)) {
        problems.add(e.name + " is documented in " + fileName + " as a Hadoop key the module uses, but its code never names it");
      }
    }
    return problems;
  }
}
