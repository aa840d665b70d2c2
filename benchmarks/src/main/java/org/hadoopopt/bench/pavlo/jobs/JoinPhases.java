package org.hadoopopt.bench.pavlo.jobs;

import org.hadoopopt.bench.pavlo.RawText;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.bench.pavlo.BadRecords;
import org.hadoopopt.bench.pavlo.DateRange;
import org.hadoopopt.bench.pavlo.PavloOutput;

/**
 * The three jobs of the baseline join, as the original benchmark's Hadoop code planned it:
 * (1) filter UserVisits by date and repartition-join with Rankings on URL, (2) sum adRevenue and
 * pageRank per sourceIP, (3) a single reducer picks the sourceIP with the largest revenue.
 * Intermediate rows are text, tab-separated.
 */
public final class JoinPhases {
  private JoinPhases() {}

  /** Phase 1 map: Rankings rows become (pageURL, "R" pageRank), visits in range (destURL, "V" sourceIP TAB micros). */
  public static class FilterMapper extends Mapper<LongWritable, Text, Text, Text> {
    private BaselineDecoder decoder;
    private boolean rankings;
    private DateRange range;

    @Override
    protected void setup(Context context) {
      decoder = new BaselineDecoder(BadRecords.of(context));
      range = JoinJob.getDateRange(context.getConfiguration());
      // Which table this split belongs to: is its file under the Rankings input path?
      InputSplit split = context.getInputSplit();
      String file = ((FileSplit) split).getPath().toString();
      String r = context.getConfiguration().get(JoinJob.RANKINGS_INPUT);
      rankings = file.equals(r) || file.startsWith(r.endsWith("/") ? r : r + "/");
    }

    @Override
    protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
      if (rankings) {
        Ranking r = decoder.ranking(offset.get(), line);
        if (r != null) {
          context.write(RawText.text(r.pageURL), new Text("R" + r.pageRank));
        }
      } else {
        UserVisit v = decoder.userVisit(offset.get(), line);
        if (v != null && range.contains(v.visitDate)) {
          context.write(RawText.text(v.destURL), RawText.text("V" + v.sourceIP + "\t" + v.adRevenueMicros));
        }
      }
    }
  }

  /** Phase 1 reduce: for a URL with a Rankings row, each visit becomes "sourceIP TAB micros TAB pageRank". */
  public static class JoinReducer extends Reducer<Text, Text, Text, Text> {
    @Override
    protected void reduce(Text url, Iterable<Text> values, Context context) throws IOException, InterruptedException {
      String rank = null;
      List<String[]> visits = new ArrayList<>(); // the Rankings row may come last: buffer the visits
      for (Text t : values) {
        String s = RawText.string(t);
        if (s.charAt(0) == 'R') {
          rank = s.substring(1);
        } else {
          visits.add(RawText.splitLastTabs(s.substring(1), 2));
        }
      }
      if (rank == null) {
        return;
      }
      for (String[] v : visits) {
        context.write(RawText.text(v[0]), new Text(v[1] + "\t" + rank));
      }
    }
  }

  /** Phase 2 map: "sourceIP TAB micros TAB pageRank" to (sourceIP, "micros TAB pageRank TAB 1"). */
  public static class VisitMapper extends Mapper<LongWritable, Text, Text, Text> {
    @Override
    protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
      String[] f = RawText.splitLastTabs(RawText.string(line), 3);
      context.write(RawText.text(f[0]), new Text(f[1] + "\t" + f[2] + "\t1"));
    }
  }

  /** Phase 2 combine and reduce: component-wise sums of "micros TAB pageRankSum TAB visits". */
  public static class SumReducer extends Reducer<Text, Text, Text, Text> {
    @Override
    protected void reduce(Text ip, Iterable<Text> values, Context context) throws IOException, InterruptedException {
      long micros = 0;
      long ranks = 0;
      long visits = 0;
      for (Text t : values) {
        String[] f = t.toString().split("\t");
        micros += Long.parseLong(f[0]);
        ranks += Long.parseLong(f[1]);
        visits += Long.parseLong(f[2]);
      }
      context.write(ip, new Text(micros + "\t" + ranks + "\t" + visits));
    }
  }

  /** Phase 3 map: every group to the one reducer. */
  public static class AllToOneMapper extends Mapper<LongWritable, Text, NullWritable, Text> {
    @Override
    protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
      context.write(NullWritable.get(), new Text(line));
    }
  }

  /** Phase 3 reduce: the group with the largest revenue (ties: the smallest sourceIP), formatted by PavloOutput. */
  public static class TopReducer extends Reducer<NullWritable, Text, Text, Text> {
    @Override
    protected void reduce(NullWritable none, Iterable<Text> values, Context context) throws IOException, InterruptedException {
      String[] best = null;
      long bestMicros = 0;
      for (Text t : values) {
        String[] f = RawText.splitLastTabs(RawText.string(t), 4);
        long micros = Long.parseLong(f[1]);
        if (best == null || micros > bestMicros || micros == bestMicros && f[0].compareTo(best[0]) < 0) {
          best = f;
          bestMicros = micros;
        }
      }
      if (best != null) {
        context.write(RawText.text(best[0]),
            new Text(PavloOutput.joinValue(bestMicros, Long.parseLong(best[2]), Long.parseLong(best[3]))));
      }
    }
  }
}
