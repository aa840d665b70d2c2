package org.hadoopopt.bench.pavlo.gen;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * No input files: {@link PavloGenerator#MAPS} splits, each read as a sequence of row ranges
 * (chunks of its share of each table), so the task's progress follows the rows written.
 */
public final class GenInputFormat extends InputFormat<RowRange, NullWritable> {
  /** Rows per record: small enough for smooth progress, large enough to be cheap. */
  static final long CHUNK = 20_000;

  @Override
  public List<InputSplit> getSplits(JobContext context) {
    int maps = PavloGenerator.getMaps(context.getConfiguration());
    List<InputSplit> splits = new ArrayList<>();
    for (int i = 0; i < maps; i++) {
      splits.add(new GenSplit(i, maps));
    }
    return splits;
  }

  @Override
  public RecordReader<RowRange, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new Reader();
  }

  private static final class Reader extends RecordReader<RowRange, NullWritable> {
    private final List<RowRange> ranges = new ArrayList<>();
    private final List<Long> weights = new ArrayList<>();
    private long totalWeight;
    private long doneWeight;
    private int next;
    private RowRange current;

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context) throws IOException {
      Configuration conf = context.getConfiguration();
      GenSplit s = (GenSplit) split;
      List<PavloTable> tables = PavloGenerator.tables(conf);
      for (int t = 0; t < tables.size(); t++) {
        PavloTable table = tables.get(t);
        for (long a = s.start(table.rows), end = s.end(table.rows); a < end; a += CHUNK) {
          ranges.add(new RowRange(t, a, Math.min(end, a + CHUNK)));
          long w = (Math.min(end, a + CHUNK) - a) * table.approxBytesPerRow();
          weights.add(w);
          totalWeight += w;
        }
      }
    }

    @Override
    public boolean nextKeyValue() {
      if (current != null) {
        doneWeight += weights.get(next - 1);
      }
      if (next >= ranges.size()) {
        current = null;
        return false;
      }
      current = ranges.get(next++);
      return true;
    }

    @Override
    public RowRange getCurrentKey() {
      return current;
    }

    @Override
    public NullWritable getCurrentValue() {
      return NullWritable.get();
    }

    @Override
    public float getProgress() {
      return totalWeight == 0 ? 1f : (float) doneWeight / totalWeight;
    }

    @Override
    public void close() {}
  }
}
