package org.hadoopopt.inputformats.mapreduce;

import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * {@link RangeIndexInputFormat} of loaded files of any table, named by
 * {@link SchemaTextInputFormat#SCHEMA} (the indexes must record the same table: the loader writes
 * its spec), as reused mutable {@link Row}s.
 */
public class SchemaRangeInputFormat extends RangeIndexInputFormat<Row> {
  @Override
  protected Schema schema() {
    throw new IllegalStateException("SchemaRangeInputFormat reads its table from " + SchemaTextInputFormat.SCHEMA);
  }

  @Override
  protected Schema schema(Configuration conf) {
    return SchemaTextInputFormat.getSchema(conf);
  }
}
