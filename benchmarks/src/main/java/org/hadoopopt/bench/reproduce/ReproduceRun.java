package org.hadoopopt.bench.reproduce;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.hadoopopt.bench.results.BuildCommit;

/**
 * The run marker of a results folder, OUT/reproduce-run.properties, so that a run made in parts
 * (several {@code reproduce --only ...} calls into one {@code --out}, each short enough for a
 * benchmark slot) is one run: it records the code that ran (a SHA-256 over the classes of the
 * project's own jars on the class path, so rebuilding unchanged code keeps it, any code change
 * alters it), the git revision (for people), the scale (full or quick) and, per part, when it
 * ran, for how long and the load average before and after. A later call whose code or scale
 * differs from the folder's is refused (its findings would be mixed with stale ones) unless
 * {@code --fresh} clears the folder's earlier results first.
 */
final class ReproduceRun {
  static final String FILE = "reproduce-run.properties";
  private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
      .withZone(ZoneOffset.UTC);

  final String code;
  final String revision;
  final String scale;

  ReproduceRun(String code, String revision, boolean quick) {
    this.code = code;
    this.revision = revision;
    this.scale = quick ? "quick" : "full";
  }

  /** This JVM's run: the code on its class path under {@code home}, the commit its jar was built from. */
  static ReproduceRun current(File home, boolean quick) throws IOException {
    List<File> own = new ArrayList<>();
    Path root = home.getCanonicalFile().toPath();
    for (String e : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
      if (!e.isEmpty()) {
        File f = new File(e).getCanonicalFile();
        if (f.toPath().startsWith(root) && f.exists()) {
          own.add(f);
        }
      }
    }
    return new ReproduceRun(codeFingerprint(root, own), BuildCommit.get(), quick);
  }

  /**
   * SHA-256 over the given jars and class folders: each one's path relative to {@code root}, then
   * its files by name with their bytes. The manifest, Maven's descriptors and the commit stamp
   * ({@link BuildCommit}) are left out (they carry build times and commits, not code).
   */
  static String codeFingerprint(Path root, List<File> entries) throws IOException {
    MessageDigest sha = sha256();
    List<File> sorted = new ArrayList<>(entries);
    sorted.sort((a, b) -> a.getPath().compareTo(b.getPath()));
    for (File f : sorted) {
      sha.update(root.relativize(f.toPath()).toString().getBytes(StandardCharsets.UTF_8));
      TreeMap<String, byte[]> files = new TreeMap<>();
      if (f.isDirectory()) {
        Path dir = f.toPath();
        try (Stream<Path> walk = Files.walk(dir)) {
          for (Path p : walk.filter(Files::isRegularFile).collect(Collectors.toList())) {
            files.put(dir.relativize(p).toString().replace(File.separatorChar, '/'), Files.readAllBytes(p));
          }
        }
      } else {
        try (ZipFile zip = new ZipFile(f)) {
          for (Enumeration<? extends ZipEntry> en = zip.entries(); en.hasMoreElements();) {
            ZipEntry z = en.nextElement();
            if (!z.isDirectory()) {
              try (InputStream in = zip.getInputStream(z)) {
                files.put(z.getName(), in.readAllBytes());
              }
            }
          }
        }
      }
      files.forEach((name, bytes) -> {
        if (!name.equals("META-INF/MANIFEST.MF") && !name.startsWith("META-INF/maven/") && !name.endsWith(BuildCommit.RESOURCE)) {
          sha.update(name.getBytes(StandardCharsets.UTF_8));
          sha.update((byte) 0);
          sha.update(bytes);
        }
      });
    }
    StringBuilder hex = new StringBuilder();
    for (byte b : sha.digest()) {
      hex.append(String.format(Locale.ROOT, "%02x", b));
    }
    return hex.toString();
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Why this run must not add to {@code out}'s results (null when it may): the folder holds
   * results of other code or of the other scale, or results without a marker.
   */
  String conflict(File out) throws IOException {
    File status = new File(out, ReproduceReport.STATUS);
    if (!status.isFile() || Files.readAllLines(status.toPath(), StandardCharsets.UTF_8).isEmpty()) {
      return null;
    }
    Properties p = read(out);
    if (p == null) {
      return out + " holds results without a run marker (" + FILE + "): their code is unknown";
    }
    String theirs = p.getProperty("code", "");
    if (!theirs.equals(code)) {
      return out + " holds results of other code (" + shortCode(theirs) + ", git " + p.getProperty("revision", "?")
          + "; this is " + shortCode(code) + ", git " + revision + ")";
    }
    if (!p.getProperty("scale", "").equals(scale)) {
      return out + " holds a " + p.getProperty("scale") + "-scale run; this one is " + scale;
    }
    return null;
  }

  /** Removes the folder's earlier results (status, findings, report, marker); logs and work data stay. */
  static void clear(File out) throws IOException {
    for (String f : new String[] {ReproduceReport.STATUS, FILE, "reproduce.txt", "reproduce.json", "reproduce.html"}) {
      Files.deleteIfExists(new File(out, f).toPath());
    }
    File findings = new File(out, "findings");
    File[] files = findings.listFiles();
    if (files != null) {
      for (File f : files) {
        Files.deleteIfExists(f.toPath());
      }
    }
  }

  /** Records the parts of one call: when each call began and ended, and the load average around it. */
  void record(File out, List<String> parts, long startMillis, long endMillis, String loadBefore, String loadAfter)
      throws IOException {
    Properties p = read(out);
    if (p == null) {
      p = new Properties();
    }
    p.setProperty("code", code);
    p.setProperty("revision", revision);
    p.setProperty("scale", scale);
    String line = String.format(Locale.ROOT, "%s, %d s (call of %s), load %s -> %s", UTC.format(Instant.ofEpochMilli(
        startMillis)), Math.round((endMillis - startMillis) / 1000.0), String.join(",", parts), loadBefore, loadAfter);
    for (String part : parts) {
      p.setProperty("part." + part, line);
    }
    try (OutputStream o = Files.newOutputStream(new File(out, FILE).toPath())) {
      p.store(o, "reproduce: the run whose parts are in this folder");
    }
  }

  /** The folder's marker, or null. */
  static Properties read(File out) throws IOException {
    File f = new File(out, FILE);
    if (!f.isFile()) {
      return null;
    }
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(f.toPath())) {
      p.load(in);
    }
    return p;
  }

  /** The report's lines about the run: its code, revision, scale and each part's call. */
  static List<String> describe(File out, List<String> partsInOrder) throws IOException {
    Properties p = read(out);
    if (p == null) {
      return Collections.emptyList();
    }
    List<String> l = new ArrayList<>();
    l.add(String.format(Locale.ROOT, "run: %s scale, code %s (git %s); parts run:", p.getProperty("scale", "?"),
        shortCode(p.getProperty("code", "")), p.getProperty("revision", "?")));
    for (String part : partsInOrder) {
      String v = p.getProperty("part." + part);
      if (v != null) {
        l.add("  " + part + ": " + v);
      }
    }
    return l;
  }

  static String shortCode(String code) {
    return code.length() > 12 ? code.substring(0, 12) : code;
  }

  /** The 1, 5 and 15 minute load averages, or "unknown". */
  static String loadAverage() {
    try {
      String[] f = new String(Files.readAllBytes(new File("/proc/loadavg").toPath()), StandardCharsets.US_ASCII)
          .split(" ");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }
}
