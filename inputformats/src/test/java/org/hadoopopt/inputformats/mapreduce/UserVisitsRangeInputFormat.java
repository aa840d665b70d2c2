package org.hadoopopt.inputformats.mapreduce;

import org.hadoopopt.inputformats.record.UserVisitsRecord;
import org.hadoopopt.inputformats.record.Schema;

/**
 * {@link RangeIndexInputFormat} of loaded UserVisits files (text or KVSF).
 * (A test fixture: the benchmark ships its own Pavlo formats; the plugin jar has only the generic ones.)
 */
public class UserVisitsRangeInputFormat extends RangeIndexInputFormat<UserVisitsRecord> {
  @Override
  protected Schema schema() {
    return Schema.USER_VISITS;
  }
}
