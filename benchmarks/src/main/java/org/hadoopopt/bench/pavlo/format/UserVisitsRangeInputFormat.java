package org.hadoopopt.bench.pavlo.format;

import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;

/** {@link RangeIndexInputFormat} of loaded UserVisits files (text or KVSF). */
public class UserVisitsRangeInputFormat extends RangeIndexInputFormat<UserVisitsRecord> {
  @Override
  protected Schema schema() {
    return Schema.USER_VISITS;
  }
}
