package org.hadoopopt.shmstreaming;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Where the Maven build put the native programs, and helpers to run them. */
final class NativeBuild {
  private NativeBuild() {}

  static Path dir() {
    return Paths.get(System.getProperty("shm.native.dir", "target/native"));
  }

  static String bin(String program) {
    return dir().resolve("bin").resolve(program).toAbsolutePath().toString();
  }

  static String python() {
    return Paths.get(System.getProperty("shm.python.dir", "src/main/python")).toAbsolutePath().toString();
  }

  static Path resource(String name) {
    return Paths.get("src/test/resources", name).toAbsolutePath();
  }

  /** Our segments left in /dev/shm (a test's "no leftovers" check). */
  static List<String> leftoverSegments(String marker) throws IOException {
    List<String> left = new ArrayList<>();
    File[] files = new File("/dev/shm").listFiles();
    if (files != null) {
      for (File f : files) {
        if (f.getName().startsWith("hadoopopt-shm-") && f.getName().contains(marker)) {
          left.add(f.getName());
        }
      }
    }
    return left;
  }

  /** Output of a finished process (stdout), failing if it does not end in time. */
  static String run(ProcessBuilder pb, long timeoutSeconds) throws IOException, InterruptedException {
    pb.redirectErrorStream(true);
    Process p = pb.start();
    try {
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        throw new IOException("process did not finish: " + pb.command());
      }
      return new String(out, StandardCharsets.UTF_8) + "exit=" + p.exitValue();
    } finally {
      p.destroyForcibly();
    }
  }

  static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      // best effort in test cleanup
    }
  }
}
