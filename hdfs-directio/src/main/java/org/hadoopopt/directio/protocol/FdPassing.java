package org.hadoopopt.directio.protocol;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Passing open file descriptors over the plugin's Unix-domain socket ({@code SCM_RIGHTS}), through
 * the module's own small JNI library ({@code libhadoopopt-directio.so}, built from
 * {@code src/main/native} by the Maven build and shipped inside the jar under
 * {@code META-INF/native/linux-x86_64/}). Java's Unix-domain channels carry no descriptors, so the
 * one message that does (the DataNode's reply) is sent and received natively on the channel's own
 * socket descriptor; everything else on the socket stays Java.
 *
 * <p>Where the library cannot load (another platform, a jar without it), {@link #loadError()} says
 * why; the DataNode then refuses descriptor requests and the client streams.
 */
public final class FdPassing {
  static final String RESOURCE = "/META-INF/native/linux-x86_64/libhadoopopt-directio.so";
  /** The most descriptors one reply carries (block file and meta file). */
  public static final int MAX_DESCRIPTORS = 2;
  private static final Throwable LOAD_ERROR = load();

  private FdPassing() {}

  private static Throwable load() {
    try {
      String os = System.getProperty("os.name") + "/" + System.getProperty("os.arch");
      if (!os.startsWith("Linux/") || !(os.endsWith("amd64") || os.endsWith("x86_64"))) {
        throw new UnsatisfiedLinkError("hdfs-directio's native library is built for linux-x86_64 only, this is " + os);
      }
      try (InputStream in = FdPassing.class.getResourceAsStream(RESOURCE)) {
        if (in == null) {
          throw new UnsatisfiedLinkError("native library " + RESOURCE + " is missing from the hadoopopt-hdfs-directio jar");
        }
        Path dir = Files.createTempDirectory("hadoopopt-directio-"); // mode 700: no one else can add or swap files
        Path lib = extract(in, dir);
        try {
          System.load(lib.toString());
        } finally {
          Files.deleteIfExists(lib); // the mapping stays valid after unlinking
          Files.deleteIfExists(dir);
        }
      }
      return null;
    } catch (Throwable t) {
      return t;
    }
  }

  /**
   * Writes the library into {@code dir} as a new file created with mode 600 (the umask cannot add
   * bits) and written in place, so it keeps that mode until it is loaded; {@code Files.copy} with
   * {@code REPLACE_EXISTING} would delete and recreate it under the umask.
   */
  static Path extract(InputStream in, Path dir) throws IOException {
    Path lib = dir.resolve("libhadoopopt-directio.so");
    try (java.io.OutputStream out = Files.newOutputStream(Files.createFile(lib,
        java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
            java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"))), StandardOpenOption.WRITE)) {
      in.transferTo(out);
    }
    return lib;
  }

  /** True if descriptors can be passed in this JVM. */
  public static boolean available() {
    return LOAD_ERROR == null;
  }

  /** Why the library did not load, or null. */
  public static String loadError() {
    return LOAD_ERROR == null ? null : "cannot load hdfs-directio's JNI library (" + RESOURCE + "): " + LOAD_ERROR;
  }

  private static void ensureLoaded() throws IOException {
    if (LOAD_ERROR != null) {
      throw new IOException(loadError(), LOAD_ERROR);
    }
  }

  /**
   * Writes {@code message} on {@code channel} with {@code descriptors} attached to its first byte.
   * The caller keeps (and closes) its own descriptors: the receiver gets duplicates.
   */
  public static void send(SocketChannel channel, byte[] message, FileDescriptor[] descriptors, int timeoutMs)
      throws IOException {
    ensureLoaded();
    if (descriptors.length > MAX_DESCRIPTORS) {
      throw new IllegalArgumentException("at most " + MAX_DESCRIPTORS + " descriptors, got " + descriptors.length);
    }
    send0(channel, message, descriptors, timeoutMs);
  }

  /** A reply read to the end of the connection, and the descriptors that came with it (owned by the caller). */
  public static final class Received {
    public final byte[] bytes;
    public final FileDescriptor[] descriptors;

    Received(byte[] bytes, FileDescriptor[] descriptors) {
      this.bytes = bytes;
      this.descriptors = descriptors;
    }

    /** Closes every received descriptor. */
    public void closeDescriptors() {
      for (FileDescriptor d : descriptors) {
        closeQuietly(d);
      }
    }
  }

  /**
   * Reads from {@code channel} until the peer closes it (at most {@code maxBytes}), with the
   * descriptors sent along (at most {@link #MAX_DESCRIPTORS}); fails, with nothing left open, on a
   * timeout, a longer reply or more descriptors.
   */
  public static Received receive(SocketChannel channel, int maxBytes, int timeoutMs) throws IOException {
    ensureLoaded();
    FileDescriptor[] slots = new FileDescriptor[MAX_DESCRIPTORS];
    byte[] bytes = receive0(channel, maxBytes, slots, timeoutMs);
    int n = 0;
    while (n < slots.length && slots[n] != null) {
      n++;
    }
    return new Received(bytes, java.util.Arrays.copyOf(slots, n));
  }

  /**
   * Switches a received file descriptor to O_DIRECT and returns the file system's block size (the
   * alignment O_DIRECT reads need). Fails where the file system refuses O_DIRECT (tmpfs).
   */
  public static int setDirect(FileDescriptor descriptor) throws IOException {
    ensureLoaded();
    return setDirect0(descriptor);
  }

  /** Closes a descriptor received from {@link #receive}. */
  public static void closeQuietly(FileDescriptor descriptor) {
    if (descriptor == null || !descriptor.valid()) {
      return;
    }
    try {
      new FileInputStream(descriptor).close();
    } catch (IOException ignored) {
      // nothing read from it
    }
  }

  private static native void send0(SocketChannel channel, byte[] message, FileDescriptor[] descriptors, int timeoutMs)
      throws IOException;

  private static native byte[] receive0(SocketChannel channel, int maxBytes, FileDescriptor[] descriptorsOut,
      int timeoutMs) throws IOException;

  private static native int setDirect0(FileDescriptor descriptor) throws IOException;
}
