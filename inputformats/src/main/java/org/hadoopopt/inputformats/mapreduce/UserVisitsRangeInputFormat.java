package org.hadoopopt.inputformats.mapreduce;

import org.hadoopopt.inputformats.record.UserVisitsRecord;
import org.hadoopopt.inputformats.record.Schema;

/** {@link RangeIndexInputFormat} of loaded UserVisits files (text or KVSF). */
public class UserVisitsRangeInputFormat extends RangeIndexInputFormat<UserVisitsRecord> {
  @Override
  protected Schema schema() {
    return Schema.USER_VISITS;
  }
}
