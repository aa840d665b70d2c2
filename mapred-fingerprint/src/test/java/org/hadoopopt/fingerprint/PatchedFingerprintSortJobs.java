package org.hadoopopt.fingerprint;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.WordCount;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.examples.terasort.TeraSort;
import org.apache.hadoop.examples.terasort.TeraSortConfigKeys;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapred.MapTask;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.ToolRunner;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;
import org.hadoopopt.fingerprint.key.Djb2;
import org.hadoopopt.fingerprint.key.FingerprintHashComparator;
import org.hadoopopt.fingerprint.key.KeyFingerprinter;
import org.hadoopopt.fingerprint.key.PrefixFingerprinters;

/**
 * Child-JVM half of the fingerprint-sort patch test ({@code MAPREDUCE-fingerprint-sort.patch}),
 * run by {@link PatchedTaskStatisticsMain} in both the stock and the patched JVM: the same jobs
 * with {@code mapreduce.map.sort.fingerprint} set, which stock Hadoop ignores, so the stock JVM's
 * outputs and counters are the reference. Prints per job one {@code FP} line: output CRC,
 * Hadoop's deterministic task counters, the patch's counter group, and what {@code MapTask}
 * logged (fingerprint lines, spills, the metadata's record capacity, the key's warnings).
 */
final class PatchedFingerprintSortJobs {
  /** The key the patched MapOutputBuffer reads (the patch has no compile-time presence here). */
  static final String KEY = "mapreduce.map.sort.fingerprint";
  static final String GROUP = "MapOutputBuffer fingerprint sort";

  /** Counters that depend on time, memory or path lengths, not on what the job computed. */
  private static final List<String> UNSTABLE = Arrays.asList("CPU_MILLISECONDS", "GC_TIME_MILLIS",
      "PHYSICAL_MEMORY_BYTES", "VIRTUAL_MEMORY_BYTES", "COMMITTED_HEAP_BYTES", "SPLIT_RAW_BYTES");

  private final LocalRun run;
  private final MapTaskLog log = new MapTaskLog();

  private PatchedFingerprintSortJobs(LocalRun run) {
    this.run = run;
    Logger mapTask = Logger.getLogger(MapTask.class);
    mapTask.setLevel(Level.INFO);
    mapTask.addAppender(log);
  }

  static void runAll(LocalRun run) throws Exception {
    new PatchedFingerprintSortJobs(run).jobs();
  }

  private void jobs() throws Exception {
    checkFunctions();
    File base = run.dir();

    // TeraSort (hadoop-mapreduce-examples), prefix mode: 20,000 rows, 2 maps, several spills each.
    Configuration gen = new Configuration(run.conf());
    gen.setInt(MRJobConfig.NUM_MAPS, 2);
    String teraIn = new File(base, "tera-in").getAbsolutePath();
    check(ToolRunner.run(gen, new TeraGen(), new String[] {"20000", teraIn}), "TeraGen");
    Configuration tera = new Configuration(run.conf());
    tera.set(KEY, "prefix");
    tera.setInt(MRJobConfig.NUM_REDUCES, 3);
    tera.setBoolean(TeraSortConfigKeys.USE_SIMPLE_PARTITIONER.key(), true);
    tera.setInt(MRJobConfig.IO_SORT_MB, 1);
    tera.setFloat(MRJobConfig.MAP_SORT_SPILL_PERCENT, 0.3f);
    File teraOut = new File(base, "tera-out");
    log.clear();
    check(ToolRunner.run(tera, new TeraSort(), new String[] {teraIn, teraOut.getAbsolutePath()}), "TeraSort");
    System.out.println("FP terasort-prefix: crc " + crc(teraOut) + log.summary());

    String visits = UserVisits.lines(23, 20_000, 3_000);
    Path visitsIn = run.input("fp-visits", halves(visits));
    String expected = expectedAggregation(visits);

    // Pavlo large aggregation in hash mode: combiner, 3 reducers, many spills.
    Job hash = aggregation("hash", true);
    FingerprintHashComparator.setOn(hash);
    hash.getConfiguration().setInt(MRJobConfig.IO_SORT_MB, 1);
    hash.getConfiguration().setFloat(MRJobConfig.MAP_SORT_SPILL_PERCENT, 0.02f);
    report("pavlo-hash", hash, visitsIn, expected);

    // A large io.sort.mb (256 MB) spilled at 0.01%: many spills out of a buffer whose metadata
    // holds 20 bytes a record (the capacity MapTask logs shows it), prefix mode, no combiner.
    Job large = aggregation("prefix", false);
    large.getConfiguration().setInt(MRJobConfig.IO_SORT_MB, 256);
    large.getConfiguration().setFloat(MRJobConfig.MAP_SORT_SPILL_PERCENT, 0.0001f);
    report("large-sort-mb-prefix", large, visitsIn, expected);

    // examples WordCount with its combiner, prefix mode, spilled often; then the same with the key unset.
    String words = words();
    Path wordsIn = run.input("fp-words", halves(words));
    report("wordcount-combiner-prefix", wordCount("prefix", true), wordsIn, null);
    // Key unset. How often a map spills depends on the spill thread's timing (in stock too), so
    // exact counters need one spill per map (default io.sort.mb); many spills are compared on
    // their output and the records.
    report("wordcount-combiner-off", wordCount(null, true), wordsIn, null);
    report("wordcount-off-exact", wordCount(null, false), wordsIn, null);

    // LongWritable keys (offsets), prefix mode: the high-32-bit fingerprint with comparator ties.
    Job longs = Job.getInstance(run.conf(), "fp-long-keys");
    longs.getConfiguration().set(KEY, "prefix");
    longs.setNumReduceTasks(2);
    longs.setOutputKeyClass(LongWritable.class);
    longs.setOutputValueClass(Text.class);
    report("long-keys-prefix", longs, wordsIn, null);

    // Bad input: a key type prefix mode has no fingerprint for, an unknown mode, hash mode without
    // its comparator: a warning naming the key, the stock sort, the job succeeds.
    Job pairs = TestJobs.pairAggregation(run.conf(), 2);
    pairs.setJobName("fp-pair-key");
    pairs.getConfiguration().set(KEY, "prefix");
    report("bad-key-type", pairs, visitsIn, null);
    report("bad-mode", aggregation("fast", true), visitsIn, expected);
    report("hash-without-comparator", aggregation("hash", true), visitsIn, expected);
  }

  /**
   * The patch's own fingerprint functions (inlined in MapTask, so a patched Hadoop does not need
   * this project's jar) against the collector's on many keys: prefix = the collector's 64-bit
   * fingerprint's high 32 bits, hash = its djb2. Only where the patched class is present.
   */
  private static void checkFunctions() throws Exception {
    Class<?> fp;
    try {
      fp = Class.forName("org.apache.hadoop.mapred.MapTask$MapOutputBuffer$SortFingerprint");
    } catch (ClassNotFoundException e) {
      System.out.println("FUNCTIONS absent (stock MapTask)");
      return;
    }
    Method of = fp.getDeclaredMethod("of", int.class, byte[].class, int.class, int.class);
    of.setAccessible(true);
    int text = constant(fp, "TEXT");
    int bytes = constant(fp, "BYTES");
    int ints = constant(fp, "INT");
    int longs = constant(fp, "LONG");
    int djb2 = constant(fp, "DJB2");
    KeyFingerprinter textFp = PrefixFingerprinters.forKey(Text.class, WritableComparator.get(Text.class));
    KeyFingerprinter bytesFp = PrefixFingerprinters.forKey(BytesWritable.class, WritableComparator.get(BytesWritable.class));
    KeyFingerprinter intFp = PrefixFingerprinters.forKey(IntWritable.class, WritableComparator.get(IntWritable.class));
    KeyFingerprinter longFp = PrefixFingerprinters.forKey(LongWritable.class, WritableComparator.get(LongWritable.class));
    Random r = new Random(42);
    int checked = 0;
    int mismatches = 0;
    String[] prefixes = {"", "a", "ab", "abc", "abcd", "http://www.example.com/", "\u00e9\u00e8", "\u0000\u0000"};
    int[] intEdges = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 255, 256, -256};
    long[] longEdges = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 32, (1L << 32) - 1, -(1L << 32)};
    for (int i = 0; i < 20_000; i++) {
      StringBuilder s = new StringBuilder(prefixes[r.nextInt(prefixes.length)]);
      int n = r.nextInt(12);
      for (int k = 0; k < n; k++) {
        s.append((char) (r.nextInt(4) == 0 ? r.nextInt(0x800) : 'a' + r.nextInt(26)));
      }
      byte[] raw = new byte[r.nextInt(12)];
      r.nextBytes(raw);
      int iv = i < intEdges.length ? intEdges[i] : r.nextInt();
      long lv = i < longEdges.length ? longEdges[i] : r.nextLong();
      Object[][] cases = {
          {new Text(s.toString()), text, textFp},
          {new BytesWritable(raw), bytes, bytesFp},
          {new IntWritable(iv), ints, intFp},
          {new LongWritable(lv), longs, longFp},
          {new Text(s.toString()), djb2, null},
          {new BytesWritable(raw), djb2, null},
      };
      for (Object[] c : cases) {
        DataOutputBuffer out = new DataOutputBuffer();
        // an offset into a larger array, as keys lie in the sort buffer
        out.write(new byte[3]);
        ((Writable) c[0]).write(out);
        byte[] b = out.getData();
        int len = out.getLength() - 3;
        int patch = (Integer) of.invoke(null, c[1], b, 3, len);
        int plugin = c[2] == null ? Djb2.hash(b, 3, len) : (int) (((KeyFingerprinter) c[2]).fingerprint(b, 3, len) >>> 32);
        checked++;
        if (patch != plugin) {
          mismatches++;
          if (mismatches < 5) {
            System.out.println("FUNCTION MISMATCH " + c[0].getClass().getSimpleName() + " " + c[0] + ": patch "
                + Integer.toHexString(patch) + ", collector " + Integer.toHexString(plugin));
          }
        }
      }
    }
    System.out.println("FUNCTIONS checked " + checked + " keys, mismatches " + mismatches);
  }

  private static int constant(Class<?> c, String name) throws ReflectiveOperationException {
    java.lang.reflect.Field f = c.getDeclaredField(name);
    f.setAccessible(true);
    return f.getInt(null);
  }

  private Job aggregation(String mode, boolean combiner) throws IOException {
    Job job = Job.getInstance(run.conf(), "fp-aggregation-" + mode);
    job.getConfiguration().set(KEY, mode);
    job.setMapperClass(TestJobs.AggregationMapper.class);
    if (combiner) {
      job.setCombinerClass(TestJobs.TextSumCombiner.class);
    }
    job.setReducerClass(TestJobs.TextRevenueReducer.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(LongWritable.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setNumReduceTasks(3);
    return job;
  }

  private Job wordCount(String mode, boolean spillOften) throws IOException {
    Job job = Job.getInstance(run.conf(), "fp-wordcount");
    if (mode != null) {
      job.getConfiguration().set(KEY, mode);
    }
    job.setMapperClass(WordCount.TokenizerMapper.class);
    job.setCombinerClass(WordCount.IntSumReducer.class);
    job.setReducerClass(WordCount.IntSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    job.setNumReduceTasks(3);
    if (spillOften) {
      job.getConfiguration().setInt(MRJobConfig.IO_SORT_MB, 1);
      job.getConfiguration().setFloat(MRJobConfig.MAP_SORT_SPILL_PERCENT, 0.02f);
    }
    return job;
  }

  /** Two input files (two maps), split at a line end. */
  private static String[] halves(String text) {
    int cut = text.indexOf('\n', text.length() / 2) + 1;
    return new String[] {text.substring(0, cut), text.substring(cut)};
  }

  private static String words() {
    Random r = new Random(7);
    StringBuilder sb = new StringBuilder();
    for (int line = 0; line < 6_000; line++) {
      for (int w = 0; w < 8; w++) {
        sb.append(w == 0 ? "" : " ").append("word").append(r.nextInt(r.nextBoolean() ? 50 : 5_000));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** The aggregation's answer computed here, as sorted "ip TAB sum" lines. */
  private static String expectedAggregation(String visits) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, Long> e : UserVisits.aggregate(visits, 0).entrySet()) {
      sb.append(e.getKey()).append('\t').append(UserVisits.format(e.getValue())).append('\n');
    }
    return sb.toString();
  }

  private void report(String name, Job job, Path in, String expected) throws Exception {
    log.clear();
    LocalRun.Output out = run.run(job, in);
    CRC32 crc = new CRC32();
    for (byte[] p : out.parts) {
      crc.update(p);
    }
    StringBuilder line = new StringBuilder("FP " + name + ": crc " + Long.toHexString(crc.getValue()));
    if (expected != null) {
      List<String> lines = out.sortedLines();
      line.append(", answer ").append((String.join("\n", lines) + "\n").equals(expected) ? "right" : "WRONG");
    }
    Map<String, Long> counters = new TreeMap<>();
    for (Counter c : out.counters.getGroup(TaskCounter.class.getName())) {
      if (!UNSTABLE.contains(c.getName())) {
        counters.put(c.getName(), c.getValue());
      }
    }
    line.append(", counters ").append(counters);
    Map<String, Long> patch = new TreeMap<>();
    for (CounterGroup g : out.counters) {
      if (g.getName().equals(GROUP)) {
        for (Counter c : g) {
          patch.put(c.getName(), c.getValue());
        }
      }
    }
    line.append(", patch ").append(patch);
    System.out.println(line + log.summary());
  }

  private static void check(int exit, String tool) throws IOException {
    if (exit != 0) {
      throw new IOException(tool + " exited " + exit);
    }
  }

  private static String crc(File dir) throws IOException {
    CRC32 crc = new CRC32();
    File[] parts = dir.listFiles((d, n) -> n.startsWith("part-"));
    Arrays.sort(parts);
    for (File p : parts) {
      crc.update(Files.readAllBytes(p.toPath()));
    }
    return Long.toHexString(crc.getValue()) + " (" + parts.length + " parts)";
  }

  /** What MapTask logged during one job: its fingerprint lines, spills, buffer capacity, warnings. */
  private static final class MapTaskLog extends AppenderSkeleton {
    private final List<String> lines = new ArrayList<>();

    synchronized void clear() {
      lines.clear();
    }

    @Override
    protected synchronized void append(LoggingEvent e) {
      lines.add(e.getLevel() + " " + e.getRenderedMessage());
    }

    synchronized String summary() {
      int sorting = 0;
      int spills = 0;
      TreeSet<String> capacity = new TreeSet<>();
      TreeSet<String> warnings = new TreeSet<>();
      for (String l : lines) {
        if (l.contains(KEY) && l.contains("sorting by partition")) {
          sorting++;
        } else if (l.contains("Finished spill")) {
          spills++;
        } else if (l.startsWith("INFO kvstart = ") && !l.contains("kvend")) {
          capacity.add(l.substring(l.indexOf("length = ") + 9));
        }
        if (l.startsWith("WARN") && l.contains(KEY)) {
          warnings.add(l.substring(5).replace('\n', ' '));
        }
      }
      return ", log sorting " + sorting + " spills " + spills + " records " + capacity + " warnings " + warnings;
    }

    @Override
    public void close() {}

    @Override
    public boolean requiresLayout() {
      return false;
    }
  }
}
