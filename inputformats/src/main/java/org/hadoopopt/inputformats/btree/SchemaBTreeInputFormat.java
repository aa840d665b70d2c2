package org.hadoopopt.inputformats.btree;

import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.inputformats.mapreduce.SchemaTextInputFormat;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * {@link BTreeInputFormat} of trees of any table, named by {@link SchemaTextInputFormat#SCHEMA}
 * (the sidecars must record the same table: the loader writes its spec), as reused mutable {@link Row}s.
 */
public class SchemaBTreeInputFormat extends BTreeInputFormat<Row> {
  @Override
  protected Schema schema() {
    throw new IllegalStateException("SchemaBTreeInputFormat reads its table from " + SchemaTextInputFormat.SCHEMA);
  }

  @Override
  protected Schema schema(Configuration conf) {
    return SchemaTextInputFormat.getSchema(conf);
  }
}
