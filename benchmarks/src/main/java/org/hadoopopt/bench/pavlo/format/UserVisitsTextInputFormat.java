package org.hadoopopt.bench.pavlo.format;

import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.bench.pavlo.record.UserVisitsRecord;
import org.hadoopopt.inputformats.mapreduce.MutableTextInputFormat;
import org.hadoopopt.inputformats.record.Schema;

/** UserVisits text rows as reused {@link UserVisitsRecord}s. */
public class UserVisitsTextInputFormat extends MutableTextInputFormat<UserVisitsRecord> {
  @Override
  protected Schema schema() {
    return PavloSchema.USERVISITS_TABLE;
  }
}
