package org.hadoopopt.fingerprint;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Random;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.WordCount;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;

/** Mappers, reducers, keys and comparators of the jobs the tests run. */
public final class TestJobs {
  private TestJobs() {}

  public static final String PREFIX_LENGTH = "test.aggregation.prefix";

  /** The examples jar's WordCount, with its reducer as the combiner. */
  public static Job wordCount(Configuration conf, int reducers) throws IOException {
    Job job = Job.getInstance(conf, "wordcount");
    job.setMapperClass(WordCount.TokenizerMapper.class);
    job.setCombinerClass(WordCount.IntSumReducer.class);
    job.setReducerClass(WordCount.IntSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    job.setNumReduceTasks(reducers);
    return job;
  }

  /** The Pavlo aggregation over sourceIP, or its first {@code prefixLength} characters when above 0. */
  public static Job aggregation(Configuration conf, int prefixLength, int reducers) throws IOException {
    conf.setInt(PREFIX_LENGTH, prefixLength);
    Job job = Job.getInstance(conf, "aggregation");
    job.setMapperClass(AggregationMapper.class);
    job.setCombinerClass(TextSumCombiner.class);
    job.setReducerClass(TextRevenueReducer.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(LongWritable.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setNumReduceTasks(reducers);
    return job;
  }

  /** The aggregation over {@link PairKey}s (a custom WritableComparable with its own raw comparator). */
  public static Job pairAggregation(Configuration conf, int reducers) throws IOException {
    Job job = Job.getInstance(conf, "pair");
    job.setMapperClass(PairMapper.class);
    job.setCombinerClass(PairSumCombiner.class);
    job.setReducerClass(PairRevenueReducer.class);
    job.setMapOutputKeyClass(PairKey.class);
    job.setMapOutputValueClass(LongWritable.class);
    job.setOutputKeyClass(PairKey.class);
    job.setOutputValueClass(Text.class);
    job.setNumReduceTasks(reducers);
    return job;
  }

  /** COUNT random words of 1-12 letters (half from a 3-letter alphabet, so many repeat), 12 a line. */
  public static String words(long seed, int count) {
    Random r = new Random(seed);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < count; i++) {
      int len = 1 + r.nextInt(12);
      for (int j = 0; j < len; j++) {
        sb.append((char) ('a' + r.nextInt(r.nextBoolean() ? 3 : 26)));
      }
      sb.append(i % 12 == 11 ? '\n' : ' ');
    }
    return sb.append('\n').toString();
  }

  /** Pavlo aggregation map: sourceIP (or its prefix) -> adRevenue in hundredths. */
  public static class AggregationMapper extends Mapper<LongWritable, Text, Text, LongWritable> {
    private final Text ip = new Text();
    private final LongWritable revenue = new LongWritable();
    private int prefix;

    @Override
    protected void setup(Context ctx) {
      prefix = ctx.getConfiguration().getInt(PREFIX_LENGTH, 0);
    }

    @Override
    protected void map(LongWritable offset, Text line, Context ctx) throws IOException, InterruptedException {
      String[] f = line.toString().split("\\|");
      if (f.length < 4) {
        return; // lines that are not UserVisits rows give no output
      }
      ip.set(prefix > 0 ? f[0].substring(0, Math.min(prefix, f[0].length())) : f[0]);
      revenue.set(UserVisits.hundredths(f[3]));
      ctx.write(ip, revenue);
    }
  }

  /** Combiner: sums hundredths. */
  public static class SumCombiner<K> extends Reducer<K, LongWritable, K, LongWritable> {
    private final LongWritable out = new LongWritable();

    @Override
    protected void reduce(K key, Iterable<LongWritable> values, Context ctx) throws IOException, InterruptedException {
      long sum = 0;
      for (LongWritable v : values) {
        sum += v.get();
      }
      out.set(sum);
      ctx.write(key, out);
    }
  }

  public static class TextSumCombiner extends SumCombiner<Text> {}

  /** Reducer: sums hundredths and prints them with two decimals. */
  public static class RevenueReducer<K> extends Reducer<K, LongWritable, K, Text> {
    private final Text out = new Text();

    @Override
    protected void reduce(K key, Iterable<LongWritable> values, Context ctx) throws IOException, InterruptedException {
      long sum = 0;
      for (LongWritable v : values) {
        sum += v.get();
      }
      out.set(UserVisits.format(sum));
      ctx.write(key, out);
    }
  }

  public static class TextRevenueReducer extends RevenueReducer<Text> {}

  public static class PairRevenueReducer extends RevenueReducer<PairKey> {}

  /** A custom key with no raw comparator: (octet count, sourceIP), compared through compareTo. */
  public static class PairKey implements WritableComparable<PairKey> {
    int first;
    final Text second = new Text();

    @Override
    public void write(DataOutput out) throws IOException {
      out.writeInt(first);
      second.write(out);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
      first = in.readInt();
      second.readFields(in);
    }

    @Override
    public int compareTo(PairKey o) {
      int c = Integer.compare(o.first, first); // descending first, so no byte order matches it
      return c != 0 ? c : second.compareTo(o.second);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof PairKey && compareTo((PairKey) o) == 0;
    }

    @Override
    public int hashCode() {
      return first * 31 + second.hashCode();
    }

    @Override
    public String toString() {
      return first + ":" + second;
    }
  }

  /** Aggregation keyed by PairKey(last octet of sourceIP, sourceIP). */
  public static class PairMapper extends Mapper<LongWritable, Text, PairKey, LongWritable> {
    private final PairKey key = new PairKey();
    private final LongWritable revenue = new LongWritable();

    @Override
    protected void map(LongWritable offset, Text line, Context ctx) throws IOException, InterruptedException {
      String[] f = line.toString().split("\\|");
      key.first = Integer.parseInt(f[0].substring(f[0].lastIndexOf('.') + 1));
      key.second.set(f[0]);
      revenue.set(UserVisits.hundredths(f[3]));
      ctx.write(key, revenue);
    }
  }

  public static class PairSumCombiner extends SumCombiner<PairKey> {}

  /** A custom raw comparator: Text in reverse byte order. */
  public static class ReverseTextComparator extends WritableComparator {
    public ReverseTextComparator() {
      super(Text.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      return -Text.Comparator.get(Text.class).compare(b1, s1, l1, b2, s2, l2);
    }
  }

  /** Emits (line number key, value of the size given on the line): for huge values. */
  public static class HugeValueMapper extends Mapper<LongWritable, Text, Text, BytesWritable> {
    @Override
    protected void map(LongWritable offset, Text line, Context ctx) throws IOException, InterruptedException {
      String[] f = line.toString().split(" ");
      int size = Integer.parseInt(f[1]);
      byte[] v = new byte[size];
      for (int i = 0; i < size; i++) {
        v[i] = (byte) (i * 31 + f[0].hashCode());
      }
      ctx.write(new Text(f[0]), new BytesWritable(v));
    }
  }

  /** Prints each value's length and CRC32. */
  public static class ValueDigestReducer extends Reducer<Text, BytesWritable, Text, Text> {
    @Override
    protected void reduce(Text key, Iterable<BytesWritable> values, Context ctx) throws IOException, InterruptedException {
      StringBuilder sb = new StringBuilder();
      for (BytesWritable v : values) {
        CRC32 crc = new CRC32();
        crc.update(v.getBytes(), 0, v.getLength());
        sb.append(v.getLength()).append(':').append(Long.toHexString(crc.getValue())).append(' ');
      }
      ctx.write(key, new Text(sb.toString().trim()));
    }
  }

  /** WordCount that gives no output for lines starting with '#'. */
  public static class CommentSkippingWordMapper extends Mapper<LongWritable, Text, Text, IntWritable> {
    private final Text word = new Text();
    private final IntWritable one = new IntWritable(1);

    @Override
    protected void map(LongWritable offset, Text line, Context ctx) throws IOException, InterruptedException {
      String s = line.toString();
      if (s.startsWith("#")) {
        return;
      }
      for (String w : s.split("\\s+")) {
        if (!w.isEmpty()) {
          word.set(w);
          ctx.write(word, one);
        }
      }
    }
  }
}
