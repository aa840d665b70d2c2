package org.hadoopopt.shmstreaming;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.stream.Stream;
import org.hadoopopt.shmstreaming.ring.NativeShm;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.Test;

/** The JNI library loads from the jar's resources, and its absence is a clear error. */
class NativeLibraryTest {
  /** Run in a separate JVM whose classpath lacks the native library. */
  public static void main(String[] args) {
    try {
      NativeShm.ensureLoaded();
      System.out.println("LOADED");
    } catch (IOException e) {
      System.out.println(e.getMessage());
    }
  }

  @Test
  void loadsFromTheClasspathResource() throws IOException {
    NativeShm.ensureLoaded();
  }

  @Test
  void aMissingLibraryIsAClearError() throws Exception {
    Path classes = Paths.get("target/classes").toAbsolutePath();
    Path copy = Files.createTempDirectory(Paths.get("target"), "no-native");
    try {
      try (Stream<Path> all = Files.walk(classes)) {
        for (Path p : (Iterable<Path>) all::iterator) {
          Path to = copy.resolve(classes.relativize(p).toString());
          if (p.toString().contains("META-INF/native")) {
            continue;
          }
          if (Files.isDirectory(p)) {
            Files.createDirectories(to);
          } else {
            Files.copy(p, to);
          }
        }
      }
      String cp = copy + ":" + Paths.get("target/test-classes").toAbsolutePath();
      String out = NativeBuild.run(new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", cp, NativeLibraryTest.class.getName()), 120);
      assertTrue(out.contains("cannot load ShmStreaming's JNI library (/META-INF/native/linux-x86_64/libhadoopopt-shm.so)")
          && out.contains("is missing from the hadoopopt-shmstreaming jar"), out);
    } finally {
      TestFiles.deleteRecursively(copy.toFile());
    }
  }
}
