package org.hadoopopt.inputformats.mapreduce;

import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;

/**
 * UserVisits rows from KeyValueSequenceFiles, as reused {@link UserVisitsRecord}s.
 * (A test fixture: the benchmark ships its own Pavlo formats; the plugin jar has only the generic ones.)
 */
public class UserVisitsKvsfInputFormat extends KvsfInputFormat<UserVisitsRecord> {
  @Override
  protected Schema schema() {
    return Schema.USER_VISITS;
  }
}
