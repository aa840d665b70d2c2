package org.hadoopopt.bench.pavlo.format;

import org.hadoopopt.inputformats.mapreduce.KvsfInputFormat;
import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Schema;

/** Rankings rows from KeyValueSequenceFiles, as reused {@link RankingsRecord}s. */
public class RankingsKvsfInputFormat extends KvsfInputFormat<RankingsRecord> {
  @Override
  protected Schema schema() {
    return Schema.RANKINGS;
  }
}
