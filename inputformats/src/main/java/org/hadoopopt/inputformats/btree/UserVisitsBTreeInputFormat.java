package org.hadoopopt.inputformats.btree;

import org.hadoopopt.inputformats.record.UserVisitsRecord;
import org.hadoopopt.inputformats.record.Schema;

/** {@link BTreeInputFormat} of UserVisits trees. */
public class UserVisitsBTreeInputFormat extends BTreeInputFormat<UserVisitsRecord> {
  @Override
  protected Schema schema() {
    return Schema.USER_VISITS;
  }
}
