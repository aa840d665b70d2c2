package org.hadoopopt.inputformats.mapreduce;

import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Rankings text rows ({@code pageURL|pageRank|avgDuration}) as reused {@link RankingsRecord}s.
 * (A test fixture: the benchmark ships its own Pavlo formats; the plugin jar has only the generic ones.)
 */
public class RankingsTextInputFormat extends MutableTextInputFormat<RankingsRecord> {
  @Override
  protected Schema schema() {
    return Schema.RANKINGS;
  }
}
