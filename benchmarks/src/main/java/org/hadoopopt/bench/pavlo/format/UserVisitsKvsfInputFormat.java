package org.hadoopopt.bench.pavlo.format;

import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.bench.pavlo.record.UserVisitsRecord;
import org.hadoopopt.inputformats.mapreduce.KvsfInputFormat;
import org.hadoopopt.inputformats.record.Schema;

/** UserVisits rows from KeyValueSequenceFiles, as reused {@link UserVisitsRecord}s. */
public class UserVisitsKvsfInputFormat extends KvsfInputFormat<UserVisitsRecord> {
  @Override
  protected Schema schema() {
    return PavloSchema.USERVISITS_TABLE;
  }
}
