package org.hadoopopt.directio;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Starts a small program of this module's test classes as the unprivileged user {@code nobody}
 * (uid/gid 65534, no supplementary groups) through {@code setpriv}: a local attacker beside the
 * test's root user. Its class path is this module's own class folders (readable by all).
 */
final class AsNobody {
  static final int UID = 65534;

  private AsNobody() {}

  /** Null if programs can run as another user here, else why not (for the skip message). */
  static String unavailable() {
    if (!"root".equals(System.getProperty("user.name"))) {
      return "starting a program as another OS user needs root (CI runs as root)";
    }
    if (!new File("/usr/bin/setpriv").canExecute() && !new File("/bin/setpriv").canExecute()) {
      return "needs setpriv (util-linux) to start a program as another user";
    }
    return null;
  }

  /** Starts {@code mainClass} with {@code args} as nobody; its output goes to {@code work/<simple name>.out}. */
  static Process start(Path work, Class<?> mainClass, String... args) throws IOException {
    return launch(work, Arrays.asList("setpriv", "--reuid=" + UID, "--regid=" + UID, "--clear-groups", "--"),
        mainClass, args);
  }

  /**
   * Starts {@code mainClass} as the test's own user, in a process of its own: a local program of the
   * reader's user, with its own descriptor table (a flood run inside the test's JVM would use up the
   * descriptors of the DataNode and the reader it is meant to attack from outside).
   */
  static Process startAsTestUser(Path work, Class<?> mainClass, String... args) throws IOException {
    return launch(work, new ArrayList<>(), mainClass, args);
  }

  private static Process launch(Path work, List<String> prefix, Class<?> mainClass, String... args)
      throws IOException {
    List<String> cmd = new ArrayList<>(prefix);
    cmd.addAll(Arrays.asList(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
        "-XX:TieredStopAtLevel=1", "-Djava.io.tmpdir=/tmp", "-cp",
        Paths.get("target", "classes").toAbsolutePath() + File.pathSeparator
            + Paths.get("target", "test-classes").toAbsolutePath(), mainClass.getName()));
    cmd.addAll(Arrays.asList(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
        .redirectOutput(work.resolve(mainClass.getSimpleName() + ".out").toFile());
    pb.environment().put("HOME", "/tmp");
    return pb.start();
  }

  /** Waits until {@code file} (written by the program) has {@code key}, or fails with the program's output. */
  static Properties await(Path file, String key, Process p, Path work, Class<?> mainClass) throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < end) {
      Properties props = read(file);
      if (props.containsKey(key)) {
        return props;
      }
      if (!p.isAlive()) {
        break;
      }
      Thread.sleep(50);
    }
    throw new AssertionError(mainClass.getSimpleName() + " did not report " + key + ":\n"
        + new String(Files.readAllBytes(work.resolve(mainClass.getSimpleName() + ".out"))));
  }

  static Properties read(Path file) throws IOException {
    Properties props = new Properties();
    if (Files.exists(file)) {
      try (java.io.InputStream in = Files.newInputStream(file)) {
        props.load(in);
      } catch (IllegalArgumentException e) {
        // being replaced: read it next time
      }
    }
    return props;
  }

  /** Ends {@code p} (a program this test started) and waits for it. */
  static void stop(Process p) throws InterruptedException {
    p.destroy();
    if (!p.waitFor(10, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** Writes {@code props} to {@code file} atomically (the test reads it while the program runs). */
  static synchronized void write(Path file, Properties props) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try (java.io.OutputStream out = Files.newOutputStream(tmp)) {
      props.store(out, null);
    }
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
  }
}
