package org.hadoopopt.inputformats.mapreduce;

import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Hands '|' text tables to mappers as one reused mutable row per task (key: the line's byte
 * offset), decoded in place by {@link org.hadoopopt.inputformats.codec.MutableTextDecoder}.
 * Splitting, compression and line handling are Hadoop's {@code LineRecordReader}'s. Subclasses fix
 * the table: {@link RankingsTextInputFormat}, {@link UserVisitsTextInputFormat}.
 */
public abstract class MutableTextInputFormat<R extends Row> extends FileInputFormat<LongWritable, R> {
  protected abstract Schema schema();

  @Override
  public RecordReader<LongWritable, R> createRecordReader(InputSplit split, TaskAttemptContext ctx) {
    return new MutableTextRecordReader<R>(schema());
  }
}
