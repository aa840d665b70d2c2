package org.hadoopopt.bench.pavlo.format;

import org.hadoopopt.inputformats.btree.BTreeInputFormat;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;

/** {@link BTreeInputFormat} of UserVisits trees. */
public class UserVisitsBTreeInputFormat extends BTreeInputFormat<UserVisitsRecord> {
  @Override
  protected Schema schema() {
    return Schema.USER_VISITS;
  }
}
