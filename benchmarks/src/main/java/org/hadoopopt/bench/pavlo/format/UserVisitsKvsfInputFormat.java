package org.hadoopopt.bench.pavlo.format;

import org.hadoopopt.inputformats.mapreduce.KvsfInputFormat;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;

/** UserVisits rows from KeyValueSequenceFiles, as reused {@link UserVisitsRecord}s. */
public class UserVisitsKvsfInputFormat extends KvsfInputFormat<UserVisitsRecord> {
  @Override
  protected Schema schema() {
    return Schema.USER_VISITS;
  }
}
