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
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.IndexedSortable;
import org.apache.hadoop.util.IndexedSorter;
import org.apache.hadoop.util.Progressable;
import org.apache.hadoop.util.QuickSort;
import org.hadoopopt.fingerprint.collector.FingerprintCollector;
import org.hadoopopt.fingerprint.collector.FingerprintCollector.Mode;
import org.hadoopopt.fingerprint.collector.FingerprintCounter;
import org.hadoopopt.fingerprint.key.FingerprintHashComparator;

/**
 * Stock Hadoop vs the fingerprint-sorting MapTask patch (hadoop-patches'
 * MAPREDUCE-fingerprint-sort.patch) vs the fingerprint collector, prefix and hash mode, side by
 * side in one run: the Pavlo large aggregation (sum of adRevenue by sourceIP, combiner, 1 reduce)
 * on the LocalJobRunner. Every (round, variant) is a fresh child JVM (the patch variants with the
 * patched jar first on its classpath), which runs the job once untimed, then once timed; rounds
 * rotate the variants' order. Reported per variant: job wall time and the map-side in-memory sort
 * time (stock and patch: time inside {@code MapOutputBuffer}'s {@code IndexedSorter}, measured by
 * {@link TimedQuickSort}, Hadoop's own {@code QuickSort}; collector: its {@code SORT_MILLIS}).
 * All answers must be equal (sorted lines).
 *
 * <p>{@code -Djob=terasort}: TeraSort's job instead (TeraGen's rows, TeraInput/OutputFormat, identity
 * map and reduce, 2 maps), prefix variants only, outputs compared byte for byte.
 *
 * <p>{@code patch-off} is the patched jar with the key unset: what the patch costs a job that does
 * not use it. Every child reports where its {@code MapTask} came from, checked against the variant
 * (the patched jar for {@code patch-*}, stock Hadoop otherwise).
 *
 * <p>{@code -Drows=N} (600,000 rows of the Pavlo generator, 2 files), {@code -Drounds=R} (3), {@code
 * -Dvariants=a,b} (default all six), {@code -Dpatched=JAR} (default the sort patch alone,
 * hadoop-patches/target/3.4.2-MAPREDUCE-fingerprint-sort/hadoop-patched-classes-3.4.2.jar), {@code -Dout=FILE}.
 */
public final class PatchSortBenchmark {
  private static final String KEY = "mapreduce.map.sort.fingerprint";
  private static final List<String> ALL =
      Arrays.asList("stock", "patch-off", "patch-prefix", "patch-hash", "plugin-prefix", "plugin-hash");

  private PatchSortBenchmark() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("child")) {
      child(args[1], new File(args[2]), new File(args[3]), args[4]);
      return;
    }
    int rows = Integer.getInteger("rows", 600_000);
    int rounds = Integer.getInteger("rounds", 3);
    File jar = new File(System.getProperty("patched", "hadoop-patches/target/3.4.2-MAPREDUCE-fingerprint-sort/hadoop-patched-classes-3.4.2.jar"))
        .getAbsoluteFile();
    if (!jar.isFile()) {
      throw new IOException(jar + " missing: run hadoop-patches/build.sh first");
    }
    List<String> variants = new ArrayList<>(ALL);
    if (System.getProperty("variants") != null) {
      variants.retainAll(Arrays.asList(System.getProperty("variants").split(",")));
    }
    File base = new File("bench-patch-sort").getAbsoluteFile();
    String kind = System.getProperty("job", "aggregation");
    if (kind.equals("terasort")) {
      // TeraSort's keys: the patch's 4-byte prefix and the collector's 8 bytes are both nearly unique.
      variants.retainAll(Arrays.asList("stock", "patch-off", "patch-prefix", "plugin-prefix"));
    } else if (!kind.equals("aggregation")) {
      throw new IllegalArgumentException("-Djob must be aggregation or terasort, not " + kind);
    }
    File in = kind.equals("terasort") ? teraGen(base, rows) : UserVisitsInput.generate(base, rows);
    Map<String, List<double[]>> results = new LinkedHashMap<>();
    variants.forEach(v -> results.put(v, new ArrayList<>()));
    String answer = null;
    for (int r = 0; r < rounds; r++) {
      List<String> order = new ArrayList<>(variants);
      Collections.rotate(order, -r);
      for (String v : order) {
        String cp = System.getProperty("java.class.path");
        List<String> cmd = new ArrayList<>(Arrays.asList(new File(System.getProperty("java.home"), "bin/java").getPath(),
            "-Xmx1g", "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.util=ALL-UNNAMED",
            "-cp", v.startsWith("patch-") ? jar + File.pathSeparator + cp : cp,
            PatchSortBenchmark.class.getName(), "child", v, in.getPath(), new File(base, "run").getPath(), kind));
        File log = new File(base, "child-" + v + ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log).start();
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
          p.destroyForcibly();
          throw new IOException(v + " failed; see " + log);
        }
        String result = Files.readAllLines(log.toPath()).stream().filter(l -> l.startsWith("RESULT ")).findFirst()
            .orElseThrow(() -> new IOException(v + ": no RESULT line in " + log));
        String[] f = result.split(" ");
        results.get(v).add(new double[] {Double.parseDouble(f[2]), Double.parseDouble(f[3])});
        if (answer == null) {
          answer = f[4];
        } else if (!answer.equals(f[4])) {
          throw new IOException(v + ": answer " + f[4] + " differs from " + answer);
        }
        if (!f[5].equals(v.equals("stock") || v.equals("patch-off") ? "none" : v)) {
          throw new IOException(v + " did not run its sort (" + f[5] + "): " + log);
        }
        if (new File(f[6]).getCanonicalFile().equals(jar.getCanonicalFile()) != v.startsWith("patch-")) {
          throw new IOException(v + ": MapTask came from " + f[6] + " (patched jar " + jar + "): " + log);
        }
        System.out.printf(Locale.ROOT, "round %d %-14s job %6.2f s, map sort %6.0f ms%n", r, v,
            Double.parseDouble(f[2]), Double.parseDouble(f[3]));
      }
    }
    double stockJob = Stats.median(column(results.get(variants.get(0)), 0));
    double stockSort = Stats.median(column(results.get(variants.get(0)), 1));
    // The micro-benchmark summary's generic form (bin/hadoopopt micro, part patchsort): one row
    // per (measure, variant), median seconds, speed-up over the reference (stock).
    ObjectNode json = Json.object().put("benchmark", "patchsort").put("job", kind).put("unit", "s").put("dataRows", rows)
        .put("rounds", rounds).put("reference", variants.get(0));
    com.fasterxml.jackson.databind.node.ArrayNode jrows = json.putArray("rows");
    System.out.printf(Locale.ROOT, "%n%s, %d rows in 2 maps, median (best) of %d rounds; x = %s / variant:%n",
        kind, rows, rounds, variants.get(0));
    for (String v : variants) {
      double job = Stats.median(column(results.get(v), 0));
      double sort = Stats.median(column(results.get(v), 1));
      System.out.printf(Locale.ROOT, "  %-14s job %6.2f s (best %6.2f) %5.2fx   map sort %6.0f ms (best %6.0f) %6.2fx%n", v, job,
          Stats.best(column(results.get(v), 0)), stockJob / job, sort, Stats.best(column(results.get(v), 1)), stockSort / sort);
      ObjectNode j = jrows.addObject().put("configuration", "job " + v);
      Json.number(Json.number(Json.number(j, "median", job), "best", Stats.best(column(results.get(v), 0))), "speedup", stockJob / job);
      ObjectNode m = jrows.addObject().put("configuration", "map sort " + v);
      Json.number(Json.number(Json.number(m, "median", sort / 1000), "best", Stats.best(column(results.get(v), 1)) / 1000),
          "speedup", stockSort / sort);
    }
    File out = new File(System.getProperty("out", "patch-sort.json"));
    Json.write(out, json);
    System.out.println("wrote " + out);
  }

  /** One variant in this JVM: an untimed job, then the timed one; prints one RESULT line. */
  private static void child(String variant, File in, File base, String kind) throws Exception {
    String ran = "none";
    double seconds = 0;
    double sortMs = 0;
    String answer = null;
    for (int i = 0; i < 2; i++) {
      Configuration conf = LocalJobs.conf(new File(base, "tmp"));
      conf.setInt("mapreduce.client.completion.pollinterval", 20);
      conf.setClass(MRJobConfig.MAP_SORT_CLASS, TimedQuickSort.class, IndexedSorter.class);
      if (variant.startsWith("patch-") && !variant.equals("patch-off")) {
        conf.set(KEY, variant.substring("patch-".length()));
      } else if (variant.startsWith("plugin-")) {
        FingerprintCollector.enable(conf, variant.equals("plugin-prefix") ? Mode.PREFIX : Mode.HASH);
      }
      Job job = Job.getInstance(conf, kind + "-" + variant);
      if (kind.equals("terasort")) {
        // TeraSort's job with one reduce (identity map and reduce, Text keys and values), two maps
        job.setInputFormatClass(org.apache.hadoop.examples.terasort.TeraInputFormat.class);
        job.setOutputFormatClass(org.apache.hadoop.examples.terasort.TeraOutputFormat.class);
        job.getConfiguration().setLong(FileInputFormat.SPLIT_MAXSIZE, in.listFiles((d, n) -> n.startsWith("part-"))[0].length() / 2 + 1);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(Text.class);
      } else {
        LargeAggregation.configure(job);
      }
      job.setNumReduceTasks(1);
      if (variant.endsWith("-hash")) {
        FingerprintHashComparator.setOn(job);
      }
      File out = new File(base, "out-" + variant + "-" + i);
      org.apache.hadoop.fs.FileUtil.fullyDelete(out);
      FileInputFormat.setInputPaths(job, new Path(in.getPath()));
      FileOutputFormat.setOutputPath(job, new Path(out.getPath()));
      TimedQuickSort.NANOS.set(0);
      System.gc();
      long t0 = System.nanoTime();
      if (!job.waitForCompletion(false)) {
        throw new IOException("job failed: " + variant);
      }
      seconds = (System.nanoTime() - t0) / 1e9;
      long pluginMs = job.getCounters().findCounter(FingerprintCounter.SORT_MILLIS).getValue();
      sortMs = variant.startsWith("plugin-") ? pluginMs : TimedQuickSort.NANOS.get() / 1e6;
      long patchSorted = job.getCounters().findCounter("MapOutputBuffer fingerprint sort", "RECORDS_SORTED").getValue();
      long pluginSorted = job.getCounters().findCounter(FingerprintCounter.RECORDS_SORTED).getValue();
      ran = patchSorted > 0 ? variant.replaceFirst("^[a-z]+", "patch") : pluginSorted > 0 ? variant.replaceFirst("^[a-z]+", "plugin") : "none";
      answer = kind.equals("terasort") ? bytesCrc(out) : answer(out);
    }
    File mapTask = new File(org.apache.hadoop.mapred.MapTask.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    System.out.printf(Locale.ROOT, "RESULT %s %.3f %.1f %s %s %s%n", variant, seconds, sortMs, answer, ran, mapTask);
  }

  /** Hadoop's QuickSort, timed: the stock and patched MapOutputBuffer's in-memory sort. */
  public static final class TimedQuickSort implements IndexedSorter {
    static final AtomicLong NANOS = new AtomicLong();
    private final QuickSort quick = new QuickSort();

    @Override
    public void sort(IndexedSortable s, int l, int r) {
      sort(s, l, r, null);
    }

    @Override
    public void sort(IndexedSortable s, int l, int r, Progressable rep) {
      long t0 = System.nanoTime();
      quick.sort(s, l, r, rep);
      NANOS.addAndGet(System.nanoTime() - t0);
    }
  }

  /** TeraSort's output is binary: the CRC of its bytes (prefix variants must be byte-identical). */
  private static String bytesCrc(File out) throws IOException {
    CRC32 crc = new CRC32();
    long n = 0;
    File[] parts = out.listFiles((d, name) -> name.startsWith("part-"));
    Arrays.sort(parts);
    for (File p : parts) {
      byte[] b = Files.readAllBytes(p.toPath());
      crc.update(b);
      n += b.length;
    }
    return n + ":" + Long.toHexString(crc.getValue());
  }

  /** TeraGen's rows (one file), kept under target/ for the next run. */
  private static File teraGen(File base, int rows) throws Exception {
    File in = new File(base, "tera-" + rows);
    if (!new File(in, "_SUCCESS").exists()) {
      org.apache.hadoop.fs.FileUtil.fullyDelete(in);
      Configuration conf = new Configuration();
      conf.set("fs.defaultFS", "file:///");
      conf.set("mapreduce.framework.name", "local");
      conf.set("hadoop.tmp.dir", new File(base, "tmp").getPath());
      int exit = org.apache.hadoop.util.ToolRunner.run(conf, new org.apache.hadoop.examples.terasort.TeraGen(),
          new String[] {String.valueOf(rows), in.getPath()});
      if (exit != 0) {
        throw new IOException("TeraGen exited " + exit);
      }
    }
    return in;
  }

  private static String answer(File out) throws IOException {
    List<String> lines = new ArrayList<>();
    for (File p : out.listFiles((d, n) -> n.startsWith("part-"))) {
      lines.addAll(Files.readAllLines(p.toPath()));
    }
    Collections.sort(lines);
    CRC32 crc = new CRC32();
    lines.forEach(l -> crc.update((l + "\n").getBytes(StandardCharsets.UTF_8)));
    return lines.size() + ":" + Long.toHexString(crc.getValue());
  }


  /** Measure {@code i} of every round. */
  private static List<Double> column(List<double[]> rounds, int i) {
    List<Double> out = new ArrayList<>();
    rounds.forEach(r -> out.add(r[i]));
    return out;
  }
}
