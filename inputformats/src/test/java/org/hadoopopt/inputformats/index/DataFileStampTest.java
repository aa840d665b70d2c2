package org.hadoopopt.inputformats.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a sidecar's stamp detects on the local file system, which has no file checksum and no file
 * id: a change of length or modification time, and any edit of the sampled bytes (all of a file up
 * to 1 MB; of a larger one its first and last 64 KB and 64 blocks of 4 KB between). An edit between
 * the samples of a large file, with length and time kept, is not detected: the README says so.
 */
class DataFileStampTest {
  @TempDir
  File dir;

  private final FileSystem fs;

  DataFileStampTest() throws IOException {
    fs = FileSystem.getLocal(new Configuration()).getRaw();
  }

  private File file(String name, int length) throws IOException {
    byte[] b = new byte[length];
    new Random(length).nextBytes(b);
    File f = new File(dir, name);
    Files.write(f.toPath(), b);
    return f;
  }

  private DataFileStamp stamp(File f) throws IOException {
    Path p = new Path(f.toURI());
    return DataFileStamp.of(fs, fs.getFileStatus(p));
  }

  private String differences(DataFileStamp s, File f) throws IOException {
    Path p = new Path(f.toURI());
    return s.differences(fs, fs.getFileStatus(p));
  }

  /** Flips one byte at {@code at}, keeping the modification time. */
  private static void flip(File f, long at) throws IOException {
    long mtime = f.lastModified();
    try (RandomAccessFile r = new RandomAccessFile(f, "rw")) {
      r.seek(at);
      int b = r.read();
      r.seek(at);
      r.write(b ^ 1);
    }
    assertTrue(f.setLastModified(mtime));
  }

  @Test
  void aSmallFileIsSampledWhole() throws IOException {
    File f = file("small", DataFileStamp.SAMPLE_WHOLE_MAX);
    DataFileStamp s = stamp(f);
    assertNull(differences(s, f));
    assertEquals(-1, s.fileId(), "the local file system has no file id");
    assertFalse(s.hasFileChecksum(), "the local file system has no file checksum");
    for (long at : new long[] {0, 12345, DataFileStamp.SAMPLE_WHOLE_MAX / 2 + 7, DataFileStamp.SAMPLE_WHOLE_MAX - 1}) {
      flip(f, at);
      String d = differences(s, f);
      assertTrue(d != null && d.contains("sampled bytes"), "edit at " + at + ": " + d);
      flip(f, at);
      assertNull(differences(s, f), "restored");
    }
  }

  @Test
  void aLargeFileIsSampledAtItsEndsAndInBlocksBetween() throws IOException {
    int length = 3 << 20;
    File f = file("large", length);
    DataFileStamp s = stamp(f);
    long spacing = length / (DataFileStamp.SAMPLE_BLOCKS + 1);
    long[] sampled = {0, DataFileStamp.SAMPLE_EDGE - 1, spacing * 2, spacing * 2 + DataFileStamp.SAMPLE_BLOCK - 1,
        spacing * DataFileStamp.SAMPLE_BLOCKS, length - DataFileStamp.SAMPLE_EDGE, length - 1};
    for (long at : sampled) {
      flip(f, at);
      assertTrue(differences(s, f) != null, "edit at " + at + " is in a sample");
      flip(f, at);
    }
    long[] between = {spacing * 2 + DataFileStamp.SAMPLE_BLOCK, spacing * 3 - 1, spacing * 40 + 9999};
    for (long at : between) {
      flip(f, at);
      assertNull(differences(s, f), "edit at " + at + " is between the samples: not detected (documented)");
      flip(f, at);
    }
  }

  @Test
  void lengthAndTimeAreCompared() throws IOException {
    File f = file("times", 5000);
    DataFileStamp s = stamp(f);
    assertTrue(f.setLastModified(f.lastModified() + 5000));
    assertTrue(differences(s, f).contains("modified at"), differences(s, f));
    try (RandomAccessFile r = new RandomAccessFile(f, "rw")) {
      r.setLength(4999);
    }
    assertTrue(differences(s, f).contains("4999 bytes"), differences(s, f));
  }

  @Test
  void aStampReadsBackAsWritten() throws IOException {
    File f = file("round", 70000);
    DataFileStamp s = stamp(f);
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    s.write(new DataOutputStream(b));
    DataFileStamp back = DataFileStamp.read(new DataInputStream(new ByteArrayInputStream(b.toByteArray())));
    assertNull(differences(back, f));
    flip(f, 1000);
    assertTrue(differences(back, f) != null);
  }
}
