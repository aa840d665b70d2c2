package org.hadoopopt.compat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.AggregateWordCount;
import org.apache.hadoop.examples.Grep;
import org.apache.hadoop.examples.MultiFileWordCount;
import org.apache.hadoop.examples.QuasiMonteCarlo;
import org.apache.hadoop.examples.SecondarySort;
import org.apache.hadoop.examples.WordCount;
import org.apache.hadoop.examples.WordMean;
import org.apache.hadoop.examples.WordMedian;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.examples.terasort.TeraSort;
import org.apache.hadoop.examples.terasort.TeraValidate;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.aggregate.ValueAggregatorJob;
import org.apache.hadoop.mapreduce.lib.aggregate.ValueAggregatorJobBase;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.streaming.StreamJob;
import org.apache.hadoop.util.ReflectionUtils;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.apache.hadoop.fs.FileUtil;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The stock example programs of hadoop-mapreduce-examples 3.4.2 and a Streaming word count (over
 * pipes, and over shm) run twice on one real HDFS (MiniDFSCluster: NameNode and DataNode with the
 * direct-I/O plugin and block tokens, jobs in the local job runner): once as stock (no key of
 * ours), once with every plugin on as this module's {@code all-on} configuration switches them on
 * (the conf/ snippets merged: hash grouping with its fallback chain, the fingerprint merge, direct
 * I/O, the shm resolver). Every output file must be byte-identical to stock's, and each all-on job
 * must show its plugins at work: the collector named per map attempt in the task log (hash
 * grouping, or its quiet hand-over to the fingerprint collector), the fingerprint merge per
 * reduce, bytes read directly from the DataNode's block files, and shm rings for the shm job. The
 * table of programs, activity and verdicts is written to {@code target/all-on-examples.md}.
 */
class AllOnExamplesTest {
  private static final File WORK = new File("target/all-on-examples").getAbsoluteFile();
  private static final File SITE = new File("src/test/compat/conf/all-on").getAbsoluteFile();
  private static final String SOCKETS = "/tmp/hadoopopt-allon-examples-" + ProcessHandle.current().pid();
  private static final String PYTHON_CLIENT = new File("../shmstreaming/src/main/python").getAbsolutePath();
  private static final String ACCESSOR = "dfs.client.replica.accessor.builder.classes";

  private static MiniDFSCluster dfs;
  private static Configuration stockConf;
  private static Configuration allOnConf;
  private static FileSystem fs;
  private static final Map<String, String> TABLE = new LinkedHashMap<>();

  /** One program: runs with a configuration into an output folder. */
  interface Program {
    void run(Configuration conf, Path out) throws Exception;
  }

  @BeforeAll
  static void startCluster() throws Exception {
    FileUtil.fullyDelete(WORK);
    Files.createDirectories(new File(SOCKETS).toPath());
    Configuration hdfs = new Configuration();
    hdfs.addResource(new Path(new File(SITE, "hdfs-site.xml").toURI()));
    hdfs.set("hadoopopt.directio.socket.dir", SOCKETS);
    hdfs.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File(WORK, "dfs").getPath());
    dfs = new MiniDFSCluster.Builder(hdfs).numDataNodes(1).build();
    dfs.waitActive();

    stockConf = new Configuration(dfs.getConfiguration(0));
    stockConf.unset(ACCESSOR); // stock clients stream every block
    stockConf.set("mapreduce.framework.name", "local");
    stockConf.set("hadoop.tmp.dir", new File(WORK, "tmp").getPath());
    stockConf.set("mapreduce.cluster.local.dir", new File(WORK, "local").getPath());
    stockConf.set("mapreduce.jobtracker.staging.root.dir", new File(WORK, "staging").getPath());
    stockConf.setInt("mapreduce.client.completion.pollinterval", 50);
    stockConf.setInt("mapreduce.client.progressmonitor.pollinterval", 50);
    fs = FileSystem.get(stockConf);

    allOnConf = new Configuration(stockConf);
    Configuration site = new Configuration(false);
    site.addResource(new Path(new File(SITE, "mapred-site.xml").toURI()));
    site.addResource(new Path(new File(SITE, "hdfs-site.xml").toURI()));
    site.forEach(e -> allOnConf.set(e.getKey(), e.getValue()));
    allOnConf.set("hadoopopt.directio.socket.dir", SOCKETS);
    // Tasks of the local runner share this JVM: without this they would reuse the cached stock client.
    allOnConf.setBoolean("fs.hdfs.impl.disable.cache", true);

    Random r = new Random(32);
    String[] words = new String[300];
    for (int i = 0; i < words.length; i++) {
      StringBuilder w = new StringBuilder();
      int len = 1 + r.nextInt(9);
      for (int k = 0; k < len; k++) {
        w.append((char) ('a' + r.nextInt(r.nextBoolean() ? 4 : 26)));
      }
      words[i] = w.toString();
    }
    for (int f = 0; f < 3; f++) {
      StringBuilder sb = new StringBuilder();
      for (int l = 0; l < 400; l++) {
        int n = 1 + r.nextInt(12);
        for (int k = 0; k < n; k++) {
          sb.append(k == 0 ? "" : " ").append(words[(int) Math.min(words.length - 1, Math.abs(r.nextGaussian()) * 60)]);
        }
        sb.append('\n');
      }
      write(new Path("/in/text/part-" + f), sb.toString());
      StringBuilder pairs = new StringBuilder();
      for (int l = 0; l < 500; l++) {
        pairs.append(r.nextInt(20)).append(' ').append(r.nextInt(50) - 25).append('\n');
      }
      write(new Path("/in/pairs/part-" + f), pairs.toString());
    }
  }

  @AfterAll
  static void stopCluster() throws IOException {
    StringBuilder md = new StringBuilder("| program | plugin activity (all-on) | output |\n|---|---|---|\n");
    TABLE.forEach((p, row) -> md.append("| ").append(p).append(" | ").append(row).append(" |\n"));
    Files.write(new File("target/all-on-examples.md").toPath(), md.toString().getBytes(StandardCharsets.UTF_8));
    if (dfs != null) {
      dfs.shutdown();
    }
    FileUtil.fullyDelete(new File(SOCKETS));
  }

  private static void write(Path p, String text) throws IOException {
    try (OutputStream out = fs.create(p, true)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  /** What one all-on job's log and the direct-I/O client's bean show. */
  static final class Activity {
    final Map<String, Long> lines = new TreeMap<>();
    long directBytes;
    long shmRings;
    long mapAttempts;
    long reduceMerges;

    long count(String k) {
      return lines.getOrDefault(k, 0L);
    }

    String describe() {
      List<String> parts = new ArrayList<>();
      if (mapAttempts > 0) {
        parts.add(String.format("map attempts: hash %d, fp %d (hash declined %d), stock %d",
            CollectorLines.hashUsed(lines), count(CollectorLines.FP_USED), count(CollectorLines.HASH_DECLINED),
            count(CollectorLines.STOCK_USED)));
      } else {
        parts.add("map-only");
      }
      if (reduceMerges > 0) {
        parts.add("fp merge " + reduceMerges + " reduces");
      }
      parts.add(String.format("%,d B read directly", directBytes));
      if (shmRings > 0) {
        parts.add(shmRings + " shm rings");
      }
      return String.join("; ", parts);
    }
  }

  /**
   * The messages Hadoop's logging backend (log4j 1, reload4j) passes to the root logger while
   * attached: the local job runner's tasks log there.
   */
  static final class LogLines extends AppenderSkeleton {
    private final List<String> lines = new ArrayList<>();

    @Override
    protected synchronized void append(LoggingEvent event) {
      lines.add(event.getLevel() + " " + event.getLoggerName() + " - " + event.getRenderedMessage());
    }

    synchronized List<String> lines() {
      return new ArrayList<>(lines);
    }

    @Override
    public void close() {
    }

    @Override
    public boolean requiresLayout() {
      return false;
    }
  }

  private static long directBytes() {
    return JvmActivity.directIo().getOrDefault("DirectBytes", 0L);
  }

  private static Activity runAllOn(Program p, Path out) throws Exception {
    Activity a = new Activity();
    long before = directBytes();
    LogLines log = new LogLines();
    Logger.getRootLogger().addAppender(log);
    try {
      p.run(new Configuration(allOnConf), out);
    } finally {
      Logger.getRootLogger().removeAppender(log);
    }
    for (String line : log.lines()) {
      CollectorLines.count(line, a.lines);
      if (line.contains("the task's two Streaming threads took turns")) {
        a.shmRings++;
      }
    }
    a.directBytes = directBytes() - before;
    a.mapAttempts = CollectorLines.hashUsed(a.lines) + a.count(CollectorLines.FP_USED) + a.count(CollectorLines.STOCK_USED);
    a.reduceMerges = a.count(CollectorLines.MERGE_USED);
    return a;
  }

  /** Every file of the output folder (names and bytes), in name order. */
  private static Map<String, byte[]> files(Path dir) throws IOException {
    Map<String, byte[]> out = new TreeMap<>();
    for (FileStatus s : fs.listStatus(dir)) {
      if (s.isFile() && !s.getPath().getName().startsWith(".")) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (java.io.InputStream in = fs.open(s.getPath())) {
          IOUtils.copyBytes(in, b, 4096, false);
        }
        out.put(s.getPath().getName(), b.toByteArray());
      }
    }
    return out;
  }

  /**
   * Runs the program stock and all-on, compares every output file, checks the activity, records
   * the row. {@code maps}: whether the job has reducers (so a collector runs); {@code direct}:
   * whether it reads files from HDFS.
   */
  private static Activity check(String name, Program p, boolean reduces, boolean direct) throws Exception {
    Path stockOut = new Path("/out/stock/" + name);
    Path allOut = new Path("/out/all-on/" + name);
    p.run(new Configuration(stockConf), stockOut);
    Activity a = runAllOn(p, allOut);
    Map<String, byte[]> want = files(stockOut);
    Map<String, byte[]> got = files(allOut);
    assertEquals(want.keySet(), got.keySet(), name + ": output files");
    assertTrue(!want.isEmpty(), name + ": no output");
    for (String f : want.keySet()) {
      assertArrayEquals(want.get(f), got.get(f), name + ": " + f + " differs from stock");
    }
    if (reduces) {
      assertTrue(a.mapAttempts > 0, name + ": no map attempt named a collector: " + a.lines);
      assertEquals(0, a.count(CollectorLines.STOCK_USED), name + ": Hadoop's collector ran: " + a.lines);
      assertEquals(0, a.count(CollectorLines.FP_DECLINED), name + ": " + a.lines);
      assertTrue(a.reduceMerges > 0, name + ": the fingerprint merge did not run: " + a.lines);
      assertEquals(0, a.count(CollectorLines.MERGE_DECLINED), name + ": " + a.lines);
    }
    if (direct) {
      assertTrue(a.directBytes > 0, name + ": nothing read directly");
    }
    TABLE.put(name, a.describe() + " | identical (" + want.size() + " files)");
    return a;
  }

  private static void tool(Tool t, Configuration conf, String... args) throws Exception {
    assertEquals(0, ToolRunner.run(conf, t, args), t.getClass().getSimpleName() + " " + Arrays.toString(args));
  }

  interface Body {
    void run() throws Exception;
  }

  /**
   * Runs {@code body} with every key of {@code conf} that differs from a new Configuration's in
   * site files that new Configurations of this thread load (through the thread's context class
   * loader, which Configuration reads its default resources from).
   */
  private static void withSiteFile(Configuration conf, Body body) throws Exception {
    File dir = Files.createTempDirectory(WORK.toPath(), "site").toFile();
    Configuration defaults = new Configuration();
    Configuration site = new Configuration(false);
    for (Map.Entry<String, String> e : conf) {
      String v = conf.get(e.getKey());
      if (v != null && !v.equals(defaults.get(e.getKey()))) {
        site.set(e.getKey(), v);
      }
    }
    // in every site file: each is loaded after its own *-default.xml, which would hide a key set earlier
    for (String name : new String[] {"core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml"}) {
      try (OutputStream out = Files.newOutputStream(new File(dir, name).toPath())) {
        site.writeXml(out);
      }
    }
    Thread t = Thread.currentThread();
    ClassLoader previous = t.getContextClassLoader();
    try (java.net.URLClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {dir.toURI().toURL()}, previous)) {
      t.setContextClassLoader(loader);
      body.run();
    } finally {
      t.setContextClassLoader(previous);
    }
  }

  private static void waitFor(Job job) throws Exception {
    assertTrue(job.waitForCompletion(true), job.getJobName() + " failed");
  }

  @Test
  void wordCount() throws Exception {
    check("wordcount", (conf, out) -> {
      Job job = Job.getInstance(conf, "word count");
      job.setJarByClass(WordCount.class);
      job.setMapperClass(WordCount.TokenizerMapper.class);
      job.setCombinerClass(WordCount.IntSumReducer.class);
      job.setReducerClass(WordCount.IntSumReducer.class);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(IntWritable.class);
      job.setNumReduceTasks(2);
      FileInputFormat.addInputPath(job, new Path("/in/text"));
      FileOutputFormat.setOutputPath(job, out);
      waitFor(job);
    }, true, true);
  }

  @Test
  void wordMeanAndMedian() throws Exception {
    check("wordmean", (conf, out) -> tool(new WordMean(), conf, "/in/text", out.toString()), true, true);
    // WordMedian ignores the configuration it is given and makes new ones: it sees the cluster
    // only through site files, as on an operator's cluster
    check("wordmedian", (conf, out) -> withSiteFile(conf, () -> assertEquals(0,
        new WordMedian().run(new String[] {"/in/text", out.toString()}))), true, true);
  }

  /** Two jobs: the search (a summing combiner), then the sort by count (DecreasingComparator, one reduce). */
  @Test
  void grep() throws Exception {
    check("grep", (conf, out) -> tool(ReflectionUtils.newInstance(Grep.class, conf), conf, "/in/text", out.toString(), "[a-d]+"), true, true);
  }

  @Test
  void aggregateWordCount() throws Exception {
    check("aggregatewordcount", (conf, out) -> {
      Configuration c = new Configuration(conf);
      c.setInt(ValueAggregatorJobBase.DESCRIPTOR_NUM, 1);
      c.set(ValueAggregatorJobBase.DESCRIPTOR + ".0", "UserDefined," + AggregateWordCount.class.getName() + "$WordCountPlugInClass");
      waitFor(ValueAggregatorJob.createValueAggregatorJob(c, new String[] {"/in/text", out.toString(), "2", "textinputformat"}));
    }, true, true);
  }

  @Test
  void multiFileWordCount() throws Exception {
    check("multifilewc", (conf, out) -> tool(new MultiFileWordCount(), conf, "/in/text", out.toString()), true, true);
  }

  /** IntPair keys (no fingerprint: the comparator orders them), a grouping comparator, its own partitioner. */
  @Test
  void secondarySort() throws Exception {
    check("secondarysort", (conf, out) -> {
      Job job = Job.getInstance(conf, "secondary sort");
      job.setJarByClass(SecondarySort.class);
      job.setMapperClass(SecondarySort.MapClass.class);
      job.setReducerClass(SecondarySort.Reduce.class);
      job.setPartitionerClass(SecondarySort.FirstPartitioner.class);
      job.setGroupingComparatorClass(SecondarySort.FirstGroupingComparator.class);
      job.setMapOutputKeyClass(SecondarySort.IntPair.class);
      job.setMapOutputValueClass(IntWritable.class);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(IntWritable.class);
      job.setNumReduceTasks(2);
      FileInputFormat.addInputPath(job, new Path("/in/pairs"));
      FileOutputFormat.setOutputPath(job, out);
      waitFor(job);
    }, true, true);
  }

  @Test
  void teraGenSortValidate() throws Exception {
    check("teragen", (conf, out) -> tool(new TeraGen(), conf, "-Dmapreduce.job.maps=2", "3000", out.toString()), false, false);
    check("terasort", (conf, out) -> tool(new TeraSort(), conf, "-Dmapreduce.job.reduces=2",
        new Path(out.getParent(), "teragen").toString(), out.toString()), true, true);
    check("teravalidate", (conf, out) -> tool(new TeraValidate(), conf, new Path(out.getParent(), "terasort").toString(),
        out.toString()), true, true);
  }

  /** The estimate's digits are its output (its files are written to a folder it deletes). */
  @Test
  void pi() throws Exception {
    check("pi", (conf, out) -> {
      Path tmp = new Path(out.getParent(), "pi-tmp-" + out.getName());
      String pi = QuasiMonteCarlo.estimatePi(3, 2000, tmp, conf).toPlainString();
      write(new Path(out, "estimate"), pi + "\n");
    }, true, true);
  }

  private static Program streaming(String io) {
    return (conf, out) -> {
      String cmd = "/usr/bin/python3 -B " + PYTHON_CLIENT + "/examples/wordcount.py";
      tool(new StreamJob(), conf, "-io", io, "-input", "/in/text", "-output", out.toString(),
          "-mapper", cmd + " map", "-reducer", cmd + " reduce", "-numReduceTasks", "2");
    };
  }

  @Test
  void streamingOverPipes() throws Exception {
    check("streaming (pipes)", streaming("text"), true, true);
  }

  /** Stock cannot speak shm: its run is over pipes, the all-on run over shm rings; the bytes must agree. */
  @Test
  void streamingOverShm() throws Exception {
    Path stockOut = new Path("/out/stock/streaming-shm");
    Path allOut = new Path("/out/all-on/streaming-shm");
    streaming("text").run(new Configuration(stockConf), stockOut);
    Activity a = runAllOn(streaming("shm"), allOut);
    Map<String, byte[]> want = files(stockOut);
    Map<String, byte[]> got = files(allOut);
    assertEquals(want.keySet(), got.keySet());
    for (String f : want.keySet()) {
      assertArrayEquals(want.get(f), got.get(f), "streaming over shm: " + f + " differs from stock over pipes");
    }
    assertTrue(a.shmRings > 0, "no shm ring was used");
    assertTrue(a.reduceMerges > 0 && a.mapAttempts > 0 && a.count(CollectorLines.STOCK_USED) == 0, a.lines.toString());
    TABLE.put("streaming (shm)", a.describe() + " | identical to stock over pipes (" + want.size() + " files)");
  }
}
