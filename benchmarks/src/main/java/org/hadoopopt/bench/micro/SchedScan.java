package org.hadoopopt.bench.micro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.apache.hadoop.util.ToolRunner;
import org.hadoopopt.bench.tools.Jobs;

/**
 * The research's scheduling experiment: a no-op scan (map-only, {@link NoOpScanMapper},
 * {@link NullOutputFormat}) of one file, once per split size, so that the job time against the map
 * count shows what each task costs to schedule and start. Two ways to get the splits: {@code split}
 * (default) writes the file once, with the smallest size as its block size, and sets
 * {@code mapreduce.input.fileinputformat.split.minsize} and {@code .maxsize} to each size (a split
 * larger than a block spans several); {@code blocks} writes the file once per size with that
 * {@code dfs.blocksize} and leaves splits to follow blocks, as the research did.
 *
 * <p>{@code sched [--file-size 1g] [--split-sizes 64m,128m,..] [--layout split|blocks] [--rounds R]
 * [--out FILE.json] WORK}
 */
public final class SchedScan extends MicroTool {
  /** Bytes of the scanned file ({@code 64m}, {@code 1g}, ...). Default {@code 1g}. */
  public static final String FILE_SIZE = "hadoopopt.bench.sched.file.bytes";
  /** Comma-separated split (or block) sizes. Default: 64m doubling up to the file size, and the file size. */
  public static final String SPLIT_SIZES = "hadoopopt.bench.sched.split.sizes";
  /** {@code split} (one file, split size keys) or {@code blocks} (one file per block size). Default {@code split}. */
  public static final String LAYOUT = "hadoopopt.bench.sched.layout";
  /** The configuration the others are compared with: Hadoop's default block size, when measured. */
  static final long STOCK_SIZE = 128L << 20;

  private static final String USAGE = "sched [--file-size 1g] [--split-sizes 64m,128m,..] [--layout split|blocks]"
      + " [--rounds R] [--out FILE.json] WORK";

  public SchedScan() {
    super("sched", USAGE, SchedScan::measure, "file-size", FILE_SIZE, "split-sizes", SPLIT_SIZES, "layout", LAYOUT);
  }

  public static void setFileSize(Configuration conf, long bytes) {
    conf.set(FILE_SIZE, Long.toString(bytes));
  }

  public static void setSplitSizes(Configuration conf, long... sizes) {
    List<String> s = new ArrayList<>();
    for (long v : sizes) {
      s.add(Long.toString(v));
    }
    conf.set(SPLIT_SIZES, String.join(",", s));
  }

  public static void setLayout(Configuration conf, String layout) {
    conf.set(LAYOUT, layout);
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new SchedScan(), args));
  }

  /** The scan's data lives in WORK itself (later runs reuse its file). */
  @Override
  Path data(Path work) {
    return work;
  }


  /** Writes the input (or reuses it) and runs the scans, rounds alternated; one row per size. */
  public static MicroResult measure(Configuration conf, Path work) throws Exception {
    long fileSize = MicroOptions.parseSize(FILE_SIZE, conf.getTrimmed(FILE_SIZE, "1g"));
    List<Long> sizes = splitSizes(conf, fileSize);
    String layout = conf.getTrimmed(LAYOUT, "split");
    if (!layout.equals("split") && !layout.equals("blocks")) {
      throw new IllegalArgumentException(LAYOUT + " must be split or blocks, not '" + layout + "'");
    }
    int rounds = MicroOptions.rounds(conf);
    String stock = sizes.contains(STOCK_SIZE) ? MicroOptions.formatSize(STOCK_SIZE) : MicroOptions.formatSize(sizes.get(0));
    FileSystem fs = work.getFileSystem(conf);
    List<String> names = new ArrayList<>();
    for (long s : sizes) {
      names.add(MicroOptions.formatSize(s));
    }
    long written = 0;
    for (long s : layout.equals("split") ? sizes.subList(0, 1) : sizes) { // split: one file serves every size
      Path file = input(work, layout, s);
      // split: the smallest size as block size when HDFS takes it; blocks: exactly the size
      long block = layout.equals("blocks") ? s : validBlockSize(s) ? s : 0;
      long t0 = System.nanoTime();
      if (ScanData.ensure(fs, file, fileSize, block)) {
        System.err.printf(Locale.ROOT, "[sched] wrote %s (%s) in %.1f s%n", file, MicroOptions.formatSize(fileSize),
            (System.nanoTime() - t0) / 1e9);
      }
      written = fs.getFileStatus(file).getBlockSize();
    }
    MicroResult result = new MicroResult("sched", "no-op scan of one " + MicroOptions.formatSize(fileSize)
        + " file (TextInputFormat, map-only, NullOutputFormat), one job per "
        + (layout.equals("split") ? "split size (split.minsize = split.maxsize; file written once, block size "
            + MicroOptions.formatSize(written) + ")" : "block size (file written once per dfs.blocksize)"),
        "s", stock);
    Rounds.run(names, rounds, result, (name, round) -> {
      long size = MicroOptions.parseSize(SPLIT_SIZES, name);
      Job job = job(conf, input(work, layout, size), layout.equals("split") ? size : 0);
      long t0 = System.nanoTime();
      Jobs.run(job);
      double seconds = Rounds.since(t0);
      record(result.row(name), job.getCounters());
      return seconds;
    }, (name, round, seconds) -> System.err.printf(Locale.ROOT, "[sched] round %d/%d  %-6s %8.2f s  %s maps%n",
        round + 1, rounds, name, seconds, result.row(name).extras().get("maps")));
    result.note("speedup = the " + stock + " row's median time over the row's (" + stock
        + (stock.equals("128m") ? " = Hadoop's default block size)" : ")"));
    return result;
  }

  /** 64m doubling below the file size, then the file size; or the key's list. */
  static List<Long> splitSizes(Configuration conf, long fileSize) {
    List<Long> sizes = new ArrayList<>();
    String v = conf.getTrimmed(SPLIT_SIZES, "");
    if (v.isEmpty()) {
      for (long s = 64L << 20; s < fileSize; s *= 2) {
        sizes.add(s);
      }
      sizes.add(fileSize);
    } else {
      for (String s : v.split(",")) {
        long n = MicroOptions.parseSize(SPLIT_SIZES, s);
        if (!sizes.contains(n)) {
          sizes.add(n);
        }
      }
    }
    sizes.sort(null);
    return sizes;
  }

  static Path input(Path work, String layout, long size) {
    return layout.equals("split") ? new Path(work, "sched-split/scan.txt")
        : new Path(work, "sched-blocks/scan-" + MicroOptions.formatSize(size) + ".txt");
  }

  /** HDFS takes block sizes that are multiples of the checksum chunk (512 bytes) and at least 1 MB by default. */
  static boolean validBlockSize(long b) {
    return b % 512 == 0 && b >= (1L << 20);
  }

  /** The scan job; {@code splitSize} 0 leaves splits to follow the file's blocks. */
  static Job job(Configuration base, Path input, long splitSize) throws Exception {
    Configuration conf = new Configuration(base);
    conf.setLong(FileInputFormat.SPLIT_MINSIZE, splitSize > 0 ? splitSize : 1);
    conf.setLong(FileInputFormat.SPLIT_MAXSIZE, splitSize > 0 ? splitSize : Long.MAX_VALUE);
    conf.setBoolean(MRJobConfig.MAP_SPECULATIVE, false);
    Job job = Job.getInstance(conf, "sched-scan " + input.getName()
        + (splitSize > 0 ? " split " + MicroOptions.formatSize(splitSize) : ""));
    job.setJarByClass(SchedScan.class);
    job.setInputFormatClass(TextInputFormat.class);
    job.setMapperClass(NoOpScanMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(NullOutputFormat.class);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
    FileInputFormat.addInputPath(job, input);
    return job;
  }

  private static void record(MicroResult.Row row, Counters c) {
    long maps = c.findCounter(NoOpScanMapper.Counter.MAP_TASKS).getValue();
    Object before = row.extras().get("maps");
    if (before != null && ((Long) before) != maps) {
      throw new IllegalStateException("the map count changed between rounds: " + before + " then " + maps);
    }
    row.extra("maps", maps);
    row.extra("records", c.findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue());
    long launched = c.findCounter(JobCounter.TOTAL_LAUNCHED_MAPS).getValue();
    if (launched > 0) {
      row.extra("launchedMaps", launched);
    }
    long millisMaps = c.findCounter(JobCounter.MILLIS_MAPS).getValue();
    if (millisMaps > 0) {
      @SuppressWarnings("unchecked")
      List<Double> taskSeconds = (List<Double>) row.extras().computeIfAbsent("mapTaskSeconds", k -> new ArrayList<Double>());
      taskSeconds.add(millisMaps / 1000.0);
    }
  }
}
