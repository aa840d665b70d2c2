package org.hadoopopt.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.results.CellResult;
import org.hadoopopt.bench.results.SuiteResults;
import org.hadoopopt.directio.datanode.DirectIoDataNodePlugin;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.testing.MiniDfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The suite on HDFS with the local job runner, a DataNode running the direct I/O plugin: the
 * {@code +dio} variant's tasks read the blocks through the plugin (its bytes counted in
 * results.json), the plain variant's do not, and both give the baseline's answer. In this JVM the
 * HDFS client is cached from the suite's own configuration, which lacks the direct I/O builder; a
 * {@code +dio} job that reused it streamed every block and was reported as direct I/O.
 */
class SuiteDirectIoHdfsTest {
  private static final String SOCKETS = Paths.get("target", "sock-suite-dio").toAbsolutePath().toString();

  @RegisterExtension
  static final MiniDfs DFS = new MiniDfs(1, cluster());

  private static Configuration cluster() {
    new File(SOCKETS).mkdirs();
    Configuration c = new HdfsConfiguration();
    c.setLong("dfs.blocksize", 1 << 20);
    c.setLong("dfs.namenode.fs-limits.min-block-size", 0);
    c.setBoolean("dfs.block.access.token.enable", true);
    c.set("dfs.datanode.plugins", DirectIoDataNodePlugin.class.getName());
    EndpointDirectory.setSocketDir(c, SOCKETS);
    return c;
  }

  @Test
  void theDirectIoVariantReadsThroughThePluginAndGivesTheBaselineAnswer() throws Exception {
    Configuration conf = DFS.conf();
    conf.set("mapreduce.framework.name", "local");
    EndpointDirectory.setSocketDir(conf, SOCKETS);
    FileSystem.get(conf).exists(new org.apache.hadoop.fs.Path("/")); // the JVM's cached client, without the builder
    File out = Files.createTempDirectory("suite-dio").toFile();
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    int rc = ToolRunner.run(conf, new SuiteTool(new PrintStream(console, true, "UTF-8")), new String[] {
        "--cluster", "minidfs", "--scale", "0.0005", "--seed", "5", "--runs", "1", "--tasks", "grep,selection",
        "--variants", "mtp,mtp+dio", "--peers", "none", "--no-ideal", "--out", out.toString(), "/suite-dio"});
    String printed = console.toString("UTF-8");
    assertEquals(0, rc, printed);
    SuiteResults r = ResultsJson.read(new String(Files.readAllBytes(new File(out, "results.json").toPath()),
        StandardCharsets.UTF_8));
    assertFalse(r.notices().stream().anyMatch(n -> n.startsWith("skipped mtp+dio")), printed);
    for (String task : new String[] {"grep", "selection"}) {
      CellResult dio = r.find(task, "mtp+dio");
      CellResult plain = r.find(task, "mtp");
      assertNotNull(dio, task + ": " + printed);
      assertEquals(Boolean.TRUE, dio.answerMatchesBaseline(), task);
      assertEquals(Boolean.TRUE, plain.answerMatchesBaseline(), task);
      Long direct = dio.counters().get(Execution.DIRECT_BYTES);
      assertNotNull(direct, task + ": no direct bytes counted");
      assertTrue(direct > 0, task + ": mtp+dio read " + direct + " bytes directly");
      assertEquals(null, plain.counters().get(Execution.DIRECT_BYTES), task + ": mtp is not a direct I/O variant");
    }
  }
}
