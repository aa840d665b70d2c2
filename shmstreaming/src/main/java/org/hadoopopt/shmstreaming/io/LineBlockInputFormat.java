package org.hadoopopt.shmstreaming.io;

import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.TextInputFormat;

/**
 * {@link TextInputFormat} whose records are blocks of lines: the same splits (so the same
 * {@code FileSplit}s, file names in the program's environment and byte counters) and the same
 * lines, read by Hadoop's own line reader, handed to Streaming many at a time
 * ({@link LineBlockReader}). Installed by {@link StreamBlocks#planInput} at submission.
 */
public class LineBlockInputFormat extends TextInputFormat {
  @Override
  public RecordReader<LongWritable, Text> getRecordReader(InputSplit split, JobConf job, Reporter reporter)
      throws IOException {
    return new LineBlockReader(super.getRecordReader(split, job, reporter), reporter, StreamBlocks.blockBytes(job));
  }
}
