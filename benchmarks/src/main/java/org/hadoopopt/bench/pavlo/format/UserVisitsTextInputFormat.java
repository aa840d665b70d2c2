package org.hadoopopt.bench.pavlo.format;

import org.hadoopopt.inputformats.mapreduce.MutableTextInputFormat;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;

/** UserVisits text rows as reused {@link UserVisitsRecord}s. */
public class UserVisitsTextInputFormat extends MutableTextInputFormat<UserVisitsRecord> {
  @Override
  protected Schema schema() {
    return Schema.USER_VISITS;
  }
}
