package org.hadoopopt.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.testing.MiniDfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The scheduling experiment end to end on a tiny file: real HDFS (so block sizes are real), the
 * local job runner; one row per size with the map count the size implies.
 */
class SchedScanTest {
  private static final long FILE = 512 * 1024;
  private static final long[] SIZES = {64 * 1024, 128 * 1024, 256 * 1024, 512 * 1024};

  @RegisterExtension
  static final MiniDfs DFS = new MiniDfs(1, smallBlocks());

  private static Configuration smallBlocks() {
    Configuration c = new HdfsConfiguration();
    c.setLong("dfs.namenode.fs-limits.min-block-size", 0); // the blocks layout writes 64 KB blocks
    return c;
  }

  private Configuration conf() {
    Configuration conf = DFS.conf();
    conf.set("mapreduce.framework.name", "local");
    return conf;
  }

  @Test
  void splitLayoutOneRowPerSizeWithItsMapCount() throws Exception {
    File out = Files.createTempFile("sched-split", ".json").toFile();
    int rc = ToolRunner.run(conf(), new SchedScan(), new String[] {"--file-size", "512k", "--split-sizes",
        "512k,64k,256k,128k", "--rounds", "1", "--out", out.getPath(), "/work-split"});
    assertEquals(0, rc);
    check(out, "/work-split/sched-split/scan.txt");
  }

  @Test
  void blocksLayoutWritesOneFilePerBlockSize() throws Exception {
    Configuration conf = conf();
    SchedScan.setFileSize(conf, FILE);
    SchedScan.setSplitSizes(conf, SIZES);
    SchedScan.setLayout(conf, "blocks");
    MicroOptions.setRounds(conf, 1);
    File out = Files.createTempFile("sched-blocks", ".json").toFile();
    MicroResult r = SchedScan.measure(conf, new Path("/work-blocks"));
    r.write(out);
    FileSystem fs = FileSystem.get(conf);
    for (long s : SIZES) {
      Path f = new Path("/work-blocks/sched-blocks/scan-" + (s / 1024) + "k.txt");
      assertEquals(s, fs.getFileStatus(f).getBlockSize(), f.toString());
      assertEquals(FILE / s, fs.getFileBlockLocations(f, 0, FILE).length, f + " blocks");
    }
    check(out, null);
  }

  private static void check(File out, String splitFile) throws Exception {
    JsonNode root = new ObjectMapper().readTree(out);
    assertEquals("sched", root.get("benchmark").asText());
    JsonNode rows = root.get("rows");
    List<String> names = Arrays.asList("64k", "128k", "256k", "512k");
    assertEquals(names.size(), rows.size(), root.toString());
    long records = (FILE + ScanData.LINE - 1) / ScanData.LINE; // the last, partial line is a record too
    for (int i = 0; i < SIZES.length; i++) {
      JsonNode row = rows.get(i);
      assertEquals(names.get(i), row.get("configuration").asText());
      assertEquals(FILE / SIZES[i], row.get("maps").asLong(), row.toString());
      assertEquals(records, row.get("records").asLong(), row.toString());
      assertEquals(1, row.get("values").size());
      assertTrue(row.get("median").asDouble() > 0);
    }
    // no 128m row here, so the smallest size is the reference
    assertEquals("64k", root.get("stock").asText());
    assertEquals(1.0, rows.get(0).get("speedup").asDouble(), 1e-9);
    if (splitFile != null) {
      FileSystem fs = FileSystem.get(DFS.conf());
      assertEquals(FILE, fs.getFileStatus(new Path(splitFile)).getLen());
    }
  }

  @Test
  void badValuesNameTheirKey() {
    Configuration conf = conf();
    conf.set(SchedScan.LAYOUT, "tiles");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SchedScan.measure(conf, new Path("/work-bad")));
    assertTrue(e.getMessage().contains(SchedScan.LAYOUT), e.getMessage());
    Configuration conf2 = conf();
    conf2.set(SchedScan.SPLIT_SIZES, "64m,lots");
    e = assertThrows(IllegalArgumentException.class, () -> SchedScan.measure(conf2, new Path("/work-bad")));
    assertTrue(e.getMessage().contains(SchedScan.SPLIT_SIZES) && e.getMessage().contains("lots"), e.getMessage());
  }
}
