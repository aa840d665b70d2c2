package org.hadoopopt.inputformats.join;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.hadoopopt.inputformats.mapreduce.IndexedFileScan;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Input of a map-side join over two tables loaded with the same number of partitions (same file
 * names): one split per file of the job's input directory (the streamed side), paired with the
 * same-named file under {@link #BUILD_DIR} (the build side, which the mapper reads itself, e.g.
 * through its index with {@link IndexedFileScan}, into a {@link JoinHashTable}). The reader hands
 * the streamed file's rows (text or KVSF) to the mapper. Subclasses fix the streamed table.
 */
public abstract class CoPartitionedInputFormat<R extends Row> extends FileInputFormat<NullWritable, R> {
  /** Directory of the build side's partition files; no default, required. */
  public static final String BUILD_DIR = "hadoopopt.input.join.build.dir";

  protected abstract Schema schema();

  public static void setBuildDir(Configuration conf, Path dir) {
    conf.set(BUILD_DIR, dir.toString());
  }

  static Path buildDir(Configuration conf) {
    String d = conf.getTrimmed(BUILD_DIR);
    if (d == null || d.isEmpty()) {
      throw new IllegalArgumentException(BUILD_DIR + " is not set: the directory of the build side's partition files");
    }
    return new Path(d);
  }

  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    return false;
  }

  @Override
  public List<InputSplit> getSplits(JobContext job) throws IOException {
    Configuration conf = job.getConfiguration();
    Path buildDir = buildDir(conf);
    FileSystem buildFs = buildDir.getFileSystem(conf);
    List<InputSplit> splits = new ArrayList<>();
    for (FileStatus st : listStatus(job)) {
      Path build = new Path(buildDir, st.getPath().getName());
      if (!buildFs.exists(build)) {
        throw new IOException("partition " + st.getPath().getName() + ": " + st.getPath() + " has no same-named file " + build
            + " (load both tables with the same number of partitions)");
      }
      FileSystem fs = st.getPath().getFileSystem(conf);
      BlockLocation[] b = fs.getFileBlockLocations(st, 0, st.getLen());
      splits.add(new CoPartitionedSplit(st.getPath(), st.getLen(), b.length == 0 ? new String[0] : b[0].getHosts(),
          buildFs.makeQualified(build)));
    }
    return splits;
  }

  @Override
  public RecordReader<NullWritable, R> createRecordReader(InputSplit split, TaskAttemptContext ctx) {
    final Schema schema = schema();
    return new RecordReader<NullWritable, R>() {
      private IndexedFileScan scan;
      private R row;

      @Override
      public void initialize(InputSplit s, TaskAttemptContext c) throws IOException {
        scan = new IndexedFileScan(c, ((CoPartitionedSplit) s).getPath(), schema, null);
      }

      @Override
      @SuppressWarnings("unchecked")
      public boolean nextKeyValue() throws IOException {
        row = (R) scan.next();
        return row != null;
      }

      @Override
      public NullWritable getCurrentKey() {
        return NullWritable.get();
      }

      @Override
      public R getCurrentValue() {
        return row;
      }

      @Override
      public float getProgress() {
        return 0f;
      }

      @Override
      public void close() throws IOException {
        if (scan != null) {
          scan.close();
        }
      }
    };
  }
}
