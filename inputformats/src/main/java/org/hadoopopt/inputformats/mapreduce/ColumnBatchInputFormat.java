package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.hadoopopt.inputformats.batch.BatchColumns;
import org.hadoopopt.inputformats.batch.ColumnBatch;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Pages, not records: the rows of a table handed to the mapper a {@link ColumnBatch} at a time
 * ({@link ColumnBatchReader}), key {@code NullWritable}. The table is named by
 * {@link SchemaTextInputFormat#SCHEMA}; the splits are those of the row input format this one
 * stands for, so every split key (sizes, slots, combining, the range index's pages) means what it
 * means there:
 * <ul>
 *   <li>{@link Text}: '|' text files ({@link SchemaTextInputFormat}'s splits); a batch is a run of lines.
 *   <li>{@link Range}: files made by the loader, text or KVSF, through their range index
 *       ({@link SchemaRangeInputFormat}'s page runs, packed to the map slots with
 *       {@link ScanSplits#SLOTS}); a KVSF batch is one page; every row outside the index's key range is
 *       dropped in the page loop. With both bounds open every page is read.
 * </ul>
 * {@link BatchColumns#COLUMNS} chooses the columns decoded, {@link Pushdown} the predicate tested
 * inside the page loop; both are checked at submission, naming the key.
 */
public abstract class ColumnBatchInputFormat extends InputFormat<NullWritable, ColumnBatch> {
  /** The row input format whose splits this one reads. */
  abstract InputFormat<?, ?> rows();

  abstract boolean rangeIndexed();

  @Override
  public List<InputSplit> getSplits(JobContext job) throws IOException, InterruptedException {
    Configuration conf = job.getConfiguration();
    Schema schema = SchemaTextInputFormat.getSchema(conf);
    BatchColumns.get(conf, schema, -1); // an unknown column fails the job here, naming the key
    BatchColumns.rows(conf);
    return rows().getSplits(job);
  }

  @Override
  public RecordReader<NullWritable, ColumnBatch> createRecordReader(InputSplit split, TaskAttemptContext ctx) {
    return new ColumnBatchReader(SchemaTextInputFormat.getSchema(ctx.getConfiguration()), rangeIndexed());
  }

  /** '|' text files, a batch per run of lines. */
  public static class Text extends ColumnBatchInputFormat {
    @Override
    InputFormat<?, ?> rows() {
      return new SchemaTextInputFormat();
    }

    @Override
    boolean rangeIndexed() {
      return false;
    }
  }

  /** Loaded files through their range index, a batch per KVSF page (or run of text lines). */
  public static class Range extends ColumnBatchInputFormat {
    @Override
    InputFormat<?, ?> rows() {
      return new SchemaRangeInputFormat();
    }

    @Override
    boolean rangeIndexed() {
      return true;
    }
  }
}
