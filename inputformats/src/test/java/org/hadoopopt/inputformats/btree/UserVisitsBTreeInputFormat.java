package org.hadoopopt.inputformats.btree;

import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.TestSchemas;

/**
 * {@link BTreeInputFormat} of UserVisits trees.
 * (A test fixture: the benchmark ships its own Pavlo formats; the plugin jar has only the generic ones.)
 */
public class UserVisitsBTreeInputFormat extends BTreeInputFormat<Row> {
  @Override
  protected Schema schema() {
    return TestSchemas.USER_VISITS;
  }
}
