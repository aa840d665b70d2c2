package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The completeness marker a data-making tool (generator, converter, loader) writes last into its
 * output folder, {@value #FILE}: the tool, its parameters, its counts, and every file it left with
 * its length. A job killed part-way, or a tool killed between its job and the marker, leaves no
 * marker; a marker is written under a temporary name and renamed, so it is whole or absent.
 * {@link #check} is what a later run asks before reusing the folder: it fails on a missing
 * marker, another parameter, a listed file missing or of another length, or an unlisted file
 * beside listed ones (a stray part file a reader would take for data).
 */
public final class CompleteOutput {
  /** The marker's name (hidden from FileInputFormat by the '_'). */
  public static final String FILE = "_hadoopopt-complete.properties";
  private static final String TMP = FILE + ".tmp";
  private static final String PARAM = "param.";
  private static final String COUNT = "count.";
  private static final String LENGTH = "file.";
  private static final String NOTE = "note.";

  private CompleteOutput() {}

  /** Writes the marker; call it only after the output is otherwise final. */
  public static void write(FileSystem fs, Path dir, String tool, Map<String, String> params, Map<String, Long> counts)
      throws IOException {
    Properties p = new Properties();
    p.setProperty("tool", tool);
    params.forEach((k, v) -> p.setProperty(PARAM + k, v));
    counts.forEach((k, v) -> p.setProperty(COUNT + k, Long.toString(v)));
    Map<String, Long> files = new TreeMap<>();
    list(fs, dir, "", files);
    files.forEach((f, len) -> p.setProperty(LENGTH + f, Long.toString(len)));
    store(fs, dir, p);
  }

  /** Writes the marker under its temporary name and renames it, so it is whole or absent. */
  private static void store(FileSystem fs, Path dir, Properties p) throws IOException {
    Path tmp = new Path(dir, TMP);
    try (OutputStream out = fs.create(tmp, true)) {
      p.store(out, "written last by " + p.getProperty("tool") + ": the folder is complete");
    }
    fs.delete(new Path(dir, FILE), false);
    if (!fs.rename(tmp, new Path(dir, FILE))) {
      throw new IOException("cannot rename " + tmp + " to " + FILE);
    }
  }

  /**
   * Adds a note to the marker of {@code dir} (a line that is no parameter, count or file length,
   * so {@link #check} ignores it), e.g. how long making the folder took; the marker is rewritten
   * under its temporary name and renamed, as {@link #write} does.
   */
  public static void note(FileSystem fs, Path dir, String name, String value) throws IOException {
    Properties p = read(fs, dir);
    if (p == null) {
      throw new IOException(dir + " has no completeness marker " + FILE + " to add a note to");
    }
    p.setProperty(NOTE + name, value);
    store(fs, dir, p);
  }

  /** A note {@link #note} added to the marker, or null. */
  public static String note(Properties marker, String name) {
    return marker.getProperty(NOTE + name);
  }

  /** The marker of {@code dir}, or null if there is none. */
  public static Properties read(FileSystem fs, Path dir) throws IOException {
    Path file = new Path(dir, FILE);
    if (!fs.exists(file)) {
      return null;
    }
    Properties p = new Properties();
    try (InputStream in = fs.open(file)) {
      p.load(in);
    }
    return p;
  }

  /** A parameter the marker records, or null. */
  public static String param(Properties marker, String name) {
    return marker.getProperty(PARAM + name);
  }

  /** A count the marker records, or -1. */
  public static long count(Properties marker, String name) {
    return Long.parseLong(marker.getProperty(COUNT + name, "-1"));
  }

  /**
   * Why {@code dir} cannot be reused as the complete output made with {@code params} (each given
   * parameter must equal the recorded one; others are not compared), or null if it can.
   */
  public static String check(FileSystem fs, Path dir, Map<String, String> params) throws IOException {
    if (!fs.exists(dir)) {
      return "it does not exist";
    }
    Properties p = read(fs, dir);
    if (p == null) {
      return "it has no completeness marker " + FILE + " (the run that made it did not finish)";
    }
    for (Map.Entry<String, String> e : params.entrySet()) {
      String had = p.getProperty(PARAM + e.getKey());
      if (!e.getValue().equals(had)) {
        return "it was made with " + e.getKey() + "=" + had + ", not " + e.getValue();
      }
    }
    Map<String, Long> files = new TreeMap<>();
    list(fs, dir, "", files);
    Map<String, Boolean> listedDirs = new TreeMap<>();
    for (String key : p.stringPropertyNames()) {
      if (!key.startsWith(LENGTH)) {
        continue;
      }
      String f = key.substring(LENGTH.length());
      long want = Long.parseLong(p.getProperty(key));
      Long have = files.get(f);
      if (have == null) {
        return "its file " + f + " is missing";
      }
      if (have != want) {
        return "its file " + f + " is " + have + " bytes, the marker says " + want;
      }
      listedDirs.put(parent(f), true);
    }
    for (String f : files.keySet()) {
      if (listedDirs.containsKey(parent(f)) && p.getProperty(LENGTH + f) == null) {
        return "it has a file the marker does not list: " + f;
      }
    }
    return null;
  }

  private static String parent(String relative) {
    int slash = relative.lastIndexOf('/');
    return slash < 0 ? "" : relative.substring(0, slash);
  }

  /** Every file under dir (relative name to length), the marker and its temporary file excepted. */
  private static void list(FileSystem fs, Path dir, String prefix, Map<String, Long> out) throws IOException {
    for (FileStatus s : fs.listStatus(dir)) {
      String name = prefix + s.getPath().getName();
      if (s.isDirectory()) {
        list(fs, s.getPath(), name + "/", out);
      } else if (!name.equals(FILE) && !name.equals(TMP)) {
        out.put(name, s.getLen());
      }
    }
  }
}
