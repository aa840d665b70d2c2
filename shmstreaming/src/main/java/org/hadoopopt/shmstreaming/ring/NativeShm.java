package org.hadoopopt.shmstreaming.ring;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The JNI library: maps segments and makes futex calls. It ships inside the jar under
 * {@code META-INF/native/linux-x86_64/} and is extracted to a temporary file on first use.
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
        Path tmp = Files.createTempFile("libhadoopopt-shm", ".so");
        try {
          Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
          System.load(tmp.toString());
        } finally {
          Files.deleteIfExists(tmp); // the mapping stays valid after unlinking
        }
      }
      return null;
    } catch (Throwable t) {
      return t;
    }
  }

  /** Throws a clear error if the library could not be loaded. */
  public static void ensureLoaded() throws IOException {
    if (LOAD_ERROR != null) {
      throw new IOException("cannot load ShmStreaming's JNI library (" + RESOURCE + "): " + LOAD_ERROR, LOAD_ERROR);
    }
  }

  /** Creates a segment (header written, then renamed into place) and maps it. */
  public static ByteBuffer create(String path, long capacity, int batch) throws IOException {
    ensureLoaded();
    return create0(path, capacity, batch);
  }

  /** Maps an existing segment, checking its magic, version and capacity. */
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
