package org.hadoopopt.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The jar of patched Hadoop classes that {@code hadoop-patches/build.sh} makes, and child JVMs
 * that load it ahead of stock Hadoop (Hadoop's classes cannot be swapped inside the test's own JVM).
 */
public final class HadoopPatches {
  /** The Hadoop release the patches are made against. */
  public static final String VERSION = "3.4.2";

  private HadoopPatches() {}

  /** Builds the jar unless it is newer than build.sh and every patch (like make), and returns it. */
  public static Path jar() throws IOException, InterruptedException {
    Path root = Scripts.root();
    Path jar = root.resolve("hadoop-patches/target/" + VERSION + "/hadoop-patched-classes-" + VERSION + ".jar");
    if (!upToDate(jar, root.resolve("hadoop-patches"))) {
      Path log = Paths.get("target", "patch-build.log").toAbsolutePath();
      Files.createDirectories(log.getParent());
      Process build = new ProcessBuilder(root.resolve("hadoop-patches/build.sh").toString(), VERSION)
          .redirectErrorStream(true).redirectOutput(log.toFile()).start();
      boolean done = build.waitFor(300, TimeUnit.SECONDS);
      String out = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
      if (!done) {
        build.destroyForcibly();
        throw new IOException("hadoop-patches/build.sh did not finish in 300 s:\n" + tail(out));
      }
      if (build.exitValue() != 0 || !Files.isRegularFile(jar)) {
        throw new IOException("hadoop-patches/build.sh failed (exit " + build.exitValue() + "):\n" + tail(out));
      }
    }
    return jar;
  }

  /** True if {@code jar} is newer than build.sh and every patch in {@code dir}. */
  static boolean upToDate(Path jar, Path dir) throws IOException {
    if (!Files.isRegularFile(jar)) {
      return false;
    }
    long built = Files.getLastModifiedTime(jar).toMillis();
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.toString().endsWith(".patch") || f.getFileName().toString().equals("build.sh"))
          .allMatch(f -> f.toFile().lastModified() < built);
    }
  }

  /**
   * Runs {@code mainClass} in a child JVM on this test's classpath, with {@code firstOnClasspath}
   * (the patched jar, or null for stock Hadoop) ahead of it; output to {@code log}. Returns the
   * exit code, or throws if it did not finish within {@code seconds}.
   */
  public static int runChild(Path firstOnClasspath, String mainClass, Path log, long seconds, String... args)
      throws IOException, InterruptedException {
    String testClasspath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx768m");
    cmd.addAll(Arrays.asList("--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.util=ALL-UNNAMED"));
    cmd.add("-cp");
    cmd.add(firstOnClasspath == null ? testClasspath : firstOnClasspath + File.pathSeparator + testClasspath);
    cmd.add(mainClass);
    cmd.addAll(Arrays.asList(args));
    Process child = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!child.waitFor(seconds, TimeUnit.SECONDS)) {
      child.destroyForcibly();
      throw new IOException(mainClass + " did not finish within " + seconds + " s; log " + log);
    }
    return child.exitValue();
  }

  public static String tail(String s) {
    return s.length() > 4000 ? s.substring(s.length() - 4000) : s;
  }
}
