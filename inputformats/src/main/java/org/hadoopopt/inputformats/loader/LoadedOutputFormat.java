package org.hadoopopt.inputformats.loader;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hadoopopt.inputformats.kvsf.KvsfLayout;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopopt.inputformats.index.KeyType;
import org.hadoopopt.inputformats.index.RangeIndexBuilder;
import org.hadoopopt.inputformats.index.RangeIndexLayout;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Writes one reducer's rows (arriving sorted on the index column) to {@code part-NNNNN} (NNNNN =
 * the reducer's partition, the same name for every table loaded with the same partition count)
 * in pages, and its range index beside it once the file is closed. Empty partitions get an empty
 * data file and index too, so same-named files exist for every partition.
 */
public class LoadedOutputFormat extends FileOutputFormat<BytesWritable, Text> {
  /** Appends rows to the data file and reports the pages it finishes. */
  interface PageSink {
    void append(Object key, Text line) throws IOException;

    /** Finishes the data file. */
    void close() throws IOException;
  }

  @Override
  public RecordWriter<BytesWritable, Text> getRecordWriter(TaskAttemptContext ctx) throws IOException {
    Configuration conf = ctx.getConfiguration();
    Schema schema = LoadJob.getTable(conf);
    int indexField = LoadJob.indexField(conf, schema);
    String column = schema.fieldName(indexField);
    final KeyType type = KeyType.of(schema.type(indexField), column);
    int pageSize = LoadJob.getPageSize(conf);
    boolean kvsf = LoadJob.isKvsf(conf);
    if (kvsf) {
      KvsfLayout.checkPageFitsHeap(pageSize, Runtime.getRuntime().maxMemory(), LoadJob.PAGE_SIZE);
    }
    Path dir = ((FileOutputCommitter) getOutputCommitter(ctx)).getWorkPath();
    final Path file = new Path(dir, LoaderPartitions.fileName(ctx.getTaskAttemptID().getTaskID().getId()));
    final FileSystem fs = file.getFileSystem(conf);
    final RangeIndexBuilder index = new RangeIndexBuilder(kvsf ? RangeIndexLayout.FORMAT_KVSF : RangeIndexLayout.FORMAT_TEXT,
        schema.spec(), column, type, pageSize);
    final PageSink sink = kvsf ? new KvsfPageSink(fs, file, schema, conf, pageSize, index)
        : new TextPageSink(fs.create(file, false), pageSize, index);
    return new RecordWriter<BytesWritable, Text>() {
      @Override
      public void write(BytesWritable key, Text line) throws IOException {
        sink.append(type.fromSortable(key.getBytes(), 4, key.getLength() - 4), line);
      }

      @Override
      public void close(TaskAttemptContext context) throws IOException {
        sink.close();
        index.writeFor(fs, file); // after close: the index records the final length and time
      }
    };
  }
}
