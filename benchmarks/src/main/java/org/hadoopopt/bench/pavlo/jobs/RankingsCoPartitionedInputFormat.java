package org.hadoopopt.bench.pavlo.jobs;

import org.hadoopopt.bench.pavlo.PavloSchema;
import org.hadoopopt.bench.pavlo.record.RankingsRecord;
import org.hadoopopt.inputformats.join.CoPartitionedInputFormat;
import org.hadoopopt.inputformats.record.Schema;

/** Loaded Rankings partition files streamed against the same-named UserVisits files. */
public class RankingsCoPartitionedInputFormat extends CoPartitionedInputFormat<RankingsRecord> {
  @Override
  protected Schema schema() {
    return PavloSchema.RANKINGS_TABLE;
  }
}
