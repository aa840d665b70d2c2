package org.hadoopopt.inputformats.loader;

import static org.hadoopopt.inputformats.loader.TestTables.expected;
import static org.hadoopopt.inputformats.loader.TestTables.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.hadoopopt.inputformats.btree.RankingsBTreeInputFormat;
import org.hadoopopt.inputformats.btree.TreeLayout;
import org.hadoopopt.inputformats.btree.TreeMeta;
import org.hadoopopt.inputformats.index.DataFileStamp;
import org.hadoopopt.inputformats.index.RangeIndex;
import org.hadoopopt.inputformats.index.RangeIndexLayout;
import org.hadoopopt.inputformats.mapreduce.IndexedSplit;
import org.hadoopopt.inputformats.mapreduce.RangeIndexCounter;
import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.inputformats.mapreduce.RankingsRangeInputFormat;
import org.hadoopopt.testing.MiniDfs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * On HDFS (MiniDFSCluster), tables loaded with range indexes and as B+-trees; then a data file is
 * rewritten with the same length and its modification time restored (setTimes), once re-created
 * (a new file id) and once truncated and appended to (same file id, new content). The range index
 * must see the change (the file is read whole, the edited row found, counted) and the B+-tree
 * sidecar must refuse the tree naming the file.
 */
class SidecarStampOnHdfsTest {
  @RegisterExtension
  static final MiniDfs DFS = new MiniDfs(1);

  private static Configuration conf;
  private static FileSystem fs;
  private static TestTables tables;

  @BeforeAll
  static void write() throws Exception {
    conf = DFS.conf();
    conf.set("mapreduce.framework.name", "local");
    fs = DFS.fs();
    tables = new TestTables(31, 600, 10);
    try (OutputStream out = fs.create(new Path("/in/rankings/data.txt"))) {
      out.write((String.join("\n", tables.rankings) + "\n").getBytes(StandardCharsets.UTF_8));
    }
  }

  private static Path load(String format, String out) throws Exception {
    Path dir = new Path("/" + out);
    TestTables.load(conf, "rankings", format, 2, 512, new Path("/in/rankings"), dir);
    return dir;
  }

  private static Configuration range(long lo, long hi) {
    Configuration c = new Configuration(conf);
    RangeIndexInputFormat.setIntRange(c, "pageRank", (int) lo, true, (int) hi, true);
    return c;
  }

  private static byte[] bytes(Path p) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (InputStream in = fs.open(p)) {
      in.transferTo(b);
    }
    return b.toByteArray();
  }

  /** Replaces the content of {@code p} by {@code b} (same length), re-created or kept, and restores its time. */
  private static void rewrite(Path p, byte[] b, boolean recreate) throws IOException {
    FileStatus before = fs.getFileStatus(p);
    assertEquals(before.getLen(), b.length);
    if (recreate) {
      try (OutputStream out = fs.create(p, true)) {
        out.write(b);
      }
    } else {
      assertTrue(fs.truncate(p, 0), "truncated at once (a block boundary)");
      try (OutputStream out = fs.append(p)) {
        out.write(b);
      }
    }
    fs.setTimes(p, before.getModificationTime(), -1);
    FileStatus after = fs.getFileStatus(p);
    assertEquals(before.getLen(), after.getLen());
    assertEquals(before.getModificationTime(), after.getModificationTime());
  }

  /** part-00001 with its first two-digit pageRank set to 95 (no row of the input has 90..99); returns the new line. */
  private static String editRank(Path data, boolean recreate) throws IOException {
    String text = new String(bytes(data), StandardCharsets.UTF_8);
    List<String> lines = new ArrayList<>(List.of(text.split("\n")));
    for (int i = 0; i < lines.size(); i++) {
      String[] f = lines.get(i).split("\\|");
      if (f[1].length() == 2) {
        String changed = f[0] + "|95|" + f[2];
        lines.set(i, changed);
        rewrite(data, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8), recreate);
        return changed;
      }
    }
    throw new AssertionError("no two-digit rank in " + data);
  }

  private void rangeIndexSeesTheRewrite(boolean recreate, String reason) throws Exception {
    Path dir = load("text", recreate ? "text-recreated" : "text-truncated");
    Path data = new Path(dir, "part-00001");
    RangeIndex index = RangeIndex.read(fs, RangeIndexLayout.indexPathFor(data));
    assertTrue(index.dataStamp().fileId() > 0 && index.dataStamp().hasFileChecksum(), "HDFS file id and checksum recorded");
    assertNull(index.staleReason(fs, fs.getFileStatus(data)), "fresh after loading");
    List<InputSplit> splits = new ArrayList<>();
    assertEquals(expected(tables.rankings, 1, 100L, true, 999L, true),
        read(new RankingsRangeInputFormat(), dir, range(100, 999), splits));
    assertEquals(0, ((IndexedSplit) splits.get(0)).count(RangeIndexCounter.STALE_INDEX_FALLBACKS));
    assertTrue(((IndexedSplit) splits.get(0)).count(RangeIndexCounter.PAGES_PRUNED) > 0);

    String changed = editRank(data, recreate);
    String why = index.staleReason(fs, fs.getFileStatus(data));
    assertTrue(why != null && why.contains(reason), why);
    splits.clear();
    assertEquals(Collections.singletonList(changed), read(new RankingsRangeInputFormat(), dir, range(90, 99), splits),
        "no loaded row has a rank in 90..99; the edited one does");
    assertEquals(1, ((IndexedSplit) splits.get(0)).count(RangeIndexCounter.STALE_INDEX_FALLBACKS));
  }

  @Test
  void aRangeIndexSeesItsFileRecreated() throws Exception {
    rangeIndexSeesTheRewrite(true, "file id");
  }

  @Test
  void aRangeIndexSeesItsFileRewrittenInPlace() throws Exception {
    rangeIndexSeesTheRewrite(false, "checksum");
  }

  private void treeSidecarSeesTheRewrite(boolean recreate, String reason) throws Exception {
    Path dir = load("bdbtree", recreate ? "tree-recreated" : "tree-truncated");
    Path data = new Path(dir, TreeLayout.dataFileName(0));
    DataFileStamp stamp = TreeMeta.read(fs, TreeLayout.metaPathFor(data)).dataStamp();
    assertTrue(stamp.fileId() > 0 && stamp.hasFileChecksum(), "HDFS file id and checksum recorded");
    assertEquals(expected(tables.rankings, 1, 100L, true, 999L, true),
        read(new RankingsBTreeInputFormat(), dir, range(100, 999), new ArrayList<>()), "fresh after loading");

    byte[] b = bytes(data);
    b[b.length / 2] ^= 0x20;
    rewrite(data, b, recreate);
    IOException e = assertThrows(IOException.class,
        () -> read(new RankingsBTreeInputFormat(), dir, range(100, 999), new ArrayList<>()));
    assertTrue(e.getMessage().contains(fs.makeQualified(data) + ": not the B+-tree file the loader wrote")
        && e.getMessage().contains(reason), e.getMessage());
  }

  @Test
  void aTreeSidecarSeesItsFileRecreated() throws Exception {
    treeSidecarSeesTheRewrite(true, "file id");
  }

  @Test
  void aTreeSidecarSeesItsFileRewrittenInPlace() throws Exception {
    treeSidecarSeesTheRewrite(false, "checksum");
  }
}
