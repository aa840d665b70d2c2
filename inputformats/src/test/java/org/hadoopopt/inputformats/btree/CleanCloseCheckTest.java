package org.hadoopopt.inputformats.btree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sleepycat.je.Database;
import com.sleepycat.je.DatabaseEntry;
import com.sleepycat.je.Environment;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.index.KeyType;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The clean-close check tells the loader's tree form from the two that make every open expensive:
 * the same rows in a JE environment closed the ordinary way (one log file: the end-of-log scan
 * reads every entry), and one copied without being closed (recovery redoes every record).
 */
class CleanCloseCheckTest {
  private static final int ROWS = 3000;
  private static File work;
  private static Configuration conf;

  @BeforeAll
  static void setUp() throws Exception {
    work = new File("target/test-work/clean-close").getAbsoluteFile();
    TestFiles.deleteRecursively(work);
    work.mkdirs();
    conf = new Configuration();
    TreeEnvironments.setLocalDir(conf, new File(work, "local").toString());
  }

  private static CleanCloseCheck reopen(File dir) {
    Environment env = new Environment(dir, TreeEnvironments.reader(conf, true));
    try {
      Database db = env.openDatabase(null, TreeLayout.DATABASE, TreeEnvironments.database(false));
      long n = db.count();
      db.close();
      return CleanCloseCheck.of(env, n);
    } finally {
      env.close();
    }
  }

  /** ROWS records straight into a new environment in {@code dir}, left open. */
  private static Environment fill(File dir) {
    dir.mkdirs();
    Environment env = new Environment(dir, TreeEnvironments.writer(conf));
    Database db = env.openDatabase(null, TreeLayout.DATABASE, TreeEnvironments.database(true));
    for (int i = 0; i < ROWS; i++) {
      db.put(null, new DatabaseEntry(TreeKeys.key(new byte[] {0, 0, 0, 1}, i, null)),
          new DatabaseEntry(("http://u" + i + ".example.com/|" + i + "|7").getBytes(StandardCharsets.US_ASCII)));
    }
    db.close();
    return env;
  }

  @Test
  void theLoadersTreeOpensWithWorkIndependentOfItsSize() throws Exception {
    TreeWriter w = new TreeWriter(conf, Schema.RANKINGS, "pageRank", KeyType.INT);
    Row row = Schema.RANKINGS.newRow();
    MutableTextDecoder d = new MutableTextDecoder(Schema.RANKINGS, row);
    for (int i = 0; i < ROWS; i++) {
      byte[] line = ("http://u" + i + ".example.com/|" + i / 3 + "|7").getBytes(StandardCharsets.US_ASCII);
      d.decodeLine(line, 0, line.length, "test", i);
      w.append(KeyType.INT.toSortable((long) (i / 3)), 0, 4, row);
    }
    FileSystem fs = FileSystem.getLocal(conf);
    TreeMeta meta = w.finish(fs, new Path(new File(work, TreeLayout.dataFileName(0)).getAbsolutePath()));
    CleanCloseCheck c = meta.check();
    assertNull(c.problem(ROWS), c.toString());
    assertEquals(ROWS, c.rowsCounted());
    assertTrue(c.endOfLogEntries() < 100, c.toString());
    assertEquals(0, c.lnsUndone());
    assertTrue(c.lnsRedone() < 20, c.toString());
  }

  @Test
  void anOrdinaryCloseLeavesTheWholeTreeToScanAtEveryOpen() throws Exception {
    File dir = new File(work, "ordinary");
    fill(dir).close();
    CleanCloseCheck c = reopen(dir);
    assertTrue(c.endOfLogEntries() >= ROWS, c.toString());
    assertEquals(ROWS, c.rowsCounted());
    String problem = c.problem(ROWS);
    assertNotNull(problem);
    assertTrue(problem.contains("more than the tail"), problem);
  }

  @Test
  void aTreeCopiedWithoutCloseIsReplayed() throws Exception {
    Environment env = fill(new File(work, "open"));
    env.flushLog(true);
    File copy = new File(work, "crashed");
    copy.mkdirs();
    for (File f : new File(work, "open").listFiles((x, n) -> n.endsWith(".jdb"))) {
      Files.copy(f.toPath(), new File(copy, f.getName()).toPath());
    }
    env.close();
    CleanCloseCheck c = reopen(copy);
    assertTrue(c.lnsRedone() >= ROWS, c.toString());
    assertNotNull(c.problem(ROWS));
  }
}
