package org.hadoopopt.inputformats.btree;

import org.hadoopopt.inputformats.record.UserVisitsRecord;
import org.hadoopopt.inputformats.record.Schema;

/**
 * {@link BTreeInputFormat} of UserVisits trees.
 * (A test fixture: the benchmark ships its own Pavlo formats; the plugin jar has only the generic ones.)
 */
public class UserVisitsBTreeInputFormat extends BTreeInputFormat<UserVisitsRecord> {
  @Override
  protected Schema schema() {
    return Schema.USER_VISITS;
  }
}
