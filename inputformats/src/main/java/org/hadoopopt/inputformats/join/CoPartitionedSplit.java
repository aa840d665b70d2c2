package org.hadoopopt.inputformats.join;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/** One partition of a co-partitioned join: a whole file of the streamed side and the same-named file of the build side. */
public class CoPartitionedSplit extends FileSplit {
  private Path buildFile;

  public CoPartitionedSplit() {}

  public CoPartitionedSplit(Path streamFile, long length, String[] hosts, Path buildFile) {
    super(streamFile, 0, length, hosts);
    this.buildFile = buildFile;
  }

  /** The build side's file of this partition (same name, other directory). */
  public Path buildFile() {
    return buildFile;
  }

  /** The partition's name, e.g. {@code part-00007}. */
  public String partition() {
    return getPath().getName();
  }

  @Override
  public void write(DataOutput out) throws IOException {
    super.write(out);
    Text.writeString(out, buildFile.toString());
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    super.readFields(in);
    buildFile = new Path(Text.readString(in));
  }
}
