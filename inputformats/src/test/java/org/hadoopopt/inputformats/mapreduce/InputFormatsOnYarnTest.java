package org.hadoopopt.inputformats.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormatCounter;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.MultipleInputs;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.JarFinder;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.Decimals;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;
import org.hadoopopt.pavlo.data.SampleRows;
import org.hadoopopt.testing.MiniMrYarn;
import org.hadoopopt.testing.TestFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * On the HDFS of a MiniMRYarnCluster the converter job turns text into a KeyValueSequenceFile;
 * then one map-only job on YARN (task JVMs) reads the text through the mutable text input format
 * and the converted file through the KVSF input format, two splits each; both must give the
 * revenue sums computed here from the text with String.split and BigDecimal.
 */
class InputFormatsOnYarnTest {
  @RegisterExtension
  static final MiniMrYarn CLUSTER = new MiniMrYarn(1);

  /** Emits (first 7 bytes of sourceIP tagged with the input's name, adRevenue in millionths). */
  public abstract static class PrefixRevenueMapper<K> extends Mapper<K, UserVisitsRecord, Text, LongWritable> {
    private final Text prefix = new Text();
    private final LongWritable revenue = new LongWritable();
    private final byte[] tag;

    PrefixRevenueMapper(String tag) {
      this.tag = (tag + ":").getBytes(StandardCharsets.UTF_8);
    }

    @Override
    protected void map(K key, UserVisitsRecord row, Context ctx) throws IOException, InterruptedException {
      ByteSlice ip = row.sourceIP();
      prefix.set(tag);
      prefix.append(ip.bytes(), ip.offset(), Math.min(7, ip.length()));
      revenue.set(row.adRevenueMicros());
      ctx.write(prefix, revenue);
    }
  }

  public static class TextMapper extends PrefixRevenueMapper<LongWritable> {
    public TextMapper() {
      super("text");
    }
  }

  public static class KvsfMapper extends PrefixRevenueMapper<org.apache.hadoop.io.NullWritable> {
    public KvsfMapper() {
      super("kvsf");
    }
  }

  @Test
  void convertedAndTextInputsGiveTheIndependentlyComputedSums() throws Exception {
    FileSystem fs = CLUSTER.fs();
    Path text = new Path("/if/uservisits");
    List<String> all = new ArrayList<>();
    String[] lines = SampleRows.userVisits(100, 800);
    Collections.addAll(all, lines);
    try (OutputStream out = fs.create(new Path(text, "uv.txt"))) {
      out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    Configuration conf = CLUSTER.conf();
    Path kvsf = new Path("/if/uservisits-kvsf");
    // The converter runs in-process (LocalJobRunner) on the cluster's HDFS: one YARN job per test
    // class keeps the suite within its time budget on a loaded 2-core machine.
    Configuration local = new Configuration(conf);
    local.set("mapreduce.framework.name", "local");
    Job convert = KvsfConvert.createJob(local, Schema.USER_VISITS, text, kvsf);
    KvsfOutputFormat.setPageSize(convert, 4096);
    KvsfOutputFormat.setCodec(convert, "tuple");
    assertTrue(convert.waitForCompletion(false), "conversion failed");
    FileStatus[] parts = fs.globStatus(new Path(kvsf, "part-m-*.kvsf"));
    assertEquals(1, parts.length, "one KVSF file per text split");

    Job agg = Job.getInstance(conf, "revenue-by-prefix");
    agg.setJar(JarFinder.getJar(InputFormatsOnYarnTest.class));
    // Splits of 60 KB, 2 per input: the text ones cut records, the KVSF ones are moved onto page
    // boundaries. Few, as each map is a JVM on a small machine (KvsfFileTest cuts files everywhere).
    FileInputFormat.setMaxInputSplitSize(agg, 60_000);
    MultipleInputs.addInputPath(agg, text, UserVisitsTextInputFormat.class, TextMapper.class);
    MultipleInputs.addInputPath(agg, kvsf, UserVisitsKvsfInputFormat.class, KvsfMapper.class);
    agg.setMapSpeculativeExecution(false);
    // Map-only (a reduce container costs ~20 s here): the test sums the mappers' rows itself.
    agg.setNumReduceTasks(0);
    agg.setOutputKeyClass(Text.class);
    agg.setOutputValueClass(LongWritable.class);
    // Written through CountedOutputFormat: the AM makes the job's committer through it, and the
    // containers' writers count File Output Format bytes themselves (Hadoop counts none for it).
    CountedOutputFormat.wrap(agg, TextOutputFormat.class);
    Path out = new Path("/if/agg");
    FileOutputFormat.setOutputPath(agg, out);
    assertTrue(agg.waitForCompletion(false), "aggregation failed");
    long partBytes = 0;
    for (FileStatus part : fs.globStatus(new Path(out, "part-m-*"))) {
      partBytes += part.getLen();
    }
    assertTrue(partBytes > 0);
    assertEquals(partBytes, agg.getCounters().findCounter(FileOutputFormatCounter.BYTES_WRITTEN).getValue(),
        "File Output Format bytes written, counted by CountedOutputFormat, against the part files' lengths");
    assertEquals(2L * all.size(), agg.getCounters().findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue());
    long maps = agg.getCounters().findCounter(org.apache.hadoop.mapreduce.JobCounter.TOTAL_LAUNCHED_MAPS).getValue();
    assertTrue(maps >= 4, "both inputs split in at least two: " + maps + " maps");

    Map<String, BigDecimal> sums = new TreeMap<>();
    for (String line : all) {
      String[] f = line.split("\\|");
      sums.merge(f[0].substring(0, Math.min(7, f[0].length())), new BigDecimal(f[3]), BigDecimal::add);
    }
    List<String> want = new ArrayList<>();
    for (String tag : new String[] {"kvsf", "text"}) {
      sums.forEach((k, v) -> want.add(tag + ":" + k + "\t" + v.setScale(2).toPlainString()));
    }
    Collections.sort(want);
    Map<String, Long> micros = new TreeMap<>();
    for (String line : TestFiles.readPartLines(fs, out)) {
      String[] kv = line.split("\t");
      micros.merge(kv[0], Long.parseLong(kv[1]), Long::sum);
    }
    List<String> got = new ArrayList<>();
    micros.forEach((k, v) -> got.add(k + "\t" + Decimals.toString(v)));
    Collections.sort(got);
    assertEquals(want, got);
  }
}
