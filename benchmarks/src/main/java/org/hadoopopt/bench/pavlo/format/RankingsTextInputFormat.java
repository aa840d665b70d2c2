package org.hadoopopt.bench.pavlo.format;

import org.hadoopopt.inputformats.mapreduce.MutableTextInputFormat;
import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Schema;

/** Rankings text rows ({@code pageURL|pageRank|avgDuration}) as reused {@link RankingsRecord}s. */
public class RankingsTextInputFormat extends MutableTextInputFormat<RankingsRecord> {
  @Override
  protected Schema schema() {
    return Schema.RANKINGS;
  }
}
