package org.hadoopopt.inputformats.loader;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.index.KeyType;
import org.hadoopopt.inputformats.mapreduce.BadRows;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Decodes each '|' line ({@link org.hadoopopt.inputformats.record.ColumnGrammar}: a malformed one
 * fails naming file, offset and column, or with {@link BadRows#SKIP_BAD} is skipped and counted) and emits
 * (partition number (4 bytes) + the index key in sortable bytes, the line unchanged): the shuffle
 * sorts each partition on the index column, and the line's bytes reach the file as they were.
 */
public class LoadMapper extends Mapper<LongWritable, Text, BytesWritable, Text> {
  private final BytesWritable key = new BytesWritable();
  private Row row;
  private MutableTextDecoder decoder;
  private int partitions;
  private int partitionField;
  private int indexField;
  private KeyType keyType;
  private String file;
  private BadRows bad;

  @Override
  protected void setup(Context context) {
    Configuration conf = context.getConfiguration();
    Schema schema = LoadJob.getTable(conf);
    row = schema.newRow();
    decoder = new MutableTextDecoder(schema, row);
    partitions = LoadJob.getPartitions(conf);
    partitionField = LoadJob.partitionField(conf, schema);
    indexField = LoadJob.indexField(conf, schema);
    keyType = KeyType.of(schema.type(indexField), schema.fieldName(indexField));
    bad = BadRows.of(context);
    file = context.getInputSplit() instanceof FileSplit ? ((FileSplit) context.getInputSplit()).getPath().toString() : "input";
  }

  @Override
  protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
    int len = line.getLength();
    try {
      decoder.decodeLine(line.getBytes(), 0, len, file, offset.get());
    } catch (MalformedRecordException e) {
      bad.rows(e, 1); // throws unless skipping
      return;
    }
    int p;
    if (row.schema().type(partitionField) == org.hadoopopt.inputformats.record.FieldType.STRING) {
      ByteSlice s = row.slice(partitionField);
      p = LoaderPartitions.partitionOf(s.bytes(), s.offset(), s.length(), partitions);
    } else {
      byte[] b = Long.toString(row.getNumber(partitionField)).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      p = LoaderPartitions.partitionOf(b, 0, b.length, partitions);
    }
    if (row.isNull(indexField)) { // text rows have no NULLs (the grammar): never met
      throw new IOException(file + ", offset " + offset.get() + ": no " + row.schema().fieldName(indexField) + " to index on");
    }
    key.setSize(4 + keyType.sortableLength(row, indexField));
    byte[] k = key.getBytes();
    k[0] = (byte) (p >>> 24);
    k[1] = (byte) (p >>> 16);
    k[2] = (byte) (p >>> 8);
    k[3] = (byte) p;
    keyType.writeSortable(row, indexField, k, 4); // in place: no object per row
    context.write(key, line);
  }
}
