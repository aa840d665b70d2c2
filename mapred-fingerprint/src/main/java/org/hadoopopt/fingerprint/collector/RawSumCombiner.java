package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.IFile;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Task.TaskReporter;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.hadoopopt.fingerprint.key.BytesEqualGrouping;
import org.hadoopopt.fingerprint.key.PrefixFingerprinters;
import org.hadoopopt.fingerprint.sort.Prefetcher;
import org.hadoopopt.fingerprint.sort.RecordIndex;

/**
 * Hadoop's own summing combiners ({@code mapreduce.lib.reduce.LongSumReducer} and
 * {@code IntSumReducer}, {@code mapred.lib.LongSumReducer}), recognised by their exact class and
 * run on the serialized bytes: each group of equal keys becomes the key's bytes and the sum as
 * the value's {@code LongWritable}/{@code IntWritable} bytes (Java's wrapping addition, as they
 * add), without deserializing every key and value into objects and back. The profile of the
 * Pavlo aggregation put the combiner run through {@code Task.CombinerRunner} at a fifth of the
 * map side. Used only when the combiner groups by equal key bytes (our {@link BytesEqualGrouping},
 * or the stock comparator of {@code Text}, {@code BytesWritable}, {@code IntWritable},
 * {@code LongWritable}), so the groups, keys and sums are those the combiner would write.
 * Counts {@code COMBINE_INPUT_RECORDS} and {@code COMBINE_OUTPUT_RECORDS} as Hadoop's runner does,
 * and its groups in {@link FingerprintCounter#RAW_SUM_GROUPS}.
 */
public final class RawSumCombiner {
  /**
   * {@code hadoopopt.fingerprint.combiner.raw.sum}, default {@code true}: run Hadoop's summing
   * combiners on the serialized bytes; {@code false} runs every combiner through Hadoop's runner.
   */
  public static final String ENABLED = "hadoopopt.fingerprint.combiner.raw.sum";

  private static final String NEW_LONG_SUM = "org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer";
  private static final String NEW_INT_SUM = "org.apache.hadoop.mapreduce.lib.reduce.IntSumReducer";
  private static final String OLD_LONG_SUM = "org.apache.hadoop.mapred.lib.LongSumReducer";
  /** Records between two progress reports, as Hadoop's combine collector reports. */
  private static final int PROGRESS_EVERY = 10_000;

  /** LongWritable's and IntWritable's serialized forms, read and written in one access. */
  private static final VarHandle BIG_ENDIAN_LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle BIG_ENDIAN_INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

  private final int width;
  private final String combinerName;
  private final Counters.Counter input;
  private final Counters.Counter output;
  private final Counters.Counter groups;
  private final TaskReporter reporter;
  private final byte[] sum = new byte[8];
  private final DataInputBuffer key = new DataInputBuffer();
  private final DataInputBuffer value = new DataInputBuffer();
  private long sinceProgress;

  private RawSumCombiner(int width, String combinerName, TaskReporter reporter) {
    this.width = width;
    this.combinerName = combinerName;
    this.input = reporter.getCounter(TaskCounter.COMBINE_INPUT_RECORDS);
    this.output = reporter.getCounter(TaskCounter.COMBINE_OUTPUT_RECORDS);
    this.groups = reporter.getCounter(FingerprintCounter.RAW_SUM_GROUPS);
    this.reporter = reporter;
  }

  /**
   * The raw combiner for a job whose combiner (run with {@code combinerConf}, whose combiner
   * grouping comparator decides the groups) is one of Hadoop's summing reducers over values of
   * its type, grouped by equal key bytes; null for any other job, or when {@link #ENABLED} is false.
   * @throws IllegalArgumentException when {@link #ENABLED} is neither true nor false
   */
  static RawSumCombiner detect(JobConf combinerConf, Class<?> keyClass, Class<?> valClass, TaskReporter reporter) {
    String enabled = combinerConf.getTrimmed(ENABLED, "true");
    if (!enabled.equalsIgnoreCase("true") && !enabled.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException("invalid " + ENABLED + "=" + enabled + ", must be true or false");
    }
    if (!Boolean.parseBoolean(enabled)) {
      return null;
    }
    // as Hadoop's CombinerRunner.create: the old API's combiner class when set, else the new API's
    Class<?> oldApi = combinerConf.getCombinerClass();
    Class<?> newApi = oldApi != null ? null : combinerConf.getClass(MRJobConfig.COMBINE_CLASS_ATTR, null);
    String combiner = oldApi != null ? oldApi.getName() : newApi != null ? newApi.getName() : null;
    int width;
    if ((oldApi != null ? OLD_LONG_SUM.equals(combiner) : NEW_LONG_SUM.equals(combiner)) && valClass == LongWritable.class) {
      width = 8;
    } else if (newApi != null && NEW_INT_SUM.equals(combiner) && valClass == IntWritable.class) {
      width = 4;
    } else {
      return null;
    }
    if (!groupsByEqualBytes(combinerConf, keyClass)) {
      return null;
    }
    return new RawSumCombiner(width, combiner, reporter);
  }

  /** Whether the combiner's grouping calls two keys equal exactly when their serialized bytes are. */
  private static boolean groupsByEqualBytes(JobConf conf, Class<?> keyClass) {
    RawComparator<?> grouping = conf.getCombinerKeyGroupingComparator();
    if (grouping instanceof BytesEqualGrouping) {
      return true;
    }
    boolean stockType = keyClass == Text.class || keyClass == BytesWritable.class || keyClass == IntWritable.class
        || keyClass == LongWritable.class;
    // the stock comparators of these types are exactly the pairs prefix mode has a normalizer for
    return stockType && PrefixFingerprinters.forKey(keyClass, grouping) != PrefixFingerprinters.COMPARATOR_ONLY;
  }

  String describe() {
    return combinerName + " on raw bytes";
  }

  /**
   * Writes the groups of records {@code order[from, to)} (sorted, equal keys adjacent) to
   * {@code writer}: per group its key's bytes and the sum of its values.
   * @throws IOException when a value does not have the width of its type (not a value its class wrote)
   */
  void combine(byte[] data, RecordIndex index, int[] order, int from, int to, IFile.Writer<?, ?> writer,
      Prefetcher prefetcher) throws IOException {
    int touched = from;
    int k = from;
    while (k < to) {
      if (k >= touched) {
        touched = Math.min(to, k + Prefetcher.CHUNK);
        prefetcher.touch(data, index, order, k, touched);
      }
      int rec = order[k];
      int ks = index.keyStart(rec);
      int kl = index.keyLength(rec);
      long acc = read(data, index.valueStart(rec), index.valueLength(rec));
      int g = k + 1;
      while (g < to) {
        if (g >= touched) {
          touched = Math.min(to, g + Prefetcher.CHUNK);
          prefetcher.touch(data, index, order, g, touched);
        }
        int r = order[g];
        int s = index.keyStart(r);
        if (index.keyLength(r) != kl || !Arrays.equals(data, ks, ks + kl, data, s, s + kl)) {
          break;
        }
        acc += read(data, index.valueStart(r), index.valueLength(r));
        g++;
      }
      key.reset(data, ks, kl);
      append(writer, acc);
      input.increment(g - k);
      k = g;
    }
  }

  /** Writes one group: the bytes {@link #key} points at, and ACC as the value. */
  private void append(IFile.Writer<?, ?> writer, long acc) throws IOException {
    write(sum, 0, acc);
    value.reset(sum, 0, width);
    writer.append(key, value);
    output.increment(1);
    groups.increment(1);
    if (++sinceProgress >= PROGRESS_EVERY) {
      sinceProgress = 0;
      reporter.progress();
    }
  }

  /** Appends a group given by its key bytes and its sum (the hash collector's table entries). */
  void appendGroup(byte[] keyData, int keyStart, int keyLength, long acc, long inputs, IFile.Writer<?, ?> writer)
      throws IOException {
    key.reset(keyData, keyStart, keyLength);
    append(writer, acc);
    input.increment(inputs);
  }

  /**
   * Adds V to entry E's running sum (its one value) in the table, as the summing combiner would
   * add it (wrapping).
   */
  void addInPlace(GroupTable table, int e, long v) throws IOException {
    ValueStore sums = table.current;
    // while every entry holds exactly its one value (always, unless a fold ran), entry e's value
    // is value e, at e * width: no dependent reads of the chain arrays (a cache miss each)
    int at = sums.size == table.entries ? e * width : sums.valueStart(sums.first(e));
    write(sums.arena.data, at, read(sums.arena.data, at, width) + v);
  }

  int width() {
    return width;
  }

  /** A map output value (of the type this combiner sums) as a number. */
  long valueOf(Object v) {
    return width == 8 ? ((LongWritable) v).get() : ((IntWritable) v).get();
  }

  /** The value at {@code off} as its type reads it (an int sign-extended). */
  long read(byte[] b, int off, int length) throws IOException {
    if (length != width) {
      throw new IOException("a map output value of " + length + " bytes, where " + combinerName + " sums "
          + (width == 8 ? "LongWritable" : "IntWritable") + " values of " + width + " bytes");
    }
    return width == 8 ? (long) BIG_ENDIAN_LONGS.get(b, off) : (int) BIG_ENDIAN_INTS.get(b, off);
  }

  /** Writes ACC at {@code off} in the value type's bytes (an int sum keeps its low 32 bits, as IntSumReducer's int adds). */
  void write(byte[] b, int off, long acc) {
    if (width == 8) {
      BIG_ENDIAN_LONGS.set(b, off, acc);
    } else {
      BIG_ENDIAN_INTS.set(b, off, (int) acc);
    }
  }
}
