package org.hadoopopt.bench.pavlo.format;

import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.bench.pavlo.record.UserVisitsRecord;
import org.hadoopopt.inputformats.btree.BTreeInputFormat;
import org.hadoopopt.inputformats.record.Schema;

/** {@link BTreeInputFormat} of UserVisits trees. */
public class UserVisitsBTreeInputFormat extends BTreeInputFormat<UserVisitsRecord> {
  @Override
  protected Schema schema() {
    return PavloSchema.USERVISITS_TABLE;
  }
}
