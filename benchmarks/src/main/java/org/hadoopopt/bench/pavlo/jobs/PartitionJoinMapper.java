package org.hadoopopt.bench.pavlo.jobs;

import org.hadoopopt.bench.pavlo.RawText;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.hadoopopt.inputformats.index.KeyRange;
import org.hadoopopt.inputformats.join.CoPartitionedSplit;
import org.hadoopopt.inputformats.join.JoinHashTable;
import org.hadoopopt.inputformats.mapreduce.IndexedFileScan;
import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;

/**
 * The map-side join of one partition: the same-named UserVisits file is read through its
 * visitDate index into a bounded hash table on destURL; the Rankings rows of the partition probe
 * it, and per-sourceIP sums (micros, pageRank sum, visits) leave the map once, in cleanup.
 */
public class PartitionJoinMapper extends Mapper<NullWritable, RankingsRecord, Text, Text> {
  private JoinHashTable<Visit> visits;
  private final Map<String, long[]> sums = new HashMap<>();

  /** A qualifying visit, as kept in the hash table. */
  static final class Visit {
    final String sourceIP;
    final long micros;

    Visit(String sourceIP, long micros) {
      this.sourceIP = sourceIP;
      this.micros = micros;
    }
  }

  @Override
  protected void setup(Context ctx) throws IOException {
    Configuration conf = ctx.getConfiguration();
    CoPartitionedSplit split = (CoPartitionedSplit) ctx.getInputSplit();
    KeyRange range = RangeIndexInputFormat.getRange(conf, Schema.USER_VISITS);
    visits = new JoinHashTable<>(conf, split.partition());
    try (IndexedFileScan scan = new IndexedFileScan(ctx, split.buildFile(), Schema.USER_VISITS, range)) {
      for (Row r = scan.next(); r != null; r = scan.next()) {
        UserVisitsRecord v = (UserVisitsRecord) r;
        String ip = RawText.string(v.sourceIP()); // one char per byte: distinct bytes stay distinct keys
        visits.put(RawText.string(v.destURL()), new Visit(ip, JoinVariants.micros(v)), 48L + 2L * ip.length());
      }
    }
  }

  @Override
  protected void map(NullWritable k, RankingsRecord r, Context ctx) {
    List<Visit> hits = visits.get(RawText.string(r.pageURL()));
    for (Visit v : hits) {
      long[] s = sums.computeIfAbsent(v.sourceIP, x -> new long[3]);
      s[0] += v.micros;
      s[1] += r.pageRank();
      s[2]++;
    }
  }

  @Override
  protected void cleanup(Context ctx) throws IOException, InterruptedException {
    Text ip = new Text();
    Text value = new Text();
    for (Map.Entry<String, long[]> e : sums.entrySet()) {
      long[] s = e.getValue();
      ip.set(RawText.bytes(e.getKey()));
      value.set(s[0] + "\t" + s[1] + "\t" + s[2]);
      ctx.write(ip, value);
    }
  }
}
