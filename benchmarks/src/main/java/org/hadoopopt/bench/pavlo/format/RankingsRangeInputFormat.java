package org.hadoopopt.bench.pavlo.format;

import org.hadoopopt.inputformats.mapreduce.RangeIndexInputFormat;
import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Schema;

/** {@link RangeIndexInputFormat} of loaded Rankings files (text or KVSF). */
public class RankingsRangeInputFormat extends RangeIndexInputFormat<RankingsRecord> {
  @Override
  protected Schema schema() {
    return Schema.RANKINGS;
  }
}
