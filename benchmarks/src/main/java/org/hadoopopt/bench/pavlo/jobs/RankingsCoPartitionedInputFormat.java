package org.hadoopopt.bench.pavlo.jobs;

import org.hadoopopt.inputformats.join.CoPartitionedInputFormat;
import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Schema;

/** Loaded Rankings partition files streamed against the same-named UserVisits files. */
public class RankingsCoPartitionedInputFormat extends CoPartitionedInputFormat<RankingsRecord> {
  @Override
  protected Schema schema() {
    return Schema.RANKINGS;
  }
}
