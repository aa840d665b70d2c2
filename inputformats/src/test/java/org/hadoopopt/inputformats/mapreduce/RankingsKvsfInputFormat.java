package org.hadoopopt.inputformats.mapreduce;

import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Rankings rows from KeyValueSequenceFiles, as reused {@link RankingsRecord}s.
 * (A test fixture: the benchmark ships its own Pavlo formats; the plugin jar has only the generic ones.)
 */
public class RankingsKvsfInputFormat extends KvsfInputFormat<RankingsRecord> {
  @Override
  protected Schema schema() {
    return Schema.RANKINGS;
  }
}
