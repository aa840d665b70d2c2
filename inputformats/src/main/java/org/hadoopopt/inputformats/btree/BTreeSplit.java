package org.hadoopopt.inputformats.btree;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * One tree file, whole. The first split of a job also carries the job's tree counts, which its task
 * adds to the counters (getSplits runs in the client, where no counter exists).
 */
public class BTreeSplit extends FileSplit {
  private long totalTrees;
  private long prunedTrees;

  public BTreeSplit() {}

  public BTreeSplit(Path file, long length, String[] hosts) {
    super(file, 0, length, hosts);
  }

  void setCounts(long total, long pruned) {
    totalTrees = total;
    prunedTrees = pruned;
  }

  void addCountersTo(TaskAttemptContext ctx) {
    if (totalTrees != 0) {
      ctx.getCounter(BTreeCounter.TREES_TOTAL).increment(totalTrees);
    }
    if (prunedTrees != 0) {
      ctx.getCounter(BTreeCounter.TREES_PRUNED).increment(prunedTrees);
    }
  }

  @Override
  public void write(DataOutput out) throws IOException {
    super.write(out);
    out.writeLong(totalTrees);
    out.writeLong(prunedTrees);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    super.readFields(in);
    totalTrees = in.readLong();
    prunedTrees = in.readLong();
  }
}
