package org.hadoopopt.bench.keys;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The configuration keys as the code declares them (every {@code public static final String} of
 * the plugin modules and the benchmarks whose value is a key), checked against the root README's
 * key tables and the {@code conf/} snippets. {@link #problems} lists every disagreement.
 */
final class KeyTable {
  /** Package of a module's classes, and the prefix every key of ours it declares must carry. */
  static final Map<String, String> MODULE_PREFIX = new LinkedHashMap<>();

  static {
    MODULE_PREFIX.put("org.hadoopopt.directio.", "hadoopopt.directio.");
    MODULE_PREFIX.put("org.hadoopopt.fingerprint.", "hadoopopt.fingerprint.");
    MODULE_PREFIX.put("org.hadoopopt.inputformats.", "hadoopopt.input.");
    MODULE_PREFIX.put("org.hadoopopt.shmstreaming.", "stream.shm.");
    MODULE_PREFIX.put("org.hadoopopt.bench.", "hadoopopt.bench.");
  }

  static final String OPERATOR_SECTION = "### Operator keys";
  static final String BENCHMARK_SECTION = "### Benchmark keys";
  static final String RENAMED_SECTION = "### Renamed keys";

  /** Hadoop's own namespaces: a constant naming such a key must be mentioned in the README. */
  private static final Pattern HADOOP_KEY = Pattern.compile("(mapreduce|mapred|dfs|yarn|io|fs|stream)\\.[A-Za-z0-9._-]+");
  private static final Pattern OUR_KEY_IN_TEXT = Pattern.compile(
      "(?<![A-Za-z0-9.])(hadoopopt\\.[a-z0-9][a-z0-9.-]*[a-z0-9]|stream\\.shm\\.[a-z0-9.-]*[a-z0-9])(?![A-Za-z0-9_-])");
  private static final Pattern TICKED = Pattern.compile("`([^`]+)`");

  /** One key constant: where it is declared and, when the class declares one, its default. */
  static final class Constant {
    final String key;
    final String declaredIn;
    final String codeDefault;

    Constant(String key, String declaredIn, String codeDefault) {
      this.key = key;
      this.declaredIn = declaredIn;
      this.codeDefault = codeDefault;
    }
  }

  /** One row of a README key table. */
  static final class Row {
    final String section;
    final String readmeDefault;
    final String description;

    Row(String section, String readmeDefault, String description) {
      this.section = section;
      this.readmeDefault = readmeDefault;
      this.description = description;
    }
  }

  static boolean ours(String key) {
    return key.startsWith("hadoopopt.") || key.startsWith("stream.shm.");
  }

  /** The module package of a class name, or null when it belongs to no plugin module or the benchmarks. */
  static String modulePackage(String className) {
    for (String p : MODULE_PREFIX.keySet()) {
      if (className.startsWith(p)) {
        return p;
      }
    }
    return null;
  }

  // ---- the code side ----

  /** Every main (not test) class of the modules in {@link #MODULE_PREFIX}, from the class path. */
  static List<Class<?>> moduleClasses() throws IOException, URISyntaxException {
    ClassLoader loader = KeyTable.class.getClassLoader();
    Map<String, Class<?>> classes = new TreeMap<>();
    for (String pkg : MODULE_PREFIX.keySet()) {
      String dir = pkg.replace('.', '/');
      Enumeration<URL> roots = loader.getResources(dir.substring(0, dir.length() - 1));
      for (URL url : Collections.list(roots)) {
        for (String name : classNames(url, dir)) {
          if (name.contains("$") && name.matches(".*\\$\\d+.*")) {
            continue; // anonymous classes declare no keys
          }
          try {
            classes.putIfAbsent(name, Class.forName(name, false, loader));
          } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("cannot load " + name + " from " + url + ": " + e, e);
          }
        }
      }
    }
    return new ArrayList<>(classes.values());
  }

  private static List<String> classNames(URL url, String dir) throws IOException, URISyntaxException {
    List<String> names = new ArrayList<>();
    String s = url.toString();
    if (s.contains("test-classes") || s.contains("-tests.jar")) {
      return names;
    }
    if (url.getProtocol().equals("file")) {
      Path root = Paths.get(url.toURI());
      Path base = root;
      for (int i = dir.split("/").length; i > 0; i--) {
        base = base.getParent();
      }
      Path classRoot = base;
      try (Stream<Path> files = Files.walk(root)) {
        files.filter(f -> f.toString().endsWith(".class")).forEach(f -> {
          String rel = classRoot.relativize(f).toString().replace(File.separatorChar, '/');
          names.add(rel.substring(0, rel.length() - ".class".length()).replace('/', '.'));
        });
      }
    } else if (url.getProtocol().equals("jar")) {
      String jar = s.substring("jar:file:".length(), s.indexOf("!/"));
      try (JarFile jf = new JarFile(Paths.get(new java.net.URI("file:" + jar)).toFile())) {
        for (JarEntry e : Collections.list(jf.entries())) {
          if (e.getName().startsWith(dir) && e.getName().endsWith(".class")) {
            names.add(e.getName().substring(0, e.getName().length() - ".class".length()).replace('/', '.'));
          }
        }
      }
    }
    return names;
  }

  /**
   * Key constants by key: public static final Strings whose value is one of our keys or names a
   * Hadoop key. A default is taken from a sibling constant {@code NAME_DEFAULT} or {@code DEFAULT_NAME}.
   */
  static Map<String, List<Constant>> constants(List<Class<?>> classes) throws IllegalAccessException {
    Map<String, List<Constant>> keys = new TreeMap<>();
    for (Class<?> c : classes) {
      for (Field f : c.getDeclaredFields()) {
        int m = f.getModifiers();
        if (!Modifier.isPublic(m) || !Modifier.isStatic(m) || !Modifier.isFinal(m) || f.getType() != String.class) {
          continue;
        }
        f.setAccessible(true);
        String v = (String) f.get(null);
        if (v == null || !(ours(v) && v.matches("[a-z0-9.-]+") || HADOOP_KEY.matcher(v).matches())) {
          continue;
        }
        String where = c.getName() + "." + f.getName();
        keys.computeIfAbsent(v, k -> new ArrayList<>()).add(new Constant(v, where, codeDefault(c, f.getName())));
      }
    }
    return keys;
  }

  private static String codeDefault(Class<?> c, String name) throws IllegalAccessException {
    for (String candidate : new String[] {name + "_DEFAULT", "DEFAULT_" + name, "DEFAULT_" + name + "_MS"}) {
      try {
        Field d = c.getDeclaredField(candidate);
        if (Modifier.isStatic(d.getModifiers()) && Modifier.isPublic(d.getModifiers())) {
          d.setAccessible(true);
          return String.valueOf(d.get(null));
        }
      } catch (NoSuchFieldException e) {
        // no such default constant
      }
    }
    return null;
  }

  // ---- the documentation side ----

  /** The rows of one README section's table, by key (a row may name several keys). */
  static Map<String, Row> table(String readme, String section) {
    Map<String, Row> rows = new LinkedHashMap<>();
    int at = readme.indexOf("\n" + section + "\n");
    if (at < 0) {
      return rows;
    }
    int next = readme.indexOf("\n#", at + section.length() + 2);
    String body = readme.substring(at, next < 0 ? readme.length() : next);
    for (String line : body.split("\n")) {
      if (!line.startsWith("| `")) {
        continue;
      }
      String[] cells = line.substring(1).split("(?<!\\\\)\\|");
      String defaultCell = cells.length > 1 ? cells[1].trim() : "";
      String dflt = null;
      if (defaultCell.startsWith("`")) {
        Matcher d = TICKED.matcher(defaultCell);
        d.find();
        dflt = d.group(1);
      }
      String description = cells.length > 3 ? cells[3].trim() : "";
      Matcher k = TICKED.matcher(cells[0]);
      while (k.find()) {
        rows.put(k.group(1), new Row(section, dflt, description));
      }
    }
    return rows;
  }

  /** The renamed-keys table: old name to new name. */
  static Map<String, String> renamedTable(String readme) {
    Map<String, String> pairs = new LinkedHashMap<>();
    int at = readme.indexOf("\n" + RENAMED_SECTION + "\n");
    if (at < 0) {
      return pairs;
    }
    int next = readme.indexOf("\n#", at + RENAMED_SECTION.length() + 2);
    for (String line : readme.substring(at, next < 0 ? readme.length() : next).split("\n")) {
      Matcher m = Pattern.compile("^\\| `([^`]+)` \\| `([^`]+)` \\|$").matcher(line);
      if (m.find()) {
        pairs.put(m.group(1), m.group(2));
      }
    }
    return pairs;
  }

  /** Property name to value of every {@code conf/*.xml} snippet, by file name. */
  static Map<String, Map<String, String>> snippets(Path confDir) throws Exception {
    Map<String, Map<String, String>> out = new TreeMap<>();
    try (Stream<Path> files = Files.list(confDir)) {
      for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".xml")).sorted()::iterator) {
        Map<String, String> props = new LinkedHashMap<>();
        try (InputStream in = Files.newInputStream(f)) {
          Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
          NodeList ps = doc.getElementsByTagName("property");
          for (int i = 0; i < ps.getLength(); i++) {
            Element p = (Element) ps.item(i);
            props.put(text(p, "name"), text(p, "value"));
          }
        }
        out.put(f.getFileName().toString(), props);
      }
    }
    return out;
  }

  private static String text(Element e, String tag) {
    NodeList n = e.getElementsByTagName(tag);
    return n.getLength() == 0 ? null : n.item(0).getTextContent().trim();
  }

  // ---- the checks ----

  /**
   * Every disagreement between code, README and snippets.
   *
   * @param renamed each module's old-to-new pairs ({@code RenamedKeys.OLD_TO_NEW})
   * @param snippetTexts the raw text of each snippet (comments name keys too)
   */
  static List<String> problems(Map<String, List<Constant>> code, String readme, Map<String, Map<String, String>> snippets,
      Map<String, String> snippetTexts, Map<String, String> renamed) {
    List<String> problems = new ArrayList<>();
    Map<String, Row> operator = table(readme, OPERATOR_SECTION);
    Map<String, Row> bench = table(readme, BENCHMARK_SECTION);
    if (operator.isEmpty() || bench.isEmpty()) {
      problems.add("README.md lacks the '" + OPERATOR_SECTION + "' or '" + BENCHMARK_SECTION + "' table");
    }
    Map<String, Row> all = new LinkedHashMap<>(operator);
    all.putAll(bench);

    for (Map.Entry<String, List<Constant>> e : code.entrySet()) {
      String key = e.getKey();
      String where = e.getValue().get(0).declaredIn;
      if (!ours(key)) {
        if (!readme.contains("`" + key + "`")) {
          problems.add(key + " (" + where + ") is a Hadoop key our code names but README.md does not mention");
        }
        continue;
      }
      Row row = all.get(key);
      if (row == null) {
        problems.add(key + " (" + where + ") is missing from README.md's key tables");
        continue;
      }
      String want = key.startsWith("hadoopopt.bench.") ? BENCHMARK_SECTION : OPERATOR_SECTION;
      if (!row.section.equals(want)) {
        problems.add(key + " (" + where + ") is listed under '" + row.section + "', belongs under '" + want + "'");
      }
      // The module whose prefix the key carries declares it; others may only repeat its constant.
      boolean owned = false;
      for (Constant c : e.getValue()) {
        owned |= key.startsWith(MODULE_PREFIX.get(modulePackage(c.declaredIn)));
        if (c.codeDefault != null && !c.codeDefault.equals(row.readmeDefault)) {
          problems.add(key + ": the code's default (" + c.declaredIn + ") is '" + c.codeDefault + "', README.md says '"
              + row.readmeDefault + "'");
        }
      }
      if (!owned) {
        problems.add(key + " (" + where + ") lacks the prefix of the module declaring it (one of "
            + MODULE_PREFIX.values() + ")");
      }
    }
    for (Map.Entry<String, Row> r : all.entrySet()) {
      String key = r.getKey();
      String what = r.getValue().description.toLowerCase(java.util.Locale.ROOT);
      if (ours(key) && !code.containsKey(key)) {
        problems.add(key + " is in README.md's key tables but no public static final String of the code names it");
      }
      if (what.startsWith("bytes") && !key.endsWith(".bytes")) {
        problems.add(key + " is a size in bytes (README: '" + r.getValue().description.split(";")[0]
            + "') but does not end in .bytes");
      }
      if (ours(key) && key.matches(".*\\.(size|mb|kb|length)$") && what.startsWith("bytes")) {
        problems.add(key + " names a byte size with another unit suffix than .bytes");
      }
    }
    for (Map.Entry<String, Map<String, String>> s : snippets.entrySet()) {
      for (Map.Entry<String, String> p : s.getValue().entrySet()) {
        String key = p.getKey();
        if (!ours(key)) {
          continue;
        }
        Row row = operator.get(key);
        if (row == null) {
          problems.add("conf/" + s.getKey() + " sets " + key + ", which README.md's operator keys do not list");
        } else if (row.readmeDefault != null && !row.readmeDefault.equals(p.getValue())) {
          problems.add("conf/" + s.getKey() + " sets " + key + "=" + p.getValue() + ", README.md's default is " + row.readmeDefault);
        }
      }
      Matcher m = OUR_KEY_IN_TEXT.matcher(snippetTexts.getOrDefault(s.getKey(), ""));
      while (m.find()) {
        String key = m.group(1);
        if (!operator.containsKey(key)) {
          problems.add("conf/" + s.getKey() + " mentions " + key + ", which README.md's operator keys do not list");
        }
      }
    }
    Map<String, String> table = renamedTable(readme);
    for (Map.Entry<String, String> r : renamed.entrySet()) {
      if (!r.getValue().equals(table.get(r.getKey()))) {
        problems.add("renamed key " + r.getKey() + " -> " + r.getValue() + " is not in README.md's '" + RENAMED_SECTION + "' table");
      }
      if (!code.containsKey(r.getValue())) {
        problems.add("renamed key " + r.getKey() + " -> " + r.getValue() + ": the new name is no key constant");
      }
      if (code.containsKey(r.getKey()) || all.containsKey(r.getKey())) {
        problems.add("renamed key " + r.getKey() + " is still in use under its old name");
      }
    }
    for (String old : table.keySet()) {
      if (!renamed.containsKey(old)) {
        problems.add("README.md's '" + RENAMED_SECTION + "' table lists " + old + ", which no module registers as deprecated");
      }
    }
    return problems;
  }

  private KeyTable() {}
}
