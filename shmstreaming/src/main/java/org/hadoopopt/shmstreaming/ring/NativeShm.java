package org.hadoopopt.shmstreaming.ring;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;

/**
 * The JNI library: maps segments and makes futex calls. It ships inside the jar under
 * {@code META-INF/native/linux-x86_64/} and is extracted on first use into a temporary folder
 * only this user can enter ({@link #extract}).
 * Records never cross JNI: Java reads and writes them in the mapped buffer directly.
 */
public final class NativeShm {
  static final String RESOURCE = "/META-INF/native/linux-x86_64/libhadoopopt-shm.so";
  private static final Throwable LOAD_ERROR = load();

  private NativeShm() {}

  private static Throwable load() {
    try {
      String os = System.getProperty("os.name") + "/" + System.getProperty("os.arch");
      if (!os.startsWith("Linux/") || !(os.endsWith("amd64") || os.endsWith("x86_64"))) {
        throw new UnsatisfiedLinkError("ShmStreaming's native library is built for linux-x86_64 only, this is " + os);
      }
      try (InputStream in = NativeShm.class.getResourceAsStream(RESOURCE)) {
        if (in == null) {
          throw new UnsatisfiedLinkError("native library " + RESOURCE + " is missing from the hadoopopt-shmstreaming jar");
        }
        Path lib = extract(in);
        try {
          System.load(lib.toString());
        } finally {
          // the mapping stays valid after unlinking
          Files.deleteIfExists(lib);
          Files.deleteIfExists(lib.getParent());
        }
      }
      return null;
    } catch (Throwable t) {
      return t;
    }
  }

  /**
   * Writes the library into a new folder of the temporary directory that only this user can
   * enter (0700), as a file created there 0600, so that no other local user can replace or
   * change it before it is loaded. (Copying over a temporary file would delete and recreate it
   * under the umask, leaving its name free in between.)
   */
  static Path extract(InputStream in) throws IOException {
    Path dir = Files.createTempDirectory("hadoopopt-shm-jni",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    Path lib = dir.resolve("libhadoopopt-shm.so");
    try (OutputStream out = Channels.newOutputStream(Files.newByteChannel(lib,
        EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))))) {
      in.transferTo(out);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(lib);
      Files.deleteIfExists(dir);
      throw e;
    }
    return lib;
  }

  /** Throws a clear error if the library could not be loaded. */
  public static void ensureLoaded() throws IOException {
    if (LOAD_ERROR != null) {
      throw new IOException("cannot load ShmStreaming's JNI library (" + RESOURCE + "): " + LOAD_ERROR, LOAD_ERROR);
    }
  }

  /**
   * Creates a segment and maps it: written under an unpredictable temporary name (created
   * {@code O_EXCL|O_NOFOLLOW}, 0600), then renamed into place without replacing anything at
   * {@code path}; refused in a folder that another user could replace it in.
   */
  public static ByteBuffer create(String path, long capacity, int batch) throws IOException {
    ensureLoaded();
    return create0(path, capacity, batch);
  }

  /**
   * Maps an existing segment: only a plain file of this process's user, writable by nobody else,
   * with one name (a link is never followed), whose header fields all check.
   */
  public static ByteBuffer attach(String path) throws IOException {
    ensureLoaded();
    return attach0(path);
  }

  /** Unmaps; the buffer must not be touched afterwards. */
  public static void unmap(ByteBuffer segment) {
    unmap0(segment);
  }

  static void futexWait(ByteBuffer segment, int offset, int expected, int timeoutMs) {
    futexWait0(segment, offset, expected, timeoutMs);
  }

  static void futexWake(ByteBuffer segment, int offset) {
    futexWake0(segment, offset);
  }

  private static native ByteBuffer create0(String path, long capacity, int batch) throws IOException;

  private static native ByteBuffer attach0(String path) throws IOException;

  private static native void unmap0(ByteBuffer segment);

  private static native void futexWait0(ByteBuffer segment, int offset, int expected, int timeoutMs);

  private static native void futexWake0(ByteBuffer segment, int offset);
}
