package org.hadoopopt.inputformats.mapreduce;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * A scan split of one or more file ranges (combined when {@link ScanSplits#COMBINE} is on). It is
 * deliberately not a {@link FileSplit}: Hadoop's {@code MapTask} then skips its per-record walk of
 * the file-system statistics, and the reader counts {@code File Input Format} bytes read itself
 * ({@link TaskByteCount}).
 */
public class ScanSplit extends InputSplit implements Writable {
  private final List<FileSplit> parts = new ArrayList<>();
  private String[] hosts = new String[0];

  public ScanSplit() {}

  public ScanSplit(List<FileSplit> parts, String[] hosts) {
    this.parts.addAll(parts);
    this.hosts = hosts;
  }

  /** The file ranges, read in this order. */
  public List<FileSplit> parts() {
    return parts;
  }

  @Override
  public long getLength() {
    long n = 0;
    for (FileSplit p : parts) {
      n += p.getLength();
    }
    return n;
  }

  @Override
  public String[] getLocations() {
    return hosts;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeInt(parts.size());
    for (FileSplit p : parts) {
      Text.writeString(out, p.getPath().toString());
      out.writeLong(p.getStart());
      out.writeLong(p.getLength());
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    parts.clear();
    int n = in.readInt();
    for (int i = 0; i < n; i++) {
      parts.add(new FileSplit(new Path(Text.readString(in)), in.readLong(), in.readLong(), new String[0]));
    }
    hosts = new String[0]; // as FileSplit: locations are for scheduling only
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    for (FileSplit p : parts) {
      b.append(b.length() == 0 ? "" : ",").append(p.getPath()).append(':').append(p.getStart()).append('+').append(p.getLength());
    }
    return b.toString();
  }
}
