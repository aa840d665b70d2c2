package org.hadoopopt.inputformats.kvsf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.inputformats.codec.BinaryCodecs;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.pavlo.data.SampleRows;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** KeyValueSequenceFile on the local file system (raw, so only our checksums apply): round trips, splits, bad files. */
class KvsfFileTest {
  private static final int PAGE = 1024;
  private static final String[] LINES = SampleRows.userVisits(3, 300);

  @TempDir
  File dir;

  private final FileSystem fs;

  KvsfFileTest() throws IOException {
    fs = FileSystem.getLocal(new Configuration()).getRaw();
  }

  private static Row parse(Schema schema, String line) throws IOException {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return new MutableTextDecoder(schema).decodeLine(b, 0, b.length, "test", 0);
  }

  private Path write(String name, String codec, int pageSize, String... lines) throws IOException {
    Path p = new Path(dir.getAbsolutePath(), name);
    try (KvsfWriter w = new KvsfWriter(fs.create(p), p.toString(), Schema.USER_VISITS, BinaryCodecs.forName(codec), pageSize)) {
      for (String line : lines) {
        w.append(parse(Schema.USER_VISITS, line));
      }
    }
    return p;
  }

  private List<String> read(Path p, long start, long end) throws IOException {
    long len = fs.getFileStatus(p).getLen();
    List<String> out = new ArrayList<>();
    try (KvsfReader r = new KvsfReader(fs.open(p), p.toString(), len, start, end)) {
      Row row;
      while ((row = r.next()) != null) {
        out.add(row.toText());
      }
    }
    return out;
  }

  private long length(Path p) throws IOException {
    return fs.getFileStatus(p).getLen();
  }

  @Test
  void everyCodecRoundTrips() throws IOException {
    for (String codec : new String[] {"writable", "protobuf", "tuple"}) {
      Path p = write(codec + ".kvsf", codec, PAGE, LINES);
      assertEquals(Arrays.asList(LINES), read(p, 0, length(p)), codec);
      KvsfFileInfo info = KvsfFileInfo.read(fs.open(p), p.toString(), length(p));
      assertEquals(LINES.length, info.recordCount());
      assertTrue(info.pageCount() > 10, "want many pages, got " + info.pageCount());
    }
  }

  @Test
  void splitsAnywhereTogetherReadEveryRecordOnce() throws IOException {
    Path p = write("splits.kvsf", "tuple", PAGE, LINES);
    long len = length(p);
    KvsfFileInfo info = KvsfFileInfo.read(fs.open(p), p.toString(), len);
    TreeSet<Long> cuts = new TreeSet<>(Arrays.asList(0L, 1L, (long) info.headerLength(), info.headerLength() + 1L,
        info.pageOffset(1), info.pageOffset(1) + 1, info.pageOffset(1) - 1, info.pageOffset(2) + 20, // first record
        info.pageOffset(2) + 57, info.pageOffset(info.pageCount() - 1), len - 1, len));
    Random rnd = new Random(5);
    for (int i = 0; i < 20; i++) {
      cuts.add((long) rnd.nextInt((int) len + 1));
    }
    List<Long> cs = new ArrayList<>(cuts);
    for (int i = 0; i < cs.size(); i++) {
      for (int j = i; j < cs.size(); j++) {
        List<String> all = new ArrayList<>(read(p, 0, cs.get(i)));
        all.addAll(read(p, cs.get(i), cs.get(j)));
        all.addAll(read(p, cs.get(j), len));
        assertEquals(Arrays.asList(LINES), all, "splits at " + cs.get(i) + " and " + cs.get(j));
      }
    }
    assertEquals(0, read(p, len, len).size(), "a split at EOF is empty");
    assertEquals(0, read(p, 0, 0).size(), "an empty split at byte 0 is empty");
  }

  @Test
  void aCorruptPageIsDetectedNotDecoded() throws IOException {
    Path p = write("corrupt.kvsf", "protobuf", PAGE, LINES);
    KvsfFileInfo info = KvsfFileInfo.read(fs.open(p), p.toString(), length(p));
    byte[] bytes = Files.readAllBytes(new File(p.toUri().getPath()).toPath());
    bytes[(int) info.pageOffset(2) + 100] ^= 0x10;
    Files.write(new File(p.toUri().getPath()).toPath(), bytes);
    ChecksumException e = assertThrows(ChecksumException.class, () -> read(p, 0, length(p)));
    assertTrue(e.getMessage().contains(p.toString() + ", page 2 (offset " + info.pageOffset(2) + ")"), e.getMessage());
    // The other pages are intact: a split without page 2 still reads.
    assertEquals(read(p, info.pageOffset(3), length(p)).size() + read(p, 0, info.pageOffset(2)).size()
        + countRecordsOfPage2(), LINES.length);
  }

  private int countRecordsOfPage2() throws IOException {
    Path clean = write("clean.kvsf", "protobuf", PAGE, LINES);
    KvsfFileInfo info = KvsfFileInfo.read(fs.open(clean), clean.toString(), length(clean));
    return read(clean, info.pageOffset(2), info.pageOffset(3)).size();
  }

  @Test
  void truncatedFilesAndPagesAreRejected() throws IOException {
    Path p = write("whole.kvsf", "tuple", PAGE, LINES);
    byte[] bytes = Files.readAllBytes(new File(p.toUri().getPath()).toPath());
    KvsfFileInfo info = KvsfFileInfo.read(fs.open(p), p.toString(), bytes.length);

    Path cut = new Path(dir.getAbsolutePath(), "cut.kvsf");
    for (int keep : new int[] {bytes.length - 5, (int) info.pageOffset(3), 30, 5}) {
      Files.write(new File(cut.toUri().getPath()).toPath(), Arrays.copyOf(bytes, keep));
      KvsfFormatException e = assertThrows(KvsfFormatException.class, () -> read(cut, 0, length(cut)), "kept " + keep);
      assertTrue(e.getMessage().startsWith(cut.toString() + ": truncated file"), e.getMessage());
    }

    // The last page lost 10 bytes but the end marker survived (a torn write).
    long last = info.pageCount() - 1;
    int lastEnd = (int) (info.pageOffset(last) + info.pageBytes(last));
    byte[] torn = new byte[bytes.length - 10];
    System.arraycopy(bytes, 0, torn, 0, lastEnd - 10);
    System.arraycopy(bytes, lastEnd, torn, lastEnd - 10, bytes.length - lastEnd);
    Files.write(new File(cut.toUri().getPath()).toPath(), torn);
    KvsfFormatException e = assertThrows(KvsfFormatException.class, () -> read(cut, 0, length(cut)));
    assertTrue(e.getMessage().contains("page " + last + " (offset " + info.pageOffset(last) + "): truncated page"), e.getMessage());
  }

  @Test
  void wrongMagicIsRejected() throws IOException {
    Path p = new Path(dir.getAbsolutePath(), "text.kvsf");
    Files.write(new File(p.toUri().getPath()).toPath(), (String.join("\n", LINES) + "\n").getBytes(StandardCharsets.UTF_8));
    KvsfFormatException e = assertThrows(KvsfFormatException.class, () -> read(p, 0, length(p)));
    assertTrue(e.getMessage().equals(p + ": not a KeyValueSequenceFile (wrong magic at offset 0)"), e.getMessage());
  }

  @Test
  void aVersionOneFileIsRefusedNamingTheVersion() throws IOException {
    Path p = write("v1.kvsf", "tuple", PAGE, LINES);
    byte[] bytes = Files.readAllBytes(new File(p.toUri().getPath()).toPath());
    bytes[4] = 1; // the version byte (KvsfLayout.HEADER_VERSION)
    Files.write(new File(p.toUri().getPath()).toPath(), bytes);
    KvsfFormatException e = assertThrows(KvsfFormatException.class, () -> read(p, 0, length(p)));
    assertTrue(e.getMessage().startsWith(p + ": KeyValueSequenceFile version 1, this reader reads version 2 only"),
        e.getMessage());
  }

  @Test
  void aRecordLargerThanAPageIsRefusedAndTheFileStaysValid() throws IOException {
    Path p = new Path(dir.getAbsolutePath(), "big.kvsf");
    StringBuilder url = new StringBuilder();
    for (int i = 0; i < 400; i++) {
      url.append('x');
    }
    String big = "1.2.3.4|" + url + "|2000-01-01|1.00|ua|USA|en-US|w|1";
    try (KvsfWriter w = new KvsfWriter(fs.create(p), p.toString(), Schema.USER_VISITS, BinaryCodecs.forName("tuple"), 256)) {
      w.append(parse(Schema.USER_VISITS, LINES[0]));
      RecordTooLargeException e = assertThrows(RecordTooLargeException.class, () -> w.append(parse(Schema.USER_VISITS, big)));
      assertTrue(e.getMessage().contains("record 1 encodes to") && e.getMessage().contains("page of 256 bytes"), e.getMessage());
      w.append(parse(Schema.USER_VISITS, LINES[1]));
    }
    assertEquals(Arrays.asList(LINES[0], LINES[1]), read(p, 0, length(p)));
  }

  @Test
  void anEmptyFileHasNoRecordsAndBadPageSizesFailFast() throws IOException {
    Path p = write("empty.kvsf", "writable", PAGE);
    assertEquals(0, read(p, 0, length(p)).size());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new KvsfWriter(fs.create(new Path(dir.getAbsolutePath(), "x")), "x", Schema.RANKINGS, BinaryCodecs.forName("tuple"), 10));
    assertTrue(e.getMessage().contains("page size = 10"), e.getMessage());
  }
}
