package org.hadoopopt.fingerprint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapOutputCollector;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.util.ReflectionUtils;
import org.hadoopopt.fingerprint.collector.FingerprintCollector;
import org.hadoopopt.fingerprint.collector.FingerprintCollector.Mode;
import org.hadoopopt.fingerprint.collector.FingerprintCounter;
import org.hadoopopt.fingerprint.key.FingerprintHashComparator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Jobs the collector must take as Hadoop does, or decline at init (never fail the task): a job
 * that sets no key classes (hash mode too), intermediate-data encryption, and every kind of bad
 * setting met in {@code init}.
 */
class CollectorInitTest {
  private static LocalRun local;

  @BeforeAll
  static void setUp() throws IOException {
    local = new LocalRun("collector-init");
  }

  private static String lines(int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append("row ").append(i * 7919 % 10007).append(i % 3 == 0 ? " tail" : "").append('\n');
    }
    return sb.toString();
  }

  /** Identity map and reduce, no key or value class set: map output keys are LongWritable offsets, values Text. */
  private static Job identityWithoutKeyClasses(Configuration conf) throws IOException {
    conf.setInt(MRJobConfig.IO_SORT_MB, 1);
    conf.setFloat(MRJobConfig.MAP_SORT_SPILL_PERCENT, 0.05f);
    Job job = Job.getInstance(conf, "identity-no-key-classes");
    job.setNumReduceTasks(3);
    return job;
  }

  /** The job's lines as "offset TAB line", computed from the input files, sorted. */
  private static List<String> expectedIdentity(String... files) {
    List<String> want = new ArrayList<>();
    for (String f : files) {
      long off = 0;
      for (String l : f.split("\n")) {
        want.add(off + "\t" + l);
        off += l.length() + 1;
      }
    }
    Collections.sort(want);
    return want;
  }

  @Test
  void jobWithoutKeyClassesRunsInBothModes() throws Exception {
    String a = lines(20000);
    String b = lines(7000);
    Path in = local.input("no-key-classes", a, b);
    LocalRun.Output stock = local.run(identityWithoutKeyClasses(local.conf()), in);
    assertEquals(expectedIdentity(a, b), stock.sortedLines());

    Configuration prefix = local.conf();
    FingerprintCollector.enable(prefix, Mode.PREFIX);
    LocalRun.Output p = local.run(identityWithoutKeyClasses(prefix), in);
    assertTrue(p.fingerprintSpills() >= 4, "prefix mode must run the fingerprint collector: " + p.fingerprintSpills());
    for (int i = 0; i < stock.parts.size(); i++) {
      assertArrayEquals(stock.parts.get(i), p.parts.get(i), "prefix: part " + i + " differs from stock");
    }

    Configuration hash = local.conf();
    FingerprintCollector.enable(hash, Mode.HASH);
    LocalRun.Output h = local.run(identityWithoutKeyClasses(hash), in);
    assertTrue(h.fingerprintSpills() >= 4, "hash mode must run the fingerprint collector: " + h.fingerprintSpills());
    assertEquals(0, h.counters.findCounter(FingerprintCounter.DECLINED).getValue());
    assertEquals(stock.sortedLines(), h.sortedLines(), "hash mode: lines differ from stock");
  }

  @Test
  void hashComparatorTakesTheKeyClassAsHadoopDoes() {
    Configuration none = new Configuration(false);
    FingerprintHashComparator c = ReflectionUtils.newInstance(FingerprintHashComparator.class, none);
    assertSame(WritableComparator.get(LongWritable.class).getClass(), c.tieComparator().getClass(),
        "no key class set: LongWritable, as JobConf.getMapOutputKeyClass");
    Configuration outputOnly = new Configuration(false);
    outputOnly.setClass(MRJobConfig.OUTPUT_KEY_CLASS, Text.class, Object.class);
    c = ReflectionUtils.newInstance(FingerprintHashComparator.class, outputOnly);
    assertSame(Text.Comparator.class, c.tieComparator().getClass(), "the output key class when no map output key class");
    JobConf job = new JobConf(outputOnly);
    job.setMapOutputKeyClass(LongWritable.class);
    c = ReflectionUtils.newInstance(FingerprintHashComparator.class, job);
    assertSame(LongWritable.Comparator.class, c.tieComparator().getClass(), "the map output key class first");
    // a key class with no comparator of its own: ties in byte order
    Configuration plain = new Configuration(false);
    plain.setClass(MRJobConfig.MAP_OUTPUT_KEY_CLASS, String.class, Object.class);
    c = ReflectionUtils.newInstance(FingerprintHashComparator.class, plain);
    byte[] x = {1, 2, (byte) 0xff};
    byte[] y = {1, 2, 3};
    assertTrue(c.tieComparator().compare(x, 0, 3, y, 0, 3) > 0, "unsigned byte order");
  }

  @Test
  void encryptedIntermediateDataDeclinesToStock() throws Exception {
    String a = lines(5000);
    Path in = local.input("encrypted", a);
    Configuration stockConf = local.conf();
    stockConf.setBoolean(MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA, true);
    LocalRun.Output stock = local.run(identityWithoutKeyClasses(stockConf), in);
    assertEquals(expectedIdentity(a), stock.sortedLines());

    for (Mode mode : Mode.values()) {
      Configuration conf = local.conf();
      FingerprintCollector.enable(conf, mode);
      conf.setBoolean(MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA, true);
      LocalRun.Output ours = local.run(identityWithoutKeyClasses(conf), in);
      assertEquals(0, ours.fingerprintSpills(), mode + ": encrypted intermediate data must not go through ours");
      assertEquals(1, ours.counters.findCounter(FingerprintCounter.DECLINED).getValue(),
          mode + ": the one map task must count a decline");
      if (mode == Mode.PREFIX) {
        for (int i = 0; i < stock.parts.size(); i++) {
          assertArrayEquals(stock.parts.get(i), ours.parts.get(i), "part " + i + " differs from stock");
        }
      } else {
        assertEquals(stock.sortedLines(), ours.sortedLines());
      }
    }
  }

  /** Calls init on a job configuration changed by {@code change}; it must decline with a message naming {@code what}. */
  private static void assertDeclines(String what, Consumer<JobConf> change) {
    JobConf job = new JobConf(local.conf());
    FingerprintCollector.enable(job, Mode.PREFIX);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(Text.class);
    job.setNumReduceTasks(2);
    change.accept(job);
    IOException e = assertThrows(IOException.class,
        () -> new FingerprintCollector<Object, Object>().init(new MapOutputCollector.Context(null, job, null)), what);
    assertTrue(e.getMessage().startsWith("FingerprintCollector declines this task: "), e.getMessage());
    assertTrue(e.getMessage().contains(what), "the decline must name " + what + ": " + e.getMessage());
    assertTrue(e.getMessage().endsWith("falling back to org.apache.hadoop.mapred.MapTask$MapOutputBuffer"),
        e.getMessage());
  }

  @Test
  void everyProblemAtInitIsADecline() {
    Map<String, Consumer<JobConf>> cases = new TreeMap<>();
    cases.put(MRJobConfig.MAP_SORT_SPILL_PERCENT + "=lots", j -> j.set(MRJobConfig.MAP_SORT_SPILL_PERCENT, "lots"));
    cases.put(MRJobConfig.MAP_SORT_SPILL_PERCENT + "=1.5", j -> j.set(MRJobConfig.MAP_SORT_SPILL_PERCENT, "1.5"));
    cases.put(MRJobConfig.IO_SORT_MB + "=big", j -> j.set(MRJobConfig.IO_SORT_MB, "big"));
    cases.put(MRJobConfig.IO_SORT_MB + "=4096", j -> j.set(MRJobConfig.IO_SORT_MB, "4096"));
    cases.put(MRJobConfig.SPILL_FILES_COUNT_LIMIT + "=some", j -> j.set(MRJobConfig.SPILL_FILES_COUNT_LIMIT, "some"));
    cases.put("org.example.NoSuchCodec", j -> {
      j.setBoolean(MRJobConfig.MAP_OUTPUT_COMPRESS, true);
      j.set(MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC, "org.example.NoSuchCodec");
    });
    cases.put("org.example.NoSuchComparator", j -> j.set(MRJobConfig.KEY_COMPARATOR, "org.example.NoSuchComparator"));
    cases.put("org.example.NoSuchKey", j -> j.set(MRJobConfig.MAP_OUTPUT_KEY_CLASS, "org.example.NoSuchKey"));
    cases.put("io.serializations", j -> j.setStrings("io.serializations", "org.apache.hadoop.io.serializer.JavaSerialization"));
    cases.put(FingerprintCollector.SORT + "=bubble", j -> j.set(FingerprintCollector.SORT, "bubble"));
    cases.put(MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA, j -> j.setBoolean(MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA, true));
    cases.forEach(CollectorInitTest::assertDeclines);
  }
}
