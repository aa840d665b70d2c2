package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.inputformats.kvsf.RecordTooLargeException;
import org.hadoopopt.inputformats.record.Row;

/**
 * {@link KvsfConvert}'s mapper: passes each row (key: its line's byte offset) to the KVSF writer, and
 * names the input file and offset when the writer refuses a row too large for a page (the writer
 * only knows its output file and record number).
 */
public class KvsfConvertMapper extends Mapper<LongWritable, Row, LongWritable, Row> {
  private String file;

  @Override
  protected void setup(Context ctx) {
    InputSplit split = ctx.getInputSplit();
    file = split instanceof FileSplit ? ((FileSplit) split).getPath().toString() : null;
  }

  @Override
  protected void map(LongWritable offset, Row row, Context ctx) throws IOException, InterruptedException {
    try {
      ctx.write(offset, row);
    } catch (RecordTooLargeException e) {
      // A ScanSplit's reader names the file it is reading (several files in a combined split).
      String name = file != null ? file : ctx.getConfiguration().get(MRJobConfig.MAP_INPUT_FILE, String.valueOf(ctx.getInputSplit()));
      throw e.about(name + ", offset " + offset.get() + ": the row");
    }
  }
}
