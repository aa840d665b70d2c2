package org.hadoopopt.bench.micro;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.hadoopopt.bench.tools.Json;
import org.hadoopopt.bench.tools.Stats;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.hadoopopt.directio.client.DirectReplicaAccessorBuilder;
import org.hadoopopt.directio.datanode.DirectIoDataNodePlugin;
import org.hadoopopt.directio.protocol.EndpointDirectory;
import org.hadoopopt.directio.protocol.PathReply;
import org.hadoopopt.directio.protocol.PathRequest;

/**
 * The research's I/O-mode micro-benchmark: a scan whose reader pulls 128 KB chunks through
 * {@code FSDataInputStream.read(byte[])} (what a record reader does), over files of several sizes
 * on one DataNode, in every mode, alternated round by round in one run; plus raw reads of the
 * same block files (the physical limit). Not a test: it prints ratios and writes JSON.
 *
 * <p>Usage: {@code IoModeBenchmark [sizesMB=64,256,1024] [rounds=3] [out.json] [modeRegex]}; a mode
 * regex (matched against the mode names printed) runs only those modes, and the scan jobs only if
 * one of theirs matches: more rounds of a few modes in the same time.
 */
public final class IoModeBenchmark {
  static final int CHUNK = 128 * 1024;

  private IoModeBenchmark() {}

  public static void main(String[] args) throws Exception {
    int[] sizesMb = Arrays.stream((args.length > 0 ? args[0] : "64,256,1024").split(",")).mapToInt(Integer::parseInt).toArray();
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    Path out = Paths.get(args.length > 2 ? args[2] : "io-modes.json");
    modeFilter = java.util.regex.Pattern.compile(args.length > 3 ? args[3] : ".*");
    Path base = Paths.get("bench-dfs").toAbsolutePath();
    deleteTree(base.toFile());
    // under /tmp: a socket's path is limited to 107 bytes, the working folder may be deep
    Path sockets = Files.createTempDirectory("hadoopopt-io-bench");

    Configuration conf = new HdfsConfiguration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.toString());
    conf.set("dfs.datanode.plugins", DirectIoDataNodePlugin.class.getName());
    EndpointDirectory.setSocketDir(conf, sockets.toString());
    // Tokens off, like the legacy reader it is compared with: the plugin must be told to serve anyway.
    org.hadoopopt.directio.datanode.CallerPolicy.setAllowWithoutBlockTokens(conf, true);
    // The raw-read baselines open the block files by path (the benchmark runs as the DataNode user).
    org.hadoopopt.directio.datanode.CallerPolicy.setServePaths(conf, true);
    conf.set("dfs.block.local-path-access.user", System.getProperty("user.name")); // for the legacy reader
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    try {
      cluster.waitActive();
      run(cluster, sockets, sizesMb, rounds, out);
    } finally {
      cluster.shutdown(true);
      deleteTree(base.toFile());
      deleteTree(sockets.toFile());
    }
  }

  interface Scan {
    long bytes(org.apache.hadoop.fs.Path file) throws IOException;
  }

  static java.util.regex.Pattern modeFilter = java.util.regex.Pattern.compile(".*");

  static void run(MiniDFSCluster cluster, Path sockets, int[] sizesMb, int rounds, Path out) throws Exception {
    FileSystem writer = cluster.getFileSystem();
    List<org.apache.hadoop.fs.Path> files = new ArrayList<>();
    Random r = new Random(1);
    byte[] buf = new byte[1 << 20];
    for (int mb : sizesMb) {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/bench/f" + mb + "m");
      long blockBytes = Long.getLong("bench.block.mb", 128) << 20; // HDFS's default 128 MB unless asked
      try (OutputStream o = writer.create(p, true, 4096, (short) 1, blockBytes)) {
        for (int i = 0; i < mb; i++) {
          r.nextBytes(buf);
          o.write(buf);
        }
      }
      files.add(p);
    }
    Map<String, Scan> modes = new LinkedHashMap<>();
    Configuration client = new Configuration(cluster.getConfiguration(0));
    FileSystem streaming = FileSystem.newInstance(cluster.getURI(), client);
    Configuration directConf = new Configuration(client);
    DirectReplicaAccessorBuilder.enable(directConf);
    EndpointDirectory.setSocketDir(directConf, sockets.toString());
    FileSystem direct = FileSystem.newInstance(cluster.getURI(), directConf);
    FileSystem directNoVerify = FileSystem.newInstance(cluster.getURI(), directConf);
    directNoVerify.setVerifyChecksum(false);
    Configuration smallWindow = new Configuration(directConf);
    DirectReplicaAccessorBuilder.setBufferBytes(smallWindow, 1 << 20);
    FileSystem directSmall = FileSystem.newInstance(cluster.getURI(), smallWindow);
    Configuration odConf = new Configuration(directConf);
    DirectReplicaAccessorBuilder.setODirect(odConf, true);
    FileSystem oDirect = FileSystem.newInstance(cluster.getURI(), odConf);
    Configuration legacyConf = new Configuration(client);
    legacyConf.setBoolean("dfs.client.read.shortcircuit", true);
    legacyConf.setBoolean("dfs.client.use.legacy.blockreader.local", true);
    legacyConf.set("dfs.client.context", "legacy-bench");
    FileSystem legacy = FileSystem.newInstance(cluster.getURI(), legacyConf);

    Map<org.apache.hadoop.fs.Path, List<String>> blockFiles = new LinkedHashMap<>();
    for (org.apache.hadoop.fs.Path f : files) {
      blockFiles.put(f, blockFiles(cluster, sockets, f));
    }
    modes.put("streaming", f -> scan(streaming, f, true));
    modes.put("legacy-local (verify)", f -> scan(legacy, f, true));
    modes.put("direct (verify)", f -> scan(direct, f, true));
    modes.put("direct (verify, 1 MiB window)", f -> scan(directSmall, f, true));
    modes.put("direct (no verify)", f -> scan(directNoVerify, f, true));
    modes.put("raw FileChannel -> byte[]", f -> raw(blockFiles.get(f), false, false));
    modes.put("raw FileChannel -> direct buffer", f -> raw(blockFiles.get(f), true, false));
    modes.put("O_DIRECT direct (verify)", f -> scan(oDirect, f, true));
    modes.put("raw O_DIRECT", f -> raw(blockFiles.get(f), true, true));
    modes.keySet().removeIf(name -> !modeFilter.matcher(name).find());

    // Warm up every mode once (page cache, JIT), then alternate modes round by round.
    for (Scan s : modes.values()) {
      for (org.apache.hadoop.fs.Path f : files) {
        s.bytes(f);
      }
    }
    Map<String, Map<String, List<Double>>> gbps = new LinkedHashMap<>();
    for (int round = 0; round < rounds; round++) {
      for (Map.Entry<String, Scan> m : modes.entrySet()) {
        for (org.apache.hadoop.fs.Path f : files) {
          long t0 = System.nanoTime();
          long n = m.getValue().bytes(f);
          double s = (System.nanoTime() - t0) / 1e9;
          gbps.computeIfAbsent(m.getKey(), k -> new LinkedHashMap<>()).computeIfAbsent(f.getName(), k -> new ArrayList<>())
              .add(n / s / 1e9);
        }
      }
    }
    // The same scan as a MapReduce job (LocalJobRunner, ScanInputFormat + no-op mapper) on the largest file.
    Map<String, Configuration> jobModes = new LinkedHashMap<>();
    jobModes.put("job: streaming", client);
    jobModes.put("job: legacy-local (verify)", legacyConf);
    jobModes.put("job: direct (verify)", directConf);
    jobModes.put("job: O_DIRECT direct (verify)", odConf);
    jobModes.keySet().removeIf(name -> !modeFilter.matcher(name).find());
    org.apache.hadoop.fs.Path largest = files.get(files.size() - 1);
    int jobRuns = 0;
    for (int round = 0; round < (jobModes.isEmpty() ? 0 : Math.max(1, rounds)); round++) {
      for (Map.Entry<String, Configuration> m : jobModes.entrySet()) {
        long t0 = System.nanoTime();
        long[] bytesAndMicros = scanJob(m.getValue(), largest);
        double sec = (System.nanoTime() - t0) / 1e9;
        gbps.computeIfAbsent(m.getKey() + ", wall", k -> new LinkedHashMap<>()).computeIfAbsent(largest.getName(),
            k -> new ArrayList<>()).add(bytesAndMicros[0] / sec / 1e9);
        gbps.computeIfAbsent(m.getKey() + ", in reader", k -> new LinkedHashMap<>()).computeIfAbsent(largest.getName(),
            k -> new ArrayList<>()).add(bytesAndMicros[0] / (bytesAndMicros[1] / 1e6) / 1e9);
        jobRuns++;
      }
    }
    for (Map<String, List<Double>> perFile : gbps.values()) {
      for (org.apache.hadoop.fs.Path f : files) {
        perFile.computeIfAbsent(f.getName(), k -> new ArrayList<>(Arrays.asList(Double.NaN)));
      }
    }
    System.out.println(jobRuns + " scan jobs run");
    report(gbps, files, out);
    for (FileSystem fs : new FileSystem[] {streaming, direct, directSmall, directNoVerify, oDirect, legacy}) {
      fs.close();
    }
  }

  /** Runs the no-op scan job over {@code file}; returns the bytes its readers read and their time in reads (counters). */
  static long[] scanJob(Configuration base, org.apache.hadoop.fs.Path file) throws Exception {
    Configuration conf = new Configuration(base);
    conf.set("mapreduce.framework.name", "local");
    conf.setBoolean("fs.hdfs.impl.disable.cache", true);
    org.apache.hadoop.mapreduce.Job job = org.apache.hadoop.mapreduce.Job.getInstance(conf, "scan " + file);
    job.setInputFormatClass(org.hadoopopt.directio.mapreduce.ScanInputFormat.class);
    job.setMapperClass(NoOpMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(org.apache.hadoop.mapreduce.lib.output.NullOutputFormat.class);
    org.apache.hadoop.mapreduce.lib.input.FileInputFormat.addInputPath(job, file);
    if (!job.waitForCompletion(false)) {
      throw new IOException("scan job failed");
    }
    org.apache.hadoop.mapreduce.Counters c = job.getCounters();
    return new long[] {c.findCounter(org.hadoopopt.directio.mapreduce.DirectIoCounter.DIRECT_BYTES).getValue()
        + c.findCounter(org.hadoopopt.directio.mapreduce.DirectIoCounter.STREAMED_BYTES).getValue(),
        c.findCounter(org.hadoopopt.directio.mapreduce.DirectIoCounter.READ_MICROS).getValue()};
  }

  /** Does nothing with its records: the job measures the reader. */
  public static class NoOpMapper extends org.apache.hadoop.mapreduce.Mapper<org.apache.hadoop.io.LongWritable,
      org.apache.hadoop.io.NullWritable, org.apache.hadoop.io.NullWritable, org.apache.hadoop.io.NullWritable> {
    @Override
    protected void map(org.apache.hadoop.io.LongWritable key, org.apache.hadoop.io.NullWritable value, Context context) {
      // nothing
    }
  }

  /** The record reader's loop: 128 KB reads into one byte[] until EOF. */
  public static long scan(FileSystem fs, org.apache.hadoop.fs.Path f, boolean unused) throws IOException {
    byte[] b = new byte[CHUNK];
    long total = 0;
    try (FSDataInputStream in = fs.open(f)) {
      int n;
      while ((n = in.read(b, 0, CHUNK)) > 0) {
        total += n;
      }
      // The length is in the name (f<MB>m): no NameNode call inside the timed scan, as the raw reads have none.
      if (total != Long.parseLong(f.getName().replaceAll("[^0-9]", "")) << 20) {
        throw new IOException("short scan of " + f);
      }
      if (in instanceof HdfsDataInputStream && ((HdfsDataInputStream) in).getReadStatistics() == null) {
        throw new IOException("no statistics");
      }
    }
    return total;
  }

  static long raw(List<String> blockFiles, boolean directBuffer, boolean oDirect) throws IOException {
    long total = 0;
    ByteBuffer buf = directBuffer ? ByteBuffer.allocateDirect(CHUNK + 4096).alignedSlice(4096) : null;
    byte[] arr = directBuffer ? null : new byte[CHUNK];
    for (String file : blockFiles) {
      OpenOption[] opts = oDirect ? new OpenOption[] {StandardOpenOption.READ, com.sun.nio.file.ExtendedOpenOption.DIRECT}
          : new OpenOption[] {StandardOpenOption.READ};
      try (FileChannel ch = FileChannel.open(Paths.get(file), opts)) {
        ByteBuffer b = directBuffer ? buf : ByteBuffer.wrap(arr);
        long pos = 0;
        while (true) {
          b.clear();
          b.limit(CHUNK);
          int n = ch.read(b, pos);
          if (n <= 0) {
            break;
          }
          pos += n;
        }
        total += pos;
      }
    }
    return total;
  }

  static List<String> blockFiles(MiniDFSCluster cluster, Path sockets, org.apache.hadoop.fs.Path f) throws IOException {
    List<String> paths = new ArrayList<>();
    Path socket = EndpointDirectory.sockets(sockets).get(0);
    for (LocatedBlock b : cluster.getFileSystem().getClient().getLocatedBlocks(f.toString(), 0).getLocatedBlocks()) {
      PathReply reply = org.hadoopopt.directio.client.EndpointClient.ask(socket, new PathRequest(
          b.getBlock().getBlockPoolId(), b.getBlock().getBlockId(), b.getBlock().getGenerationStamp(), new byte[0]));
      paths.add(reply.dataPath);
    }
    return paths;
  }

  static void report(Map<String, Map<String, List<Double>>> gbps, List<org.apache.hadoop.fs.Path> files, Path out)
      throws IOException {
    StringBuilder table = new StringBuilder();
    table.append(String.format(Locale.ROOT, "%-44s", "mode (GB/s, median)"));
    for (org.apache.hadoop.fs.Path f : files) {
      table.append(String.format(Locale.ROOT, "%10s", f.getName()));
    }
    table.append("   vs streaming   vs legacy\n");
    ObjectNode json = Json.object().put("unit", "GB/s (1e9 bytes/s); modes: median of rounds, best: best round");
    ObjectNode modes = json.putObject("modes");
    String largest = files.get(files.size() - 1).getName();
    double stream = gbps.containsKey("streaming") ? Stats.median(gbps.get("streaming").get(largest)) : Double.NaN;
    double legacy = gbps.containsKey("legacy-local (verify)") ? Stats.median(gbps.get("legacy-local (verify)").get(largest))
        : Double.NaN;
    for (Map.Entry<String, Map<String, List<Double>>> m : gbps.entrySet()) {
      table.append(String.format(Locale.ROOT, "%-44s", m.getKey()));
      ObjectNode mode = modes.putObject(m.getKey());
      for (org.apache.hadoop.fs.Path f : files) {
        double med = Stats.median(m.getValue().get(f.getName()));
        table.append(String.format(Locale.ROOT, "%10.2f", med));
        Json.number(mode, f.getName(), med);
      }
      double big = Stats.median(m.getValue().get(largest));
      table.append(String.format(Locale.ROOT, "   %8.2fx     %6.2fx%n", big / stream, big / legacy));
    }
    // Best of rounds too: on a shared machine the best round is the one least disturbed.
    table.append(String.format(Locale.ROOT, "%n%-44s", "mode (GB/s, best)"));
    for (org.apache.hadoop.fs.Path f : files) {
      table.append(String.format(Locale.ROOT, "%10s", f.getName()));
    }
    table.append('\n');
    ObjectNode bestModes = json.putObject("best");
    for (Map.Entry<String, Map<String, List<Double>>> m : gbps.entrySet()) {
      table.append(String.format(Locale.ROOT, "%-44s", m.getKey()));
      ObjectNode mode = bestModes.putObject(m.getKey());
      for (org.apache.hadoop.fs.Path f : files) {
        double best = m.getValue().get(f.getName()).stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        table.append(String.format(Locale.ROOT, "%10.2f", best));
        Json.number(mode, f.getName(), best);
      }
      table.append('\n');
    }
    ObjectNode paired = json.putObject("paired_ratios_" + largest);
    table.append("\nper-round ratios on ").append(largest).append(" (modes alternate within a round, so a ratio of one round"
        + " compares like with like on a loaded machine), median [min..max]:\n");
    String[][] pairs = {{"direct (verify)", "legacy-local (verify)"}, {"direct (verify)", "streaming"},
        {"direct (no verify)", "raw FileChannel -> byte[]"}, {"direct (no verify)", "raw FileChannel -> direct buffer"},
        {"O_DIRECT direct (verify)", "raw O_DIRECT"}};
    for (int i = 0; i < pairs.length; i++) {
      if (!gbps.containsKey(pairs[i][0]) || !gbps.containsKey(pairs[i][1])) {
        continue;
      }
      List<Double> a = gbps.get(pairs[i][0]).get(largest);
      List<Double> b = gbps.get(pairs[i][1]).get(largest);
      List<Double> ratios = new ArrayList<>();
      for (int round = 0; round < Math.min(a.size(), b.size()); round++) {
        ratios.add(a.get(round) / b.get(round));
      }
      double med = Stats.median(ratios);
      table.append(String.format(Locale.ROOT, "  %-32s / %-34s %6.2fx [%.2f..%.2f]%n", pairs[i][0], pairs[i][1], med,
          ratios.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN),
          ratios.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN)));
      Json.number(paired, pairs[i][0] + " / " + pairs[i][1], med);
    }
    System.out.print(table);
    Json.write(out.toFile(), json);
    System.out.println("wrote " + out.toAbsolutePath());
  }

  public static void deleteTree(File f) {
    File[] children = f.listFiles();
    if (children != null) {
      for (File c : children) {
        deleteTree(c);
      }
    }
    f.delete();
  }
}
