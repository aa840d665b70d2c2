package org.hadoopopt.bench.pavlo.format;

import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.bench.pavlo.record.UserVisitsRecord;
import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.inputformats.record.Schema;

/** {@link RangeIndexInputFormat} of loaded UserVisits files (text or KVSF). */
public class UserVisitsRangeInputFormat extends RangeIndexInputFormat<UserVisitsRecord> {
  @Override
  protected Schema schema() {
    return PavloSchema.USERVISITS_TABLE;
  }
}
