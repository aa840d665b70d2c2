package org.hadoopopt.inputformats.mapreduce;

import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.UserVisitsRecord;

/**
 * UserVisits text rows as reused {@link UserVisitsRecord}s.
 * (A test fixture: the benchmark ships its own Pavlo formats; the plugin jar has only the generic ones.)
 */
public class UserVisitsTextInputFormat extends MutableTextInputFormat<UserVisitsRecord> {
  @Override
  protected Schema schema() {
    return Schema.USER_VISITS;
  }
}
