package org.hadoopopt.bench.micro;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.hadoopopt.bench.tools.Json;
import org.hadoopopt.bench.tools.Stats;
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
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopopt.bench.pavlo.jobs.MutableVariants;
import org.hadoopopt.fingerprint.collector.FingerprintCollector;
import org.hadoopopt.fingerprint.collector.FingerprintCollector.Mode;
import org.hadoopopt.fingerprint.collector.FingerprintCounter;
import org.hadoopopt.bench.pavlo.format.UserVisitsTextInputFormat;

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
 * aggregation-job.json in the working folder).
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
    File outFile = new File(System.getProperty("out", "aggregation-job.json"));
    File base = new File("bench-aggregation").getAbsoluteFile();
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
    double stock = Stats.median(seconds.get(ref));
    double stockCpu = Stats.median(cpu.get(ref));
    String data = path != null ? path : rows + " generated rows";
    ObjectNode json = Json.object().put("input", input).put("data", data).put("splitMb", splitMb).put("maps", maps)
        .put("rounds", rounds);
    ObjectNode jobs = json.putObject("jobs");
    System.out.printf(Locale.ROOT, "%nlarge aggregation (%s mapper), %s, %s maps%s, median of %d rounds:%n", input, data,
        maps > 0 ? String.valueOf(maps) : "all", splitMb > 0 ? " of " + splitMb + " MB" : "", rounds);
    for (String v : variants.keySet()) {
      double m = Stats.median(seconds.get(v));
      double c = Stats.median(cpu.get(v));
      System.out.printf(Locale.ROOT, "  %-20s %6.2f s wall %4.2fx stock, %6.2f s cpu %4.2fx stock (fingerprint sort %5.0f ms)%n",
          v, m, stock / m, c, stockCpu / c, Stats.median(sortMs.get(v)));
      ObjectNode o = jobs.putObject(v);
      Json.number(o, "medianSeconds", m);
      Json.number(o, "speedup", stock / m);
      Json.number(o, "medianCpuSeconds", c);
      Json.number(o, "cpuSpeedup", stockCpu / c);
      Json.number(o, "fingerprintSortMs", Stats.median(sortMs.get(v)));
    }
    Json.write(outFile, json);
    System.out.println("wrote " + outFile);
  }

  private static Configuration localConf(File base) {
    return LocalJobs.conf(new File(base, "tmp"));
  }

  private static Job aggregation(Configuration conf, String input) throws IOException {
    Job job = Job.getInstance(conf, "large-aggregation");
    LargeAggregation.configure(job);
    if (input.equals("mt")) {
      job.setInputFormatClass(UserVisitsTextInputFormat.class);
      job.setMapperClass(MutableVariants.AggregationMapper.class);
    } else if (!input.equals("baseline")) {
      throw new IllegalArgumentException("-Dinput must be baseline or mt, not " + input);
    }
    return job;
  }
}
