package org.hadoopopt.shmstreaming.ring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;

/**
 * The JNI library is written where no other local user can replace or change it before it is
 * loaded: a new folder only this user may enter (0700), the file in it created 0600 (not
 * recreated under the umask, as copying over a temporary file did: 0644 with umask 022, and the
 * name free in between).
 */
class NativeShmExtractTest {
  @Test
  void theLibraryFileIsPrivateUntilLoaded() throws Exception {
    byte[] lib;
    try (InputStream in = NativeShm.class.getResourceAsStream(NativeShm.RESOURCE)) {
      assertNotNull(in, NativeShm.RESOURCE);
      lib = in.readAllBytes();
    }
    Path file = NativeShm.extract(new ByteArrayInputStream(lib));
    try {
      assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS)));
      assertEquals("rwx------",
          PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent(), LinkOption.NOFOLLOW_LINKS)));
      assertEquals(Files.getOwner(file.getParent()), Files.getOwner(file));
      assertArrayEquals(lib, Files.readAllBytes(file));
    } finally {
      Files.deleteIfExists(file);
      Files.deleteIfExists(file.getParent());
    }
  }
}
