package org.hadoopopt.inputformats.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Comparator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.inputformats.index.KeyType;
import org.hadoopopt.inputformats.index.RangeIndexBuilder;
import org.hadoopopt.inputformats.index.RangeIndexLayout;
import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.inputformats.mapreduce.RankingsRangeInputFormat;
import org.hadoopopt.pavlo.data.SampleRows;
import org.hadoopopt.testing.TestFiles;
import org.hadoopopt.testing.fuzz.FuzzRun;
import org.hadoopopt.testing.fuzz.Mutator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fuzzes range-index sidecars ({@link RangeIndexLayout}): a '|' text file of 120 Rankings rows
 * sorted on pageRank, indexed in pages of about 300 bytes by {@link RangeIndexBuilder}; the index
 * file is mutated (aimed at the format, key type, page size, stamp, entry count and every entry's
 * keys, offset and length; blind flips, boundary bytes, truncation, entries duplicated, dropped and
 * swapped), in most cases with its CRC32C recomputed, and a random pageRank range is read through
 * {@link RankingsRangeInputFormat} (its getSplits consults the index; its reader drops rows outside
 * the range).
 *
 * <p>Checkable: the rows of the range, computed from the written lines. A read that succeeds must
 * return them exactly, in file order (a damaged or stale index falls back to a scan: same rows);
 * a failure must be an IOException naming the index (or data) file and an offset, or, for an
 * index of another table or column, the IllegalArgumentException naming the index that the query
 * check throws at submission. What no reader can check: an index re-checksummed with narrower key
 * bounds that still keep every invariant (each entry's first key at most its last, entries in key
 * order, pages contiguous and inside the data file) describes other data than the file holds, and
 * pruning by it drops rows; such cases are counted apart ("forged key bounds"), and even then
 * the rows returned must be rows of the range, in order, none twice. Each case within 5 s and 64 MB.
 * Long run: {@code -Dtest=RangeIndexFuzzTest -Dfuzz.cases=100000 -Dfuzz.seed=S}.
 */
class RangeIndexFuzzTest {
  private static final int PAGE = 300;
  private static File work;
  private static Path data;
  private static Path index;
  private static byte[] original;
  private static final SidecarFuzz TABLE = new SidecarFuzz();
  private static int entriesAt;
  private static int entries;

  @BeforeAll
  static void write() throws IOException {
    work = new File("target/test-work/fuzz-range-index").getAbsoluteFile();
    TestFiles.deleteRecursively(work);
    File dir = new File(work, "table");
    dir.mkdirs();
    String[] lines = SampleRows.rankings(1917, 120);
    Arrays.sort(lines, Comparator.comparingInt(l -> Integer.parseInt(l.split("\\|")[1])));
    StringBuilder text = new StringBuilder();
    Configuration conf = FuzzReads.conf(false);
    FileSystem fs = FileSystem.get(work.toURI(), conf);
    RangeIndexBuilder b = new RangeIndexBuilder(RangeIndexLayout.FORMAT_TEXT, "rankings", "pageRank", KeyType.INT, PAGE);
    int pageStart = 0;
    long first = -1;
    long last = -1;
    for (String l : lines) {
      long rank = Integer.parseInt(l.split("\\|")[1]);
      int len = l.length() + 1;
      if (first >= 0 && text.length() + len - pageStart > PAGE) {
        b.addPage(first, last, pageStart, text.length() - pageStart);
        pageStart = text.length();
        first = -1;
      }
      if (first < 0) {
        first = rank;
      }
      last = rank;
      text.append(l).append('\n');
      TABLE.add(l, (int) rank);
    }
    b.addPage(first, last, pageStart, text.length() - pageStart);
    entries = b.pages();
    data = new Path(new File(dir, "part-00000").toURI());
    Files.write(new File(dir, "part-00000").toPath(), text.toString().getBytes(StandardCharsets.US_ASCII));
    index = b.writeFor(fs, data);
    original = Files.readAllBytes(new File(index.toUri()).toPath());
    entriesAt = original.length - 4 - entries * 32;
    assertEquals(entries, ByteBuffer.wrap(original).getInt(entriesAt - 4), "entry count where the layout puts it");
    assertTrue(entries > 8, entries + " pages");
  }

  static Mutator mutator() {
    Mutator m = new Mutator(original);
    int stamp = entriesAt - 4 - 4 - 4 - 2 - 24; // length, mtime, id, "" algorithm, checksum length, CRC
    m.field("format", 5, 1).field("key type", stamp - 5, 1);
    m.field("entry count", entriesAt - 4, 4).field("sampled CRC", entriesAt - 8, 4);
    m.field("stamp length", stamp, 8).field("stamp mtime", stamp + 8, 8).field("stamp file id", stamp + 16, 8)
        .field("page size", stamp - 4, 4).field("checksum length", stamp + 26, 4);
    for (int i = 0; i < entries; i++) {
      int e = entriesAt + i * 32;
      m.field("entry " + i + " first key", e, 8).field("entry " + i + " last key", e + 8, 8)
          .field("entry " + i + " offset", e + 16, 8).field("entry " + i + " length", e + 24, 8);
      m.chunk(e, e + 32).cut(e).cut(e + 16);
    }
    m.cut(entriesAt).cut(original.length - 4).cut(5).cut(stamp);
    return m;
  }

  /** Whether {@code b} differs from the original only in entries' key bytes (CRC aside). */
  static boolean onlyKeysChanged(byte[] b) {
    if (b.length != original.length) {
      return false;
    }
    for (int i = 0; i < b.length - 4; i++) {
      if (b[i] != original[i] && (i < entriesAt || (i - entriesAt) % 32 >= 16)) {
        return false;
      }
    }
    return true;
  }

  @Test
  void intactIndexPrunesAndReadsTheRange() throws Exception {
    FuzzReads.Read got = read(40, 45);
    assertEquals(TABLE.expected(40, 45), got.rows);
    assertTrue(got.rows.size() > 0);
  }

  private static FuzzReads.Read read(int lo, int hi) throws IOException, InterruptedException {
    Configuration conf = FuzzReads.conf(false);
    RangeIndexInputFormat.setIntRange(conf, "pageRank", lo, true, hi, true);
    return FuzzReads.read(new RankingsRangeInputFormat(), data.getParent(), conf, 1 << 20);
  }

  /** The corpus (fuzz-corpus/range-index): each file in place of the index fails clearly or reads the range exactly. */
  @Test
  void corpusCases() throws Exception {
    File idx = new File(index.toUri());
    File[] cases = FuzzCorpusTest.corpus("range-index");
    assertTrue(cases.length > 0);
    try {
      for (File c : cases) {
        Files.write(idx.toPath(), Files.readAllBytes(c.toPath()));
        try {
          assertEquals(TABLE.expected(40, 45), read(40, 45).rows, c.getName());
        } catch (IOException e) {
          FuzzReads.assertClear(e, index);
        }
      }
    } finally {
      Files.write(idx.toPath(), original);
    }
  }

  @Test
  void fuzz() {
    FuzzRun run = new FuzzRun("range-index", 19_0003L, 1500, 5_000, 64L << 20);
    TABLE.fuzz(run, mutator(), new File(index.toUri()), original, 30, new SidecarFuzz.Target() {
      @Override
      public FuzzReads.Read read(int lo, int hi) throws IOException, InterruptedException {
        return RangeIndexFuzzTest.read(lo, hi);
      }

      @Override
      public void assertClear(IOException e) {
        FuzzReads.assertClear(e, e.getMessage().contains(index.toString()) ? index : data);
      }

      @Override
      public boolean isRefusal(IllegalArgumentException e) {
        return e.getMessage().contains(index.toString()) || e.getMessage().contains("by its index");
      }

      @Override
      public boolean onlyBoundsChanged(byte[] mutated) {
        return onlyKeysChanged(mutated);
      }
    });
  }
}
