package org.hadoopopt.bench.tools;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.nativeio.NativeIO;

/**
 * Hadoop's raw local file system with {@link #setPermission} done through {@code java.nio} when
 * Hadoop's native library is not loaded. Without {@code libhadoop} (Maven Central does not ship it)
 * Hadoop sets every local file's mode by starting a {@code chmod} process: a job submitted to the
 * local job runner creates its staging folder, job jar, split files and job.xml (and their
 * checksum files) that way, 24 processes of about 4 ms each per job here, more than half of an
 * indexed selection's time. The mode set is the same; a sticky bit (which {@code java.nio} cannot
 * set) and non-POSIX file systems go to Hadoop's own code.
 */
public class PosixRawLocalFileSystem extends RawLocalFileSystem {
  private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
  /** Modes set through java.nio in this JVM (what proves the class was used). */
  private static final AtomicLong NIO_MODES = new AtomicLong();

  /** {@link #NIO_MODES}. */
  public static long nioModesSet() {
    return NIO_MODES.get();
  }

  @Override
  public void setPermission(Path p, FsPermission permission) throws IOException {
    if (!POSIX || NativeIO.isAvailable() || permission.getStickyBit()) {
      super.setPermission(p, permission);
      return;
    }
    try {
      Files.setPosixFilePermissions(pathToFile(p).toPath(), posix(permission));
      NIO_MODES.incrementAndGet();
    } catch (NoSuchFileException e) {
      throw new FileNotFoundException("File " + p + " does not exist");
    }
  }

  /** The permission's user, group and other bits as java.nio's set. */
  static Set<PosixFilePermission> posix(FsPermission permission) {
    Set<PosixFilePermission> s = EnumSet.noneOf(PosixFilePermission.class);
    add(s, permission.getUserAction(), PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
        PosixFilePermission.OWNER_EXECUTE);
    add(s, permission.getGroupAction(), PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
        PosixFilePermission.GROUP_EXECUTE);
    add(s, permission.getOtherAction(), PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE,
        PosixFilePermission.OTHERS_EXECUTE);
    return s;
  }

  private static void add(Set<PosixFilePermission> s, FsAction a, PosixFilePermission r, PosixFilePermission w,
      PosixFilePermission x) {
    if (a.implies(FsAction.READ)) {
      s.add(r);
    }
    if (a.implies(FsAction.WRITE)) {
      s.add(w);
    }
    if (a.implies(FsAction.EXECUTE)) {
      s.add(x);
    }
  }
}
