package org.hadoopopt.testing.keys;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The configuration keys a module's code declares: every {@code static final String} field of its
 * compiled classes whose value is one of our keys ({@code hadoopopt.*}, {@code stream.shm.*}) or a
 * stock Hadoop key. A default is a sibling constant named {@code NAME_DEFAULT} or {@code DEFAULT_NAME}.
 */
public final class KeyConstants {
  private static final Pattern OURS = Pattern.compile("(hadoopopt|stream\\.shm)\\.[a-z0-9][a-z0-9.-]*[a-z0-9]");
  private static final Pattern HADOOP = Pattern.compile(
      "(mapreduce|mapred|dfs|yarn|io|fs|stream|hadoop|textinputformat)\\.[A-Za-z0-9._-]*[A-Za-z0-9]");

  /** One key constant. */
  public static final class Constant {
    public final String key;
    public final String declaredIn;
    /** The code's default as text, or null when the class declares no default constant. */
    public final String codeDefault;

    public Constant(String key, String declaredIn, String codeDefault) {
      this.key = key;
      this.declaredIn = declaredIn;
      this.codeDefault = codeDefault;
    }
  }

  private KeyConstants() {}

  public static boolean ours(String key) {
    return OURS.matcher(key).matches();
  }

  public static boolean hadoop(String key) {
    return !ours(key) && HADOOP.matcher(key).matches();
  }

  /**
   * Key constants by key of the classes in {@code packagePrefix} (e.g. {@code org.hadoopopt.directio})
   * compiled into the same class folder or jar as {@code anchor}.
   */
  public static Map<String, List<Constant>> of(Class<?> anchor, String packagePrefix)
      throws IOException, URISyntaxException, ReflectiveOperationException {
    Map<String, List<Constant>> keys = new TreeMap<>();
    for (Class<?> c : classes(anchor, packagePrefix)) {
      for (Field f : c.getDeclaredFields()) {
        int m = f.getModifiers();
        if (!Modifier.isStatic(m) || !Modifier.isFinal(m) || f.getType() != String.class) {
          continue;
        }
        f.setAccessible(true);
        String v = (String) f.get(null);
        if (v == null || !(ours(v) || hadoop(v))) {
          continue;
        }
        keys.computeIfAbsent(v, k -> new ArrayList<>())
            .add(new Constant(v, c.getName() + "." + f.getName(), codeDefault(c, f.getName())));
      }
    }
    return keys;
  }

  private static String codeDefault(Class<?> c, String name) throws IllegalAccessException {
    for (String candidate : new String[] {name + "_DEFAULT", "DEFAULT_" + name}) {
      try {
        Field d = c.getDeclaredField(candidate);
        if (Modifier.isStatic(d.getModifiers())) {
          d.setAccessible(true);
          return String.valueOf(d.get(null));
        }
      } catch (NoSuchFieldException e) {
        // no such default constant
      }
    }
    return null;
  }

  /** The class folder (or jar) {@code anchor} was loaded from. */
  public static Path location(Class<?> anchor) throws URISyntaxException {
    return Paths.get(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  private static List<Class<?>> classes(Class<?> anchor, String packagePrefix)
      throws IOException, URISyntaxException, ClassNotFoundException {
    Path root = location(anchor);
    String dir = packagePrefix.replace('.', '/') + "/";
    List<String> names = new ArrayList<>();
    if (Files.isDirectory(root)) {
      try (Stream<Path> files = Files.walk(root)) {
        files.filter(f -> f.toString().endsWith(".class")).forEach(f -> {
          String rel = root.relativize(f).toString().replace(File.separatorChar, '/');
          if (rel.startsWith(dir)) {
            names.add(rel.substring(0, rel.length() - ".class".length()).replace('/', '.'));
          }
        });
      }
    } else {
      try (java.util.jar.JarFile jar = new java.util.jar.JarFile(root.toFile())) {
        jar.stream().map(java.util.jar.JarEntry::getName).filter(n -> n.startsWith(dir) && n.endsWith(".class"))
            .forEach(n -> names.add(n.substring(0, n.length() - ".class".length()).replace('/', '.')));
      }
    }
    List<Class<?>> classes = new ArrayList<>();
    for (String name : names) {
      if (name.matches(".*\\$\\d+.*")) {
        continue; // anonymous classes declare no keys
      }
      classes.add(Class.forName(name, false, anchor.getClassLoader()));
    }
    return classes;
  }
}
