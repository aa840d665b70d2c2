package org.hadoopopt.inputformats.mapreduce;

import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.TestSchemas;

/**
 * UserVisits text rows as reused {@link Row}s.
 * (A test fixture: the benchmark ships its own Pavlo formats; the plugin jar has only the generic ones.)
 */
public class UserVisitsTextInputFormat extends MutableTextInputFormat<Row> {
  @Override
  protected Schema schema() {
    return TestSchemas.USER_VISITS;
  }
}
