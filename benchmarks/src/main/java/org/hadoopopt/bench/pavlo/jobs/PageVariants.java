package org.hadoopopt.bench.pavlo.jobs;

import java.io.IOException;
import java.time.LocalDate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.hadoopopt.bench.pavlo.DateRange;
import org.hadoopopt.bench.tools.ConfValues;
import org.hadoopopt.bench.tools.TaskJars;
import org.hadoopopt.fingerprint.collector.PartialSums;
import org.hadoopopt.inputformats.batch.BatchColumns;
import org.hadoopopt.inputformats.batch.ColumnBatch;
import org.hadoopopt.inputformats.mapreduce.ColumnBatchInputFormat;
import org.hadoopopt.inputformats.mapreduce.Pushdown;
import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.inputformats.mapreduce.SchemaTextInputFormat;
import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;

/**
 * Pages, not records: the {@code mtv} (the '|' text, a run of lines at a time) and {@code bdbiv}
 * (the loaded KVSF copy through its range index, a page at a time) variants of Selection and
 * Aggregation. The reader ({@link ColumnBatchInputFormat}) decodes only the columns the query
 * reads into column vectors and tests the predicate inside the page loop (pushed down on the text;
 * the index's key range on the loaded copy); the mapper gets a page per call. Aggregation sums a
 * page's selected rows into a {@link PartialSums} table inside the map task and emits each key's
 * partial sum once (when the table fills, and at the end), so no record is collected per row;
 * the combiner and reducer add the partials up as they would any map output. Splits are sized
 * (scan) or page runs packed (index) to the map slots. Output is the baseline's bytes.
 */
public final class PageVariants {
  /**
   * {@code hadoopopt.bench.aggregation.partial.bytes}, default: a quarter of the map task's heap, at
   * most 268435456: the byte budget of a page-variant map's table of partial sums (at about 92 bytes
   * a key; the table starts small and doubles up to it; a full table emits its sums and starts again).
   */
  public static final String PARTIAL_BYTES = "hadoopopt.bench.aggregation.partial.bytes";
  static final long PARTIAL_BYTES_MAX = 256L << 20;

  private PageVariants() {}

  static long partialBytes(Configuration conf) {
    long quarter = Runtime.getRuntime().maxMemory() / 4;
    return ConfValues.getLong(conf, PARTIAL_BYTES, Math.min(PARTIAL_BYTES_MAX, quarter), 1);
  }

  /** Whether the variant reads pages into column vectors. */
  static boolean applies(MutableVariants.Decoder v) {
    return v == MutableVariants.Decoder.MTV || v == MutableVariants.Decoder.BDBIV;
  }

  /** The input of a page variant: the text (scan) or the loaded copy (index), TABLE's COLUMNS decoded. */
  private static void input(Job job, MutableVariants.Decoder v, Schema table, String... columns) {
    Configuration conf = job.getConfiguration();
    job.setInputFormatClass(v == MutableVariants.Decoder.MTV ? ColumnBatchInputFormat.Text.class : ColumnBatchInputFormat.Range.class);
    conf.set(SchemaTextInputFormat.SCHEMA, table.spec());
    BatchColumns.set(conf, columns);
    MutableVariants.sizeScanToSlots(job);
    TaskJars.ship(conf, TaskJars.INPUTFORMATS);
    TaskJars.ship(conf, PartialSums.class.getName());
  }

  static void selection(Job job, MutableVariants.Decoder v) {
    input(job, v, Schema.RANKINGS, "pageURL", "pageRank");
    int minRank = SelectionJob.getMinRank(job.getConfiguration());
    if (v == MutableVariants.Decoder.MTV) {
      Pushdown.setIntRange(job.getConfiguration(), "pageRank", minRank, false, null, true);
    } else {
      RangeIndexInputFormat.setIntRange(job.getConfiguration(), "pageRank", minRank, false, null, true);
    }
    job.setMapperClass(SelectionMapper.class);
  }

  static void aggregation(Job job, MutableVariants.Decoder v) {
    input(job, v, Schema.USER_VISITS, "sourceIP", "adRevenue");
    DateRange range = AggregationJob.getDateRange(job.getConfiguration());
    LocalDate from = range.from() == null ? null : LocalDate.parse(range.from());
    LocalDate to = range.to() == null ? null : LocalDate.parse(range.to());
    if (v == MutableVariants.Decoder.MTV) {
      if (from != null || to != null) {
        Pushdown.setDateRange(job.getConfiguration(), "visitDate", from, true, to, true);
      }
    } else {
      // the loaded copy's pages through its visitDate index; open at both ends every page is read
      RangeIndexInputFormat.setDateRange(job.getConfiguration(), "visitDate", from, true, to, true);
    }
    job.setMapperClass(AggregationMapper.class);
  }

  /** Each selected row of a page (pageRank > X, tested by the reader) as {@code pageURL TAB pageRank}. */
  public static class SelectionMapper extends Mapper<NullWritable, ColumnBatch, Text, IntWritable> {
    private final Text url = new Text();
    private final IntWritable rank = new IntWritable();

    @Override
    protected void map(NullWritable key, ColumnBatch b, Context ctx) throws IOException, InterruptedException {
      int[] sel = b.selection();
      byte[] urls = b.strings(RankingsRecord.PAGE_URL);
      int[] starts = b.starts(RankingsRecord.PAGE_URL);
      int[] lengths = b.lengths(RankingsRecord.PAGE_URL);
      int[] ranks = b.ints(RankingsRecord.PAGE_RANK);
      for (int i = 0, n = b.selected(); i < n; i++) {
        int r = sel[i];
        url.set(urls, starts[r], lengths[r]);
        rank.set(ranks[r]);
        ctx.write(url, rank);
      }
    }
  }

  /**
   * SUM(adRevenue) by sourceIP (or its first N bytes) over each page's selected rows, into the map's
   * table of partial sums; each key's sum leaves the map once per table fill, as (key, millionths).
   */
  public static class AggregationMapper extends Mapper<NullWritable, ColumnBatch, Text, LongWritable> {
    private PartialSums sums;
    private int prefix;
    private int[] clipped = new int[0];
    private PartialSums.Sink sink;

    @Override
    protected void setup(Context ctx) {
      Configuration conf = ctx.getConfiguration();
      prefix = AggregationJob.getPrefix(conf);
      AggregationJob.getDateRange(conf); // validates the keys
      sums = new PartialSums(partialBytes(conf));
      Text group = new Text();
      LongWritable revenue = new LongWritable();
      sink = (k, off, len, sum) -> {
        group.set(k, off, len);
        revenue.set(sum);
        ctx.write(group, revenue);
      };
    }

    @Override
    protected void map(NullWritable key, ColumnBatch b, Context ctx) throws IOException, InterruptedException {
      int ip = UserVisitsRecord.SOURCE_IP;
      int[] lengths = b.lengths(ip);
      if (prefix > 0) {
        if (clipped.length < lengths.length) {
          clipped = new int[lengths.length];
        }
        int[] sel = b.selection();
        for (int i = 0, n = b.selected(); i < n; i++) {
          clipped[sel[i]] = Math.min(prefix, lengths[sel[i]]);
        }
        lengths = clipped;
      }
      sums.add(b.strings(ip), b.starts(ip), lengths, b.longs(UserVisitsRecord.AD_REVENUE), b.selection(), b.selected(), sink);
    }

    @Override
    protected void cleanup(Context ctx) throws IOException, InterruptedException {
      sums.drain(sink);
    }
  }
}
