package org.hadoopopt.inputformats.mapreduce;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.inputformats.index.RangeIndexLayout;

/**
 * A split of {@link RangeIndexInputFormat}: either a run of whole index pages ({@code scan} false:
 * starts and ends on page boundaries) or, for a file without a valid index, an ordinary chunk read
 * like FileInputFormat's splits. The first split of a job also carries the job's pruning figures,
 * which its task adds to the counters (getSplits runs in the client, where no counter exists).
 */
public class IndexedSplit extends FileSplit {
  private int format;
  private boolean scan;
  private final long[] counts = new long[RangeIndexCounter.values().length];

  public IndexedSplit() {}

  public IndexedSplit(Path file, long start, long length, String[] hosts, int format, boolean scan) {
    super(file, start, length, hosts);
    this.format = format;
    this.scan = scan;
  }

  /** {@link RangeIndexLayout#FORMAT_TEXT} or {@link RangeIndexLayout#FORMAT_KVSF}. */
  public int format() {
    return format;
  }

  /** True for a chunk of a file read without its index. */
  public boolean isScan() {
    return scan;
  }

  void setCount(RangeIndexCounter c, long v) {
    counts[c.ordinal()] = v;
  }

  public long count(RangeIndexCounter c) {
    return counts[c.ordinal()];
  }

  void addCountersTo(TaskAttemptContext ctx) {
    for (RangeIndexCounter c : RangeIndexCounter.values()) {
      if (counts[c.ordinal()] != 0) {
        ctx.getCounter(c).increment(counts[c.ordinal()]);
      }
    }
  }

  @Override
  public void write(DataOutput out) throws IOException {
    super.write(out);
    out.writeByte(format);
    out.writeBoolean(scan);
    for (long c : counts) {
      out.writeLong(c);
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    super.readFields(in);
    format = in.readByte();
    scan = in.readBoolean();
    for (int i = 0; i < counts.length; i++) {
      counts[i] = in.readLong();
    }
  }

  @Override
  public String toString() {
    return super.toString() + (scan ? " (scan, " : " (pages, ") + RangeIndexLayout.formatName(format) + ")";
  }
}
