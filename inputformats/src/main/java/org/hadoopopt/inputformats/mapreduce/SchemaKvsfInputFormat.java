package org.hadoopopt.inputformats.mapreduce;

import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * The rows of KeyValueSequenceFiles of any table, named by {@link SchemaTextInputFormat#SCHEMA}
 * (the files' headers must name the same table), as reused mutable {@link Row}s.
 */
public class SchemaKvsfInputFormat extends KvsfInputFormat<Row> {
  @Override
  protected Schema schema() {
    throw new IllegalStateException("SchemaKvsfInputFormat reads its table from " + SchemaTextInputFormat.SCHEMA);
  }

  @Override
  protected Schema schema(Configuration conf) {
    return SchemaTextInputFormat.getSchema(conf);
  }
}
