package org.hadoopopt.bench.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PosixLocalFileSystem} leaves every file with the mode Hadoop's own local file system
 * (which starts {@code chmod} here, without libhadoop) leaves, and sets it through java.nio.
 */
class PosixLocalFileSystemTest {
  @TempDir
  java.nio.file.Path dir;

  private static LocalFileSystem fs(Configuration conf, LocalFileSystem fs) throws Exception {
    fs.initialize(java.net.URI.create("file:///"), conf);
    return fs;
  }

  private String mode(Path p) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(java.nio.file.Paths.get(p.toUri())));
  }

  @Test
  void everyModeIsSetAsHadoopSetsIt() throws Exception {
    Configuration conf = new Configuration(false);
    LocalFileSystem ours = fs(conf, new PosixLocalFileSystem());
    LocalFileSystem stock = fs(conf, new LocalFileSystem());
    Path a = new Path(dir.resolve("ours").toUri());
    Path b = new Path(dir.resolve("stock").toUri());
    ours.create(a).close();
    stock.create(b).close();
    long before = PosixRawLocalFileSystem.nioModesSet();
    for (int m = 0; m < 01000; m++) {
      FsPermission perm = new FsPermission((short) m);
      ours.setPermission(a, perm);
      String expect = PosixFilePermissions.toString(PosixRawLocalFileSystem.posix(perm));
      assertEquals(perm.toString(), mode(a), "mode " + Integer.toOctalString(m));
      assertEquals(expect, mode(a));
      if (m % 73 == 0 || m == 0644 || m == 0755 || m == 0700) { // stock starts a process per call: a sample
        stock.setPermission(b, perm);
        assertEquals(mode(b), mode(a), "mode " + Integer.toOctalString(m) + " as Hadoop sets it");
      }
    }
    assertTrue(PosixRawLocalFileSystem.nioModesSet() - before >= 01000, "set through java.nio");
  }

  @Test
  void createAndMkdirsWithAPermissionMatchHadoop() throws Exception {
    Configuration conf = new Configuration(false);
    LocalFileSystem ours = fs(conf, new PosixLocalFileSystem());
    LocalFileSystem stock = fs(conf, new LocalFileSystem());
    FsPermission file = new FsPermission((short) 0640);
    FsPermission folder = new FsPermission((short) 0710);
    long before = PosixRawLocalFileSystem.nioModesSet();
    for (LocalFileSystem fs : new LocalFileSystem[] {ours, stock}) {
      Path d = new Path(dir.resolve(fs == ours ? "o" : "s").toUri());
      assertTrue(fs.mkdirs(new Path(d, "sub"), folder));
      try (FSDataOutputStream out = fs.create(new Path(d, "sub/f"), file, true, 4096, (short) 1, 1 << 20, null)) {
        out.writeBytes("x\n");
      }
    }
    Path o = new Path(dir.resolve("o").toUri());
    Path s = new Path(dir.resolve("s").toUri());
    assertEquals(mode(new Path(s, "sub")), mode(new Path(o, "sub")));
    assertEquals(mode(new Path(s, "sub/f")), mode(new Path(o, "sub/f")));
    assertEquals(mode(new Path(s, "sub/.f.crc")), mode(new Path(o, "sub/.f.crc")), "the checksum file too");
    assertTrue(PosixRawLocalFileSystem.nioModesSet() - before >= 2);
  }

  @Test
  void aStickyBitGoesToHadoopsOwnCodeAndAMissingFileFails() throws Exception {
    LocalFileSystem ours = fs(new Configuration(false), new PosixLocalFileSystem());
    Path d = new Path(dir.resolve("sticky").toUri());
    ours.mkdirs(d);
    ours.setPermission(d, new FsPermission((short) 01777));
    assertTrue(ours.getFileStatus(d).getPermission().getStickyBit(), "sticky bit set (by chmod)");
    assertEquals("rwxrwxrwx", mode(d));
    Path missing = new Path(dir.resolve("missing").toUri());
    FileNotFoundException e = assertThrows(FileNotFoundException.class,
        () -> ours.setPermission(missing, new FsPermission((short) 0644)));
    assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
  }

  @Test
  void fsFileImplSelectsIt() throws Exception {
    Configuration conf = new Configuration();
    conf.set("fs.file.impl", PosixLocalFileSystem.class.getName());
    conf.setBoolean("fs.file.impl.disable.cache", true);
    FileSystem fs = FileSystem.get(java.net.URI.create("file:///"), conf);
    assertTrue(fs instanceof PosixLocalFileSystem, fs.getClass().getName());
    assertTrue(((LocalFileSystem) fs).getRaw() instanceof PosixRawLocalFileSystem);
    fs.close();
  }
}
