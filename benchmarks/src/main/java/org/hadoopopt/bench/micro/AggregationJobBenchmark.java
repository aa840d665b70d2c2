package org.hadoopopt.bench.micro;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;
import org.hadoopopt.bench.pavlo.jobs.AggregationJob;
import org.hadoopopt.bench.pavlo.jobs.MutableVariants;
import org.hadoopopt.fingerprint.collector.FingerprintCollector;
import org.hadoopopt.fingerprint.collector.FingerprintCollector.Mode;
import org.hadoopopt.fingerprint.collector.FingerprintCounter;
import org.hadoopopt.inputformats.mapreduce.UserVisitsTextInputFormat;

/**
 * The Pavlo large aggregation (sum of adRevenue by sourceIP, with a combiner) on the
 * LocalJobRunner with Hadoop's collector, the fingerprint collector in prefix mode and in hash
 * mode, alternated round by round on the same data; prints medians and ratios, writes JSON.
 *
 * <p>{@code -Drows=N} (default 600,000 rows of the Pavlo generator, in 2 files),
 * {@code -Drounds=R} (default 3), {@code -Dwarmup=W} (untimed rounds first, default 1),
 * {@code -Dinput=baseline|mt} (the mapper: the suite's baseline aggregation job, default; or its
 * MT variant, mutable text records, cheaper parsing),
 * {@code -Dvariants=stock,fingerprint-hash} (default all three), {@code -Dout=FILE} (default
 * target/benchmark-results/aggregation-job.json).
 *
 * <p>Map size: {@code -Dpath=DIR} reads real UserVisits files from DIR (only read) instead of
 * generating rows; {@code -DsplitMb=M} makes each map read M MB (e.g. 128, a full HDFS block,
 * whose map output fills most of a default {@code io.sort.mb}); {@code -Dmaps=N} keeps only the
 * first N splits.
 */
public final class AggregationJobBenchmark {
  private AggregationJobBenchmark() {}

  public static void main(String[] args) throws Exception {
    int rows = Integer.getInteger("rows", 600_000);
    int rounds = Integer.getInteger("rounds", 3);
    int warmup = Integer.getInteger("warmup", 1);
    int splitMb = Integer.getInteger("splitMb", 0);
    int maps = Integer.getInteger("maps", 0);
    String path = System.getProperty("path");
    String input = System.getProperty("input", "baseline");
    File outFile = new File(System.getProperty("out", "target/benchmark-results/aggregation-job.json"));
    File base = new File("target/bench-aggregation").getAbsoluteFile();
    File[] old = base.listFiles((d, name) -> name.startsWith("out-"));
    for (File o : old == null ? new File[0] : old) {
      org.apache.hadoop.fs.FileUtil.fullyDelete(o);
    }
    File in = path != null ? new File(path) : UserVisitsInput.generate(base, rows);
    Map<String, Mode> variants = new LinkedHashMap<>();
    variants.put("stock", null);
    variants.put("fingerprint-prefix", Mode.PREFIX);
    variants.put("fingerprint-hash", Mode.HASH);
    String only = System.getProperty("variants");
    if (only != null) {
      variants.keySet().retainAll(Arrays.asList(only.split(",")));
    }
    Map<String, List<Double>> seconds = new LinkedHashMap<>();
    Map<String, List<Double>> sortMs = new LinkedHashMap<>();
    Map<String, List<Double>> cpu = new LinkedHashMap<>();
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    for (String v : variants.keySet()) {
      cpu.put(v, new ArrayList<>());
      seconds.put(v, new ArrayList<>());
      sortMs.put(v, new ArrayList<>());
    }
    int seq = 0;
    for (int r = -warmup; r < rounds; r++) { // negative rounds warm up
      for (Map.Entry<String, Mode> v : variants.entrySet()) {
        Configuration conf = localConf(base);
        if (v.getValue() != null) {
          FingerprintCollector.enable(conf, v.getValue());
        }
        if (splitMb > 0) {
          conf.setLong(FileInputFormat.SPLIT_MINSIZE, (long) splitMb << 20);
          conf.setLong(FileInputFormat.SPLIT_MAXSIZE, (long) splitMb << 20);
        }
        Job job = aggregation(conf, input);
        if (maps > 0) {
          FirstSplits.set(job.getConfiguration(), job.getInputFormatClass(), maps);
          job.setInputFormatClass(FirstSplits.class);
        }
        FileInputFormat.setInputPaths(job, new Path(in.getPath()));
        FileOutputFormat.setOutputPath(job, new Path(new File(base, "out-" + seq++).getPath()));
        System.gc();
        long c0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        if (!job.waitForCompletion(false)) {
          throw new IOException("job failed: " + v.getKey());
        }
        double s = (System.nanoTime() - t0) / 1e9;
        double c = (os.getProcessCpuTime() - c0) / 1e9;
        if (r >= 0) {
          cpu.get(v.getKey()).add(c);
          seconds.get(v.getKey()).add(s);
          sortMs.get(v.getKey()).add((double) job.getCounters().findCounter(FingerprintCounter.SORT_MILLIS).getValue());
        }
        System.out.printf(Locale.ROOT, "round %d %-20s %6.2f s wall, %6.2f s cpu (map input records %d, map output records %d,"
            + " reduce input groups %d)%n", r, v.getKey(), s, c,
            job.getCounters().findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue(), job.getCounters().findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue(),
            job.getCounters().findCounter(TaskCounter.REDUCE_INPUT_GROUPS).getValue());
      }
    }
    String ref = variants.keySet().iterator().next(); // stock unless left out
    double stock = median(seconds.get(ref));
    double stockCpu = median(cpu.get(ref));
    String data = path != null ? path : rows + " generated rows";
    StringBuilder json = new StringBuilder(String.format(Locale.ROOT,
        "{%n  \"input\": \"%s\", \"data\": \"%s\", \"splitMb\": %d, \"maps\": %d, \"rounds\": %d,%n  \"jobs\": {",
        input, data, splitMb, maps, rounds));
    int i = 0;
    System.out.printf(Locale.ROOT, "%nlarge aggregation (%s mapper), %s, %s maps%s, median of %d rounds:%n", input, data,
        maps > 0 ? String.valueOf(maps) : "all", splitMb > 0 ? " of " + splitMb + " MB" : "", rounds);
    for (String v : variants.keySet()) {
      double m = median(seconds.get(v));
      double c = median(cpu.get(v));
      System.out.printf(Locale.ROOT, "  %-20s %6.2f s wall %4.2fx stock, %6.2f s cpu %4.2fx stock (fingerprint sort %5.0f ms)%n",
          v, m, stock / m, c, stockCpu / c, median(sortMs.get(v)));
      json.append(i++ == 0 ? "" : ",").append(String.format(Locale.ROOT,
          "\n    \"%s\": {\"medianSeconds\": %.2f, \"speedup\": %.2f, \"medianCpuSeconds\": %.2f, \"cpuSpeedup\": %.2f, \"fingerprintSortMs\": %.0f}",
          v, m, stock / m, c, stockCpu / c, median(sortMs.get(v))));
    }
    json.append("\n  }\n}\n");
    outFile.getAbsoluteFile().getParentFile().mkdirs();
    Files.write(outFile.toPath(), json.toString().getBytes(StandardCharsets.UTF_8));
    System.out.println("wrote " + outFile);
  }

  private static double median(List<Double> v) {
    Double[] a = v.toArray(new Double[0]);
    Arrays.sort(a);
    return a[a.length / 2];
  }

  private static Configuration localConf(File base) {
    return LocalJobs.conf(new File(base, "tmp"));
  }

  private static Job aggregation(Configuration conf, String input) throws IOException {
    Job job = Job.getInstance(conf, "large-aggregation");
    if (input.equals("mt")) {
      job.setInputFormatClass(UserVisitsTextInputFormat.class);
      job.setMapperClass(MutableVariants.AggregationMapper.class);
    } else if (input.equals("baseline")) {
      job.setMapperClass(AggregationJob.AggregationMapper.class);
    } else {
      throw new IllegalArgumentException("-Dinput must be baseline or mt, not " + input);
    }
    job.setCombinerClass(LongSumReducer.class);
    job.setReducerClass(AggregationJob.RevenueReducer.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(LongWritable.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setNumReduceTasks(1);
    return job;
  }
}
