package org.hadoopopt.inputformats.btree;

import org.hadoopopt.inputformats.record.RankingsRecord;
import org.hadoopopt.inputformats.record.Schema;

/**
 * {@link BTreeInputFormat} of Rankings trees.
 * (A test fixture: the benchmark ships its own Pavlo formats; the plugin jar has only the generic ones.)
 */
public class RankingsBTreeInputFormat extends BTreeInputFormat<RankingsRecord> {
  @Override
  protected Schema schema() {
    return Schema.RANKINGS;
  }
}
