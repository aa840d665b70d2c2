package org.hadoopopt.bench.pavlo.jobs;

import java.io.IOException;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.hadoopopt.bench.pavlo.DateRange;
import org.hadoopopt.bench.pavlo.RawText;
import org.hadoopopt.bench.tools.TaskJars;
import org.hadoopopt.inputformats.batch.BatchColumns;
import org.hadoopopt.inputformats.batch.ColumnBatch;
import org.hadoopopt.inputformats.loader.LoaderPartitions;
import org.hadoopopt.inputformats.mapreduce.ColumnBatchInputFormat;
import org.hadoopopt.inputformats.mapreduce.IndexedLookup;
import org.hadoopopt.inputformats.mapreduce.Pushdown;
import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.inputformats.mapreduce.SchemaTextInputFormat;
import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;

/**
 * The join's page plans, each ending in the same per-sourceIP sums and top reducer as the others
 * ({@link JoinVariants#topReduce}):
 * <ul>
 *   <li>{@code mtp}, on the text: the visitDate range pushed into the UserVisits reader (pages of
 *       column vectors, only destURL, sourceIP and adRevenue decoded), the few visits in range
 *       written out by a map-only job; then one scan of Rankings (pages again) probing them in memory
 *       in every map, per-sourceIP sums leaving each map once. No row of either table is shuffled.
 *   <li>{@code lookup}, on loaded copies: the visits in range found through UserVisits' visitDate
 *       index (only those pages read), and each one's pageRank looked up by key in Rankings loaded
 *       sorted and indexed on pageURL ({@link IndexedLookup}: the page that may hold the URL, binary
 *       search in it), the visits of a partition taken in URL order so each page is read at most once.
 *       Both tables loaded with the same partition count, so a URL is in the Rankings file of its
 *       partition; one map job.
 * </ul>
 */
public final class JoinPlans {
  /** {@code hadoopopt.bench.join.visits.dir}, set by {@code join --variant mtp}: the folder of the visits in range, read by every probing map. */
  public static final String VISITS_DIR = "hadoopopt.bench.join.visits.dir";
  /** {@code hadoopopt.bench.join.lookup.dir}, set by {@code join --variant lookup}: Rankings loaded on pageURL, its partition files looked up by key. */
  public static final String LOOKUP_DIR = "hadoopopt.bench.join.lookup.dir";
  /** {@code hadoopopt.bench.join.lookup.partitions}, set by {@code join --variant lookup}: the partitions both tables were loaded into. */
  public static final String LOOKUP_PARTITIONS = "hadoopopt.bench.join.lookup.partitions";

  private JoinPlans() {}

  /** The raw plan: visits in range by a pushed-down scan, then Rankings scanned against them in memory. */
  static void mtp(BaselineTool tool, Configuration conf, DateRange range, Path rankings, Path visits, Path out, Path tmp)
      throws IOException, InterruptedException {
    Path inRange = new Path(tmp, "visits");
    Job filter = JoinVariants.newJob(conf, "pavlo-join mtp 1/2 visits in visitDate " + range);
    pages(filter, ColumnBatchInputFormat.Text.class, Schema.USER_VISITS, "destURL", "sourceIP", "adRevenue");
    Pushdown.setDateRange(filter.getConfiguration(), "visitDate", LocalDate.parse(range.from()), true,
        LocalDate.parse(range.to()), true);
    filter.setMapperClass(VisitsInRangeMapper.class);
    filter.setNumReduceTasks(0);
    // (destURL, sourceIP TAB micros) in a SequenceFile: either string may hold a TAB, so no text line would do
    filter.setOutputFormatClass(SequenceFileOutputFormat.class);
    FileInputFormat.addInputPath(filter, visits);
    FileOutputFormat.setOutputPath(filter, inRange);
    tool.submit(filter);

    Job probe = JoinVariants.newJob(conf, "pavlo-join mtp 2/2 Rankings against the visits in range");
    pages(probe, ColumnBatchInputFormat.Text.class, Schema.RANKINGS, "pageURL", "pageRank");
    probe.getConfiguration().set(VISITS_DIR, inRange.toString());
    probe.setMapperClass(ProbeMapper.class);
    FileInputFormat.addInputPath(probe, rankings);
    JoinVariants.topReduce(probe, out);
    tool.submit(probe);
  }

  /** The loaded plan: visits in range through the date index, Rankings rows looked up by URL. */
  static void lookup(BaselineTool tool, Configuration conf, DateRange range, Path rankings, Path visits, Path out)
      throws IOException, InterruptedException {
    int n = partitions(conf, rankings, "Rankings");
    int m = partitions(conf, visits, "UserVisits");
    if (n != m) {
      throw new IllegalArgumentException("join --variant lookup: Rankings in " + rankings + " has " + n
          + " partitions, UserVisits in " + visits + " " + m + ": load both with the same --partitions");
    }
    Job job = JoinVariants.newJob(conf, "pavlo-join lookup: visits by the visitDate index, Rankings by pageURL");
    pages(job, ColumnBatchInputFormat.Range.class, Schema.USER_VISITS, "destURL", "sourceIP", "adRevenue");
    RangeIndexInputFormat.setDateRange(job.getConfiguration(), "visitDate", LocalDate.parse(range.from()), true,
        LocalDate.parse(range.to()), true);
    job.getConfiguration().set(LOOKUP_DIR, rankings.toString());
    job.getConfiguration().setInt(LOOKUP_PARTITIONS, n);
    job.setMapperClass(LookupMapper.class);
    FileInputFormat.addInputPath(job, visits);
    JoinVariants.topReduce(job, out);
    tool.submit(job);
  }

  /** The loader's partition files in DIR ({@code part-NNNNN}), counted; none fails naming the table. */
  private static int partitions(Configuration conf, Path dir, String table) throws IOException {
    FileStatus[] parts = dir.getFileSystem(conf).globStatus(new Path(dir, "part-[0-9][0-9][0-9][0-9][0-9]"));
    if (parts == null || parts.length == 0) {
      throw new IllegalArgumentException("join --variant lookup: no loaded partition files (part-NNNNN) in " + dir
          + " for " + table + " (load it first)");
    }
    return parts.length;
  }

  private static void pages(Job job, Class<? extends ColumnBatchInputFormat> format, Schema table, String... columns) {
    Configuration conf = job.getConfiguration();
    job.setInputFormatClass(format);
    conf.set(SchemaTextInputFormat.SCHEMA, table.spec());
    BatchColumns.set(conf, columns);
    MutableVariants.sizeScanToSlots(job);
    TaskJars.ship(conf, TaskJars.INPUTFORMATS);
  }

  /** Each visit in range (tested by the reader) as (destURL, {@code sourceIP TAB micros}). */
  public static class VisitsInRangeMapper extends Mapper<NullWritable, ColumnBatch, Text, Text> {
    private final Text url = new Text();
    private final Text visit = new Text();

    @Override
    protected void map(NullWritable key, ColumnBatch b, Context ctx) throws IOException, InterruptedException {
      int[] sel = b.selection();
      int d = UserVisitsRecord.DEST_URL;
      int ip = UserVisitsRecord.SOURCE_IP;
      long[] micros = b.longs(UserVisitsRecord.AD_REVENUE);
      for (int i = 0, n = b.selected(); i < n; i++) {
        int r = sel[i];
        url.set(b.strings(d), b.starts(d)[r], b.lengths(d)[r]);
        visit.set(b.strings(ip), b.starts(ip)[r], b.lengths(ip)[r]);
        byte[] m = RawText.bytes("\t" + micros[r]);
        visit.append(m, 0, m.length);
        ctx.write(url, visit);
      }
    }
  }

  /** Per-sourceIP (micros, pageRank sum, visits) of a map, written once at its end. */
  static final class Sums {
    private final Map<String, long[]> bySourceIp = new HashMap<>();

    void add(String sourceIp, long micros, int rank) {
      long[] s = bySourceIp.computeIfAbsent(sourceIp, x -> new long[3]);
      s[0] += micros;
      s[1] += rank;
      s[2]++;
    }

    void emit(Mapper<?, ?, Text, Text>.Context ctx) throws IOException, InterruptedException {
      Text ip = new Text();
      Text value = new Text();
      for (Map.Entry<String, long[]> e : bySourceIp.entrySet()) {
        long[] s = e.getValue();
        ip.set(RawText.bytes(e.getKey()));
        value.set(s[0] + "\t" + s[1] + "\t" + s[2]);
        ctx.write(ip, value);
      }
    }
  }

  /** Rankings pages probed against every visit in range, held in memory by URL. */
  public static class ProbeMapper extends Mapper<NullWritable, ColumnBatch, Text, Text> {
    private final UrlTable visits = new UrlTable();
    private final Sums sums = new Sums();

    @Override
    protected void setup(Context ctx) throws IOException {
      Configuration conf = ctx.getConfiguration();
      Path dir = new Path(conf.get(VISITS_DIR));
      FileSystem fs = dir.getFileSystem(conf);
      Text url = new Text();
      Text visit = new Text();
      for (FileStatus f : fs.listStatus(dir, p -> p.getName().startsWith("part-"))) {
        try (SequenceFile.Reader in = new SequenceFile.Reader(conf, SequenceFile.Reader.file(f.getPath()))) {
          while (in.next(url, visit)) {
            String[] v = RawText.splitLastTabs(RawText.string(visit), 2); // one char per byte: the bytes as they were
            visits.add(Arrays.copyOf(url.getBytes(), url.getLength()), v[0], Long.parseLong(v[1]));
          }
        }
      }
    }

    @Override
    protected void map(NullWritable key, ColumnBatch b, Context ctx) {
      int[] sel = b.selection();
      int u = RankingsRecord.PAGE_URL;
      byte[] urls = b.strings(u);
      int[] starts = b.starts(u);
      int[] lengths = b.lengths(u);
      int[] ranks = b.ints(RankingsRecord.PAGE_RANK);
      for (int i = 0, n = b.selected(); i < n; i++) {
        int r = sel[i];
        for (int v = visits.first(urls, starts[r], lengths[r]); v >= 0; v = visits.next(v)) {
          sums.add(visits.sourceIp(v), visits.micros(v), ranks[r]);
        }
      }
    }

    @Override
    protected void cleanup(Context ctx) throws IOException, InterruptedException {
      sums.emit(ctx);
    }
  }

  /**
   * The visits in range of a map's pages (through the date index), then at its end, partition by
   * partition in URL order, each URL's pageRank looked up in that partition's Rankings file.
   */
  public static class LookupMapper extends Mapper<NullWritable, ColumnBatch, Text, Text> {
    private final UrlTable visits = new UrlTable();

    @Override
    protected void map(NullWritable key, ColumnBatch b, Context ctx) {
      int[] sel = b.selection();
      int d = UserVisitsRecord.DEST_URL;
      int ip = UserVisitsRecord.SOURCE_IP;
      long[] micros = b.longs(UserVisitsRecord.AD_REVENUE);
      for (int i = 0, n = b.selected(); i < n; i++) {
        int r = sel[i];
        visits.add(Arrays.copyOfRange(b.strings(d), b.starts(d)[r], b.starts(d)[r] + b.lengths(d)[r]),
            RawText.string(b.strings(ip), b.starts(ip)[r], b.lengths(ip)[r]), micros[r]);
      }
    }

    @Override
    protected void cleanup(Context ctx) throws IOException, InterruptedException {
      Configuration conf = ctx.getConfiguration();
      int n = conf.getInt(LOOKUP_PARTITIONS, 1);
      Path dir = new Path(conf.get(LOOKUP_DIR));
      byte[][] urls = visits.keys();
      // by partition, then URL: each partition's file opened once, each of its pages read at most once
      int[] partition = new int[urls.length];
      Integer[] order = new Integer[urls.length];
      for (int i = 0; i < urls.length; i++) {
        partition[i] = LoaderPartitions.partitionOf(urls[i], 0, urls[i].length, n);
        order[i] = i;
      }
      Arrays.sort(order, (a, c) -> partition[a] != partition[c] ? Integer.compare(partition[a], partition[c])
          : Arrays.compareUnsigned(urls[a], urls[c]));
      boolean[] projected = new boolean[Schema.RANKINGS.fieldCount()];
      projected[RankingsRecord.PAGE_URL] = true;
      projected[RankingsRecord.PAGE_RANK] = true;
      Sums sums = new Sums();
      IndexedLookup rankings = null;
      int open = -1;
      try {
        for (int i : order) {
          if (partition[i] != open) {
            if (rankings != null) {
              rankings.countInto(ctx);
              rankings.close();
            }
            open = partition[i];
            rankings = new IndexedLookup(conf, new Path(dir, LoaderPartitions.fileName(open)), Schema.RANKINGS, "pageURL",
                projected);
          }
          byte[] url = urls[i];
          if (!rankings.find(url, 0, url.length)) {
            continue; // no Rankings row for the URL: an inner join drops the visit
          }
          // pageURL is Rankings' key (unique): its one row joins every visit of the URL
          int rank = rankings.batch().ints(RankingsRecord.PAGE_RANK)[rankings.row()];
          for (int v = visits.firstOfKey(i); v >= 0; v = visits.next(v)) {
            sums.add(visits.sourceIp(v), visits.micros(v), rank);
          }
        }
      } finally {
        if (rankings != null) {
          rankings.countInto(ctx);
          rankings.close();
        }
      }
      sums.emit(ctx);
    }
  }
}
