package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.inputformats.kvsf.KvsfFormatException;
import org.hadoopopt.inputformats.kvsf.KvsfReader;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/** Reads one split of a KeyValueSequenceFile with {@link KvsfReader}. */
final class KvsfRecordReader<R extends Row> extends RecordReader<NullWritable, R> {
  private final Schema expected;
  private KvsfReader reader;
  private R current;

  KvsfRecordReader(Schema expected) {
    this.expected = expected;
  }

  @Override
  public void initialize(InputSplit genericSplit, TaskAttemptContext ctx) throws IOException {
    FileSplit split = (FileSplit) genericSplit;
    Path path = split.getPath();
    FileSystem fs = path.getFileSystem(ctx.getConfiguration());
    long length = fs.getFileStatus(path).getLen();
    reader = new KvsfReader(fs.open(path), path.toString(), length, split.getStart(), split.getStart() + split.getLength());
    if (reader.info().schema() != expected) {
      reader.close();
      throw new KvsfFormatException(path + ": holds " + reader.info().schema().name() + " rows, the input format reads "
          + expected.name());
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public boolean nextKeyValue() throws IOException {
    current = (R) reader.next();
    return current != null;
  }

  @Override
  public NullWritable getCurrentKey() {
    return NullWritable.get();
  }

  @Override
  public R getCurrentValue() {
    return current;
  }

  @Override
  public float getProgress() {
    return reader == null ? 0f : reader.progress();
  }

  @Override
  public void close() throws IOException {
    if (reader != null) {
      reader.close();
    }
  }
}
