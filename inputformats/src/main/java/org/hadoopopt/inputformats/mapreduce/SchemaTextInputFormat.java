package org.hadoopopt.inputformats.mapreduce;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * '|' text rows of any table, named by {@link #SCHEMA}, as reused mutable {@link Row}s: what a
 * {@link MutableTextInputFormat} subclass fixing its table does, for a table given as a key.
 */
public class SchemaTextInputFormat extends MutableTextInputFormat<Row> {
  /**
   * The table read: {@code rankings}, {@code uservisits} or a spec {@code name(column:TYPE,...)}
   * with types STRING, INT, DATE, DECIMAL ({@link Schema#parse}); no default, required. Also read
   * by {@link SchemaKvsfInputFormat}.
   */
  public static final String SCHEMA = "hadoopopt.input.schema";

  /** Sets {@link #SCHEMA}. */
  public static void setSchema(Job job, Schema schema) {
    job.getConfiguration().set(SCHEMA, schema.spec());
  }

  /** The table {@link #SCHEMA} names; unset or invalid fails naming the key. */
  public static Schema getSchema(Configuration conf) {
    String spec = conf.getTrimmed(SCHEMA);
    if (spec == null || spec.isEmpty()) {
      throw new IllegalArgumentException(SCHEMA + " is not set: the input format needs the table "
          + "(rankings, uservisits or a spec name(column:TYPE,...))");
    }
    try {
      return Schema.forName(spec);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(SCHEMA + ": " + e.getMessage(), e);
    }
  }

  @Override
  protected Schema schema() {
    throw new IllegalStateException("SchemaTextInputFormat reads its table from " + SCHEMA);
  }

  @Override
  protected Schema schema(Configuration conf) {
    return getSchema(conf);
  }
}
