package org.hadoopopt.bench.pavlo.gen;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;

/** Map task {@code index} of {@code count}: it writes rows [index*N/count, (index+1)*N/count) of every table. */
public final class GenSplit extends InputSplit implements Writable {
  private int index;
  private int count;

  public GenSplit() {}

  GenSplit(int index, int count) {
    this.index = index;
    this.count = count;
  }

  int index() {
    return index;
  }

  /** The first row of this map's share of a table of {@code rows} rows (its end is that of map index+1). */
  static long firstRow(long rows, int index, int count) {
    return rows * index / count; // exact: rows * count stays far below 2^63 at any sensible scale
  }

  long start(long rows) {
    return firstRow(rows, index, count);
  }

  long end(long rows) {
    return firstRow(rows, index + 1, count);
  }

  @Override
  public long getLength() {
    return 0;
  }

  @Override
  public String[] getLocations() {
    return new String[0];
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeInt(index);
    out.writeInt(count);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    index = in.readInt();
    count = in.readInt();
  }

  @Override
  public String toString() {
    return "pavlo-gen map " + index + " of " + count;
  }
}
