package org.hadoopopt.inputformats.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Comparator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.inputformats.btree.RankingsBTreeInputFormat;
import org.hadoopopt.inputformats.btree.TreeEnvironments;
import org.hadoopopt.inputformats.btree.TreeLayout;
import org.hadoopopt.inputformats.btree.TreeWriter;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.index.KeyType;
import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.pavlo.data.SampleRows;
import org.hadoopopt.testing.TestFiles;
import org.hadoopopt.testing.fuzz.FuzzRun;
import org.hadoopopt.testing.fuzz.Mutator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fuzzes the B+-tree sidecar ({@code _part-NNNNN.jdb.meta}, {@link TreeLayout}, TreeMeta): one
 * tree of 150 Rankings rows keyed on pageRank, built by {@link TreeWriter} as the loader builds
 * it; the sidecar is mutated (aimed at key type, row count, key bounds, the stamp, the tail's log
 * file number and length, and the tail bytes, which JE reads as its last log file; blind flips,
 * boundary bytes, truncation, inserted bytes), in most cases with its CRC32C recomputed, and a
 * random pageRank range is read through {@link RankingsBTreeInputFormat} (getSplits reads and
 * checks the sidecar; the reader stages the tree in place and opens it with JE, read-only).
 *
 * <p>Checkable: the range's rows, from the written lines; and that the data file is never written
 * to (its bytes are compared after every case: the reader links it into a local JE directory, and a
 * sidecar must not make the reader write through that link). A read that succeeds returns the range's
 * rows exactly, unless the re-checksummed sidecar carries other key bounds or row count (then it
 * may prune the tree: the rows returned must still be rows of the range, counted as "forged
 * bounds"); a failure is an IOException naming the tree or its sidecar and an offset, or JE's
 * refusal to open the tree, or the IllegalArgumentException naming the tree for a sidecar of
 * another table or column. Each case within 20 s (JE opens) and 256 MB allocated.
 * Long run: {@code -Dtest=TreeMetaFuzzTest -Dfuzz.cases=20000 -Dfuzz.seed=S}.
 */
class TreeMetaFuzzTest {
  private static File work;
  private static Path data;
  private static Path meta;
  private static byte[] original;
  private static byte[] dataBytes;
  private static final SidecarFuzz TABLE = new SidecarFuzz();
  private static int tailAt;
  private static int tailLength;

  @BeforeAll
  static void build() throws IOException {
    work = new File("target/test-work/fuzz-tree-meta").getAbsoluteFile();
    TestFiles.deleteRecursively(work);
    File dir = new File(work, "table");
    dir.mkdirs();
    Configuration conf = conf(false);
    String[] lines = SampleRows.rankings(1918, 150);
    Arrays.sort(lines, Comparator.comparingInt(l -> Integer.parseInt(l.split("\\|")[1])));
    TreeWriter w = new TreeWriter(conf, Schema.RANKINGS, "pageRank", KeyType.INT);
    Row row = Schema.RANKINGS.newRow();
    MutableTextDecoder d = new MutableTextDecoder(Schema.RANKINGS, row);
    for (String l : lines) {
      byte[] b = l.getBytes(StandardCharsets.US_ASCII);
      d.decodeLine(b, 0, b.length, "lines", 0);
      int rank = Integer.parseInt(l.split("\\|")[1]);
      w.append(KeyType.INT.toSortable((long) rank), 0, 4, row);
      TABLE.add(FuzzReads.exactText(row), rank);
    }
    FileSystem fs = FileSystem.getLocal(new Configuration()); // the loader's own path; reads go raw
    data = new Path(new File(dir, TreeLayout.dataFileName(0)).toURI());
    w.finish(fs, data);
    meta = TreeLayout.metaPathFor(data);
    for (File crc : dir.listFiles((d0, n) -> n.endsWith(".crc"))) {
      crc.delete(); // the sidecar is replaced behind Hadoop's back: no stale .crc must answer for the reader
    }
    original = Files.readAllBytes(new File(meta.toUri()).toPath());
    dataBytes = Files.readAllBytes(new File(data.toUri()).toPath());
    tailAt = 97;
    tailLength = java.nio.ByteBuffer.wrap(original).getInt(93);
    assertEquals(original.length, tailAt + tailLength + 4 * 4 + 8 + 4, "sidecar layout located");
  }

  static Configuration conf(boolean skip) {
    Configuration conf = FuzzReads.conf(skip);
    conf.unset("fs.file.impl"); // the reader asks the file system's scheme, which RawLocalFileSystem lacks
    TreeEnvironments.setLocalDir(conf, new File(work, "local").toString());
    TreeEnvironments.setCacheBytes(conf, 1L << 20);
    return conf;
  }

  static Mutator mutator() {
    Mutator m = new Mutator(original);
    m.field("table name length", 5, 2).field("column name length", 15, 2).field("key type", 25, 1)
        .field("rows", 26, 8).field("has keys", 34, 1).field("first key", 35, 8).field("last key", 43, 8)
        .field("stamp length", 51, 8).field("stamp mtime", 59, 8).field("stamp file id", 67, 8)
        .field("checksum length", 77, 4).field("sampled CRC", 81, 4).field("tail file number", 85, 8)
        .field("tail length", 93, 4);
    for (int i = 0; i < 6; i++) {
      m.field("tail word " + i, tailAt + i * tailLength / 6, 4);
    }
    int check = tailAt + tailLength;
    m.field("end-of-log entries", check, 4).field("rows counted", check + 16, 8);
    m.cut(tailAt).cut(check).cut(51).cut(85).cut(original.length - 4);
    m.chunk(tailAt, tailAt + tailLength / 2).chunk(tailAt + tailLength / 2, check);
    return m;
  }

  private static FuzzReads.Read read(int lo, int hi) throws IOException, InterruptedException {
    Configuration conf = conf(false);
    RangeIndexInputFormat.setIntRange(conf, "pageRank", lo, true, hi, true);
    return FuzzReads.read(new RankingsBTreeInputFormat(), data.getParent(), conf, Long.MAX_VALUE);
  }

  @Test
  void intactTreeReadsTheRange() throws Exception {
    FuzzReads.Read got = read(30, 50);
    assertTrue(got.rows.size() > 10);
    assertEquals(TABLE.expected(30, 50), got.rows);
  }

  @Test
  void fuzz() {
    File tree = new File(data.toUri());
    FuzzRun run = new FuzzRun("btree-sidecar", 19_0004L, 300, 20_000, 256L << 20);
    TABLE.fuzz(run, mutator(), new File(meta.toUri()), original, 40, new SidecarFuzz.Target() {
      @Override
      public FuzzReads.Read read(int lo, int hi) throws IOException, InterruptedException {
        return TreeMetaFuzzTest.read(lo, hi);
      }

      @Override
      public void assertClear(IOException e) {
        // A sidecar whose stamp no longer matches the tree is refused naming the tree and what differs.
        FuzzReads.assertClear(e, e.getMessage().contains(meta.toString()) ? meta : data, "JE cannot open",
            "not the B+-tree file the loader wrote");
      }

      @Override
      public boolean isRefusal(IllegalArgumentException e) {
        return e.getMessage().contains(data.toString());
      }

      @Override
      public boolean onlyBoundsChanged(byte[] mutated) {
        // rows, has keys, first and last key (offsets 26..50): what no reader can check against the tree
        boolean boundsOnly = mutated.length == original.length;
        for (int k = 0; k < original.length - 4 && boundsOnly; k++) {
          boundsOnly = mutated[k] == original[k] || k >= 26 && k < 51;
        }
        return boundsOnly;
      }

      @Override
      public void afterCase(String outcome) throws IOException {
        if (!Arrays.equals(dataBytes, Files.readAllBytes(tree.toPath()))) {
          Files.write(tree.toPath(), dataBytes);
          throw new AssertionError("the tree file " + data + " was written to (" + outcome + ")");
        }
      }
    });
    File[] left = new File(work, "local").listFiles();
    assertEquals(0, left == null ? 0 : left.length, "staging directories left: " + Arrays.toString(left));
  }
}
