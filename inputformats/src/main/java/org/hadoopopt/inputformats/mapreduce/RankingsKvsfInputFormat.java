package org.hadoopopt.inputformats.mapreduce;

import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Schema;

/** Rankings rows from KeyValueSequenceFiles, as reused {@link RankingsRecord}s. */
public class RankingsKvsfInputFormat extends KvsfInputFormat<RankingsRecord> {
  @Override
  protected Schema schema() {
    return Schema.RANKINGS;
  }
}
