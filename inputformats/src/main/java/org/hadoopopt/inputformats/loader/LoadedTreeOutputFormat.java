package org.hadoopopt.inputformats.loader;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopopt.inputformats.btree.TreeLayout;
import org.hadoopopt.inputformats.btree.TreeMeta;
import org.hadoopopt.inputformats.btree.TreeWriter;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.index.KeyType;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * {@code load --format bdbtree}: one reducer's rows (sorted on the index column) into a Berkeley DB
 * JE B+-tree {@code part-NNNNN.jdb} with its sidecar {@code _part-NNNNN.jdb.meta}
 * ({@link TreeLayout}); empty partitions get an empty tree.
 */
public class LoadedTreeOutputFormat extends FileOutputFormat<BytesWritable, Text> {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(LoadedTreeOutputFormat.class);

  @Override
  public RecordWriter<BytesWritable, Text> getRecordWriter(TaskAttemptContext ctx) throws IOException {
    Configuration conf = ctx.getConfiguration();
    Schema schema = LoadJob.getTable(conf);
    int indexField = LoadJob.indexField(conf, schema);
    String column = schema.fieldName(indexField);
    KeyType type = KeyType.of(schema.type(indexField), column);
    Path dir = ((FileOutputCommitter) getOutputCommitter(ctx)).getWorkPath();
    final Path file = new Path(dir, TreeLayout.dataFileName(ctx.getTaskAttemptID().getTaskID().getId()));
    final FileSystem fs = file.getFileSystem(conf);
    final TreeWriter tree = new TreeWriter(conf, schema, column, type);
    final Row row = schema.newRow();
    final MutableTextDecoder decoder = new MutableTextDecoder(schema, row);
    return new RecordWriter<BytesWritable, Text>() {
      @Override
      public void write(BytesWritable key, Text line) throws IOException {
        try {
          tree.append(key.getBytes(), 4, key.getLength() - 4,
              decoder.decodeLine(line.getBytes(), 0, line.getLength(), file.toString(), -1));
        } catch (IOException | RuntimeException e) {
          tree.abort();
          throw e;
        }
      }

      @Override
      public void close(TaskAttemptContext context) throws IOException {
        TreeMeta meta = tree.finish(fs, file);
        LOG.info("{}: {} rows; reopened read-only: {}", file, meta.rows(), meta.check());
      }
    };
  }
}
