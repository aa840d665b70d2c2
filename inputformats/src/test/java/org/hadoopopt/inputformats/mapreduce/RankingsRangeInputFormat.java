package org.hadoopopt.inputformats.mapreduce;

import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;
import org.hadoopopt.inputformats.record.TestSchemas;

/**
 * {@link RangeIndexInputFormat} of loaded Rankings files (text or KVSF).
 * (A test fixture: the benchmark ships its own Pavlo formats; the plugin jar has only the generic ones.)
 */
public class RankingsRangeInputFormat extends RangeIndexInputFormat<Row> {
  @Override
  protected Schema schema() {
    return TestSchemas.RANKINGS;
  }
}
