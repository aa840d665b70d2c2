package org.hadoopopt.inputformats.mapreduce;

import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Schema;

/**
 * {@link RangeIndexInputFormat} of loaded Rankings files (text or KVSF).
 * (A test fixture: the benchmark ships its own Pavlo formats; the plugin jar has only the generic ones.)
 */
public class RankingsRangeInputFormat extends RangeIndexInputFormat<RankingsRecord> {
  @Override
  protected Schema schema() {
    return Schema.RANKINGS;
  }
}
