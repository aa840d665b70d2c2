package org.hadoopopt.bench.pavlo.jobs;

import java.io.IOException;
import java.time.LocalDate;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.hadoopopt.bench.pavlo.DateRange;
import org.hadoopopt.bench.pavlo.format.RankingsBTreeInputFormat;
import org.hadoopopt.bench.pavlo.format.UserVisitsBTreeInputFormat;
import org.hadoopopt.inputformats.mapreduce.CountedOutputFormat;
import org.hadoopopt.inputformats.mapreduce.Pushdown;
import org.hadoopopt.inputformats.mapreduce.ScanSplits;
import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.bench.pavlo.format.RankingsKvsfInputFormat;
import org.hadoopopt.bench.pavlo.format.RankingsRangeInputFormat;
import org.hadoopopt.bench.pavlo.format.UserVisitsRangeInputFormat;
import org.hadoopopt.bench.pavlo.format.RankingsTextInputFormat;
import org.hadoopopt.bench.pavlo.format.UserVisitsKvsfInputFormat;
import org.hadoopopt.bench.pavlo.format.UserVisitsTextInputFormat;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.UserVisitsRecord;

/**
 * The "MT" (mutable text) and "BDB" (JE tuple rows in KeyValueSequenceFiles, made by
 * {@code KvsfConvert}) variants of Selection and Aggregation: same programs, same output, mutable
 * records instead of the baseline's object per field. Rows are checked by the readers
 * ({@code ColumnGrammar}, the baseline's grammar too): a malformed row fails the task, or the
 * conversion or load that made the input, or is skipped and counted there.
 */
public final class MutableVariants {
  /**
   * {@code hadoopopt.bench.variant}: {@code baseline} (default), {@code mt}, {@code bdb}, or the indexed
   * {@code mti} / {@code bdbi} (input: a directory made by {@code load}, text / kvsf), or {@code bdbtree} (input: a
   * directory made by {@code load --format bdbtree}, read through its Berkeley DB JE B+-trees), or {@code mtp} / {@code bdbp}
   * (mt / bdb with the filter pushed into the record reader, {@code Pushdown}), or {@code mtv} / {@code bdbiv} (pages,
   * not records: the text, or the loaded KVSF copy through its index, a page of column vectors at a
   * time, {@link PageVariants}); also {@code --variant}.
   * {@code join} takes {@code baseline}, {@code mt}, {@code simple-index} or {@code partition} ({@link JoinVariants}).
   */
  public static final String VARIANT = "hadoopopt.bench.variant";

  /**
   * Which decoder a Selection or Aggregation run uses: the value of {@link #VARIANT}, the decoders of
   * the suite's {@code JobVariant.Decoder} these two programs take.
   */
  public enum Decoder { BASELINE, MT, BDB, MTI, BDBI, BDBTREE, MTP, BDBP, MTV, BDBIV }

  private MutableVariants() {}

  public static void setVariant(Configuration conf, Decoder v) {
    conf.set(VARIANT, v.name().toLowerCase(Locale.ROOT));
  }

  public static Decoder getVariant(Configuration conf) {
    String v = conf.getTrimmed(VARIANT, "baseline");
    try {
      return Decoder.valueOf(v.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(VARIANT + " must be baseline, mt, bdb, mti, bdbi, bdbtree, mtp, bdbp, mtv or bdbiv, not '"
          + v + "'");
    }
  }

  /**
   * A pushed-down text scan keeps few rows, and an indexed query reads few pages, so their tasks are
   * short: unless the job sets {@link ScanSplits#SLOTS} itself, its splits are sized (a scan) or its
   * page runs packed (the range index) to the local job runner's map slots (one wave of long tasks;
   * off on other frameworks).
   */
  static void sizeScanToSlots(Job job) {
    if (job.getConfiguration().get(ScanSplits.SLOTS) == null) {
      ScanSplits.setAutoSlots(job.getConfiguration());
    }
  }

  /**
   * The optimized variants write their text output through {@link CountedOutputFormat}: the same
   * files as the baseline's {@code TextOutputFormat}, without Hadoop's walk of the file-system
   * statistics around every record written (a third of an aggregation's reduce task, profiled).
   */
  static void output(Job job) {
    CountedOutputFormat.wrap(job, TextOutputFormat.class);
  }

  /** Switches a configured Selection job to the variant's input format, mapper and output (nothing for baseline). */
  static void selection(Job job, Decoder v) {
    if (v == Decoder.BASELINE) {
      return;
    }
    output(job);
    if (PageVariants.applies(v)) {
      PageVariants.selection(job, v);
      return;
    }
    if (v == Decoder.MTI || v == Decoder.BDBI || v == Decoder.BDBTREE) {
      // pageRank > X through each loaded file's pageRank index (the loader's index says text or KVSF), or its tree.
      job.setInputFormatClass(v == Decoder.BDBTREE ? RankingsBTreeInputFormat.class : RankingsRangeInputFormat.class);
      RangeIndexInputFormat.setIntRange(job.getConfiguration(), "pageRank",
          SelectionJob.getMinRank(job.getConfiguration()), false, null, true);
      if (v != Decoder.BDBTREE) {
        sizeScanToSlots(job);
      }
      job.setMapperClass(SelectionMapper.class);
    } else {
      boolean text = v == Decoder.MT || v == Decoder.MTP;
      job.setInputFormatClass(text ? RankingsTextInputFormat.class : RankingsKvsfInputFormat.class);
      if (v == Decoder.MTP || v == Decoder.BDBP) {
        // pageRank > X tested in the reader: the mapper sees only the selected rows.
        Pushdown.setIntRange(job.getConfiguration(), "pageRank", SelectionJob.getMinRank(job.getConfiguration()), false, null,
            true);
        if (text) {
          sizeScanToSlots(job);
        }
      }
      job.setMapperClass(SelectionMapper.class);
    }
  }

  /** Switches a configured Aggregation job to the variant's input format, mapper, reducer and output (nothing for baseline). */
  static void aggregation(Job job, Decoder v) {
    if (v == Decoder.BASELINE) {
      return;
    }
    job.setReducerClass(AggregationJob.MutableRevenueReducer.class);
    output(job);
    if (PageVariants.applies(v)) {
      PageVariants.aggregation(job, v);
      return;
    }
    if (v == Decoder.MTI || v == Decoder.BDBI || v == Decoder.BDBTREE) {
      DateRange range = AggregationJob.getDateRange(job.getConfiguration());
      if (range.from() == null || range.to() == null) {
        throw new IllegalArgumentException("--variant " + v.name().toLowerCase(Locale.ROOT) + " is the date-range aggregation: set "
            + AggregationJob.FROM + " and " + AggregationJob.TO + " (--from, --to)");
      }
      job.setInputFormatClass(v == Decoder.BDBTREE ? UserVisitsBTreeInputFormat.class : UserVisitsRangeInputFormat.class);
      RangeIndexInputFormat.setDateRange(job.getConfiguration(), "visitDate", LocalDate.parse(range.from()), true,
          LocalDate.parse(range.to()), true);
      if (v != Decoder.BDBTREE) {
        sizeScanToSlots(job);
      }
      job.setMapperClass(AggregationMapper.class);
    } else {
      boolean text = v == Decoder.MT || v == Decoder.MTP;
      job.setInputFormatClass(text ? UserVisitsTextInputFormat.class : UserVisitsKvsfInputFormat.class);
      DateRange range = AggregationJob.getDateRange(job.getConfiguration());
      if ((v == Decoder.MTP || v == Decoder.BDBP) && (range.from() != null || range.to() != null)) {
        // The visitDate range tested in the reader; without one there is nothing to push down.
        Pushdown.setDateRange(job.getConfiguration(), "visitDate", range.from() == null ? null : LocalDate.parse(range.from()),
            true, range.to() == null ? null : LocalDate.parse(range.to()), true);
      }
      job.setMapperClass(AggregationMapper.class);
    }
  }

  /** pageRank > X on the reused record; the URL bytes go out without a String. */
  public static class SelectionMapper extends Mapper<Object, RankingsRecord, Text, IntWritable> {
    private final Text url = new Text();
    private final IntWritable rank = new IntWritable();
    private int minRank;

    @Override
    protected void setup(Context context) {
      minRank = SelectionJob.getMinRank(context.getConfiguration());
    }

    @Override
    protected void map(Object key, RankingsRecord r, Context context) throws IOException, InterruptedException {
      if (r.pageRank() > minRank) {
        ByteSlice u = r.pageURL();
        url.set(u.bytes(), u.offset(), u.length());
        rank.set(r.pageRank());
        context.write(url, rank);
      }
    }
  }

  /** SUM(adRevenue) by sourceIP (or its prefix) over a visitDate range compared as days since 1970. */
  public static class AggregationMapper extends Mapper<Object, UserVisitsRecord, Text, LongWritable> {
    private final Text group = new Text();
    private final LongWritable revenue = new LongWritable();
    private int prefix;
    private long fromDay;
    private long toDay;

    @Override
    protected void setup(Context context) {
      Configuration conf = context.getConfiguration();
      prefix = AggregationJob.getPrefix(conf);
      DateRange range = AggregationJob.getDateRange(conf); // validates the keys
      fromDay = range.fromDay();
      toDay = range.toDay();
    }

    @Override
    protected void map(Object key, UserVisitsRecord v, Context context) throws IOException, InterruptedException {
      int day = v.visitDate();
      if (day < fromDay || day > toDay) {
        return;
      }
      long micros = v.adRevenueMicros(); // the reader's grammar: at most 2 decimals, never NULL
      ByteSlice ip = v.sourceIP();
      int n = prefix > 0 && ip.length() > prefix ? prefix : ip.length();
      group.set(ip.bytes(), ip.offset(), n);
      revenue.set(micros);
      context.write(group, revenue);
    }
  }
}
